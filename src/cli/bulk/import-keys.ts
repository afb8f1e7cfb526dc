// The Idempotency-Key of each imported row: the same file gives the same keys, so running an import again
// (after an interruption) replays the rows the service already created instead of creating them twice.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';

/** SHA-256 of the file's content, read as a stream. */
export async function contentHash(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** `import-<128 bits of the content hash>-<row>`: well within the 255 printable characters a key may have. */
export const rowKey = (fileHash: string, row: number): string => `import-${fileHash.slice(0, 32)}-${row}`;
