// A signed-in console session on a benchmark deployment, made before its server starts: an account from
// `petstore staff create`, its one-time link used through the staff service as the welcome page uses it.
// The console's rows send its cookie, as a browser would.
import { loadConfig } from '../../src/config.js';
import { createStaff } from '../../src/services/staff/index.js';
import { sessionCookie } from '../../src/web/console/session-cookie.js';
import { openStore } from '../../src/store/open-store.js';
import type { Deployment } from './deployments.js';
import { runPetstore } from './petstore-cli.js';

/** The cookie header of a session of a new staff account on the SQLite deployment `deployment`. */
export async function consoleCookie(deployment: Deployment): Promise<string> {
  const dataDir = deployment.storeArgs[deployment.storeArgs.indexOf('--data-dir') + 1]!;
  const email = `bench.${process.pid}.${Date.now().toString(36)}@example.org`;
  const created = runPetstore([
    'staff',
    'create',
    '--email',
    email,
    '--name',
    'Benchmark',
    '--role',
    'staff',
    '--json',
    ...deployment.storeArgs,
  ]);
  const token = new URL((JSON.parse(created) as { link: string }).link).searchParams.get('token')!;
  const config = loadConfig({}, { dataDir });
  const store = await openStore(config);
  try {
    const staff = await createStaff(store, config, Date.now);
    const outcome = await staff.sessions.setPassword(token, 'benchmark session password');
    if (outcome.outcome !== 'signed-in')
      throw new Error(`the benchmark account could not sign in: ${outcome.outcome}`);
    return `${sessionCookie}=${outcome.sessionId}`;
  } finally {
    await store.close();
  }
}
