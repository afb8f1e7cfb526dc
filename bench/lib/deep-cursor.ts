// A listing cursor deep into a deployment, made as the service makes it: its compiled codec and its own secret.
import type { CursorCodec as CursorCodecType } from '../../src/domain/cursor.js';
import type { PetStatus } from '../../src/domain/pet.js';

type CursorModule = { CursorCodec: typeof CursorCodecType };

/** The cursor that continues `status` listing after pet `afterId`. */
export async function cursorAfter(secret: string, afterId: number, status: PetStatus): Promise<string> {
  // The compiled module, so the cursor is exactly what the built service issues and accepts.
  const { CursorCodec } = (await import(
    new URL('../../dist/domain/cursor.js', import.meta.url).href
  )) as CursorModule;
  return new CursorCodec(secret).encode({ afterId, filter: status });
}
