// Listing cursors deep into a deployment, made as the service makes them: signed by its compiled codec with
// its own secret, or issued by the service itself as a client follows the pages of a listing.
import type { CursorCodec as CursorCodecType } from '../../src/domain/cursor.js';
import type { PetStatus } from '../../src/domain/pet.js';
import { startServer, type ServerSpec } from './server-process.js';

type CursorModule = { CursorCodec: typeof CursorCodecType };

/** The cursor that continues `status` listing after pet `afterId`. */
export async function cursorAfter(secret: string, afterId: number, status: PetStatus): Promise<string> {
  // The compiled module, so the cursor is exactly what the built service issues and accepts.
  const { CursorCodec } = (await import(
    new URL('../../dist/domain/cursor.js', import.meta.url).href
  )) as CursorModule;
  return new CursorCodec(secret).encode({ afterId, filter: status });
}

/**
 * The cursor `depth` pets into the listing at `path` (its first page's), from the `rel="next"` links that a
 * client following them on `server` gets: a sorted, filtered listing's cursor holds the sort key and a digest
 * of the filters, as only the service's own reading makes them. On a listing that ends sooner, the cursor of
 * its last page; `depth` tells how deep the cursor is.
 */
export async function cursorIssuedAt(
  server: ServerSpec,
  path: string,
  headers: Record<string, string>,
  depth: number,
): Promise<{ cursor: string; depth: number }> {
  const running = await startServer(server);
  try {
    let found = { cursor: '', depth: 0 };
    for (let read = 0; read < depth;) {
      const cursor = found.cursor && `&cursor=${found.cursor}`;
      const response = await fetch(`${running.url}${path}${cursor}`, { headers });
      const body = (await response.json()) as unknown[];
      if (response.status !== 200)
        throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
      read += body.length;
      const next = /<([^>]*)>; rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
      if (!next) break;
      found = { cursor: new URL(next, running.url).searchParams.get('cursor')!, depth: read };
    }
    if (!found.cursor) throw new Error(`${path} has no second page to start a deep one from`);
    return found;
  } finally {
    await running.stop();
  }
}
