// The photo of the photo-download rows: the run's JPEG uploaded once through the service, so that the row
// asks for a medium size the service made, and its baseline serves the very bytes the service answered.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Deployment } from './deployments.js';
import { startServer, type ServerSpec } from './server-process.js';

export interface MediumPhoto {
  /** Path of its medium size on the service. */
  path: string;
  /** The folder holding the same bytes as `medium.webp`, for the static-file baseline. */
  folder: string;
}

/** Uploads `jpeg` to the deployment's pet `petId` and keeps its medium size. */
export async function uploadMediumPhoto(
  server: ServerSpec,
  deployment: Deployment,
  petId: number,
  jpeg: string,
  dir: string,
): Promise<MediumPhoto> {
  const running = await startServer(server);
  try {
    const headers = { authorization: `Bearer ${deployment.key}`, 'content-type': 'image/jpeg' };
    const body = readFileSync(jpeg);
    const uploaded = await fetch(`${running.url}/v1/pets/${petId}/photos`, {
      method: 'POST',
      headers,
      body,
    });
    if (uploaded.status !== 201)
      throw new Error(`the upload answered ${uploaded.status}: ${await uploaded.text()}`);
    const { id } = (await uploaded.json()) as { id: string };
    const path = `/v1/photos/${id}/medium`;
    const medium = await fetch(running.url + path);
    if (medium.status !== 200) throw new Error(`GET ${path} answered ${medium.status}`);
    const folder = join(dir, 'medium-photo');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'medium.webp'), Buffer.from(await medium.arrayBuffer()));
    return { path, folder };
  } finally {
    await running.stop();
  }
}
