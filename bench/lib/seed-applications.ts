// The applications of the application listing rows, submitted through the service's own API: an application
// row holds what only a submission makes (its random id, the words `q` matches, the details as stored, its
// event), so the seed writes none of it itself.
import { applicationOf } from './application-rows.js';
import type { Deployment } from './deployments.js';
import { startServer, type ServerSpec } from './server-process.js';

/** Enough for the listing's first page and many more behind it. */
const seededApplications = 500;

/** Submissions in flight at once: a few, so that the service commits them in groups as it would under load. */
const inFlight = 10;

/**
 * Submits the applications through `server`, each by an applicant of its own, for the deployment's pets in
 * turn (any status may be applied for).
 */
export async function seedApplications(server: ServerSpec, deployment: Deployment): Promise<void> {
  const running = await startServer(server);
  try {
    const headers = { authorization: `Bearer ${deployment.key}`, 'content-type': 'application/json' };
    const submit = async (n: number) => {
      const body = JSON.stringify(applicationOf(`seeded-${n}@example.org`, 1 + (n % deployment.pets)));
      const res = await fetch(`${running.url}/v1/applications`, { method: 'POST', headers, body });
      if (res.status !== 201)
        throw new Error(`a seeded application answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    };
    for (let from = 0; from < seededApplications; from += inFlight) {
      const length = Math.min(inFlight, seededApplications - from);
      const batch = Array.from({ length }, (_, i) => from + i);
      await Promise.all(batch.map(submit));
    }
  } finally {
    await running.stop();
  }
}
