// The Idempotency-Key of each imported row: the same file gives the same keys, so running an import again
// (after an interruption) replays the rows the service already created instead of creating them twice.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

export interface FileFacts {
  /** SHA-256 of the file's content. */
  hash: string;
  /** Its lines, the last one counted with or without a line break: about its rows, for the estimate. */
  lines: number;
}

/** The file's hash and lines, from one read of it as a stream. */
export async function fileFacts(file: string): Promise<FileFacts> {
  const hash = createHash('sha256');
  let lines = 0;
  let last = 0x0a;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) lines++;
    last = chunk.at(-1) ?? last;
  }
  return { hash: hash.digest('hex'), lines: lines + (last === 0x0a ? 0 : 1) };
}

/**
 * `import-<128 bits of the content hash>-<row>` for a creation, `import-update-…` for a change: well within
 * the 255 printable characters a key may have. A key is its operation's: a row created in one run, whose id
 * the pet it became then takes, is changed under another key in the next (--on-existing update).
 */
export const rowKey = (fileHash: string, row: number, action: 'create' | 'update' = 'create'): string =>
  `import-${action === 'update' ? 'update-' : ''}${fileHash.slice(0, 32)}-${row}`;

/**
 * The key of a row's photo, its `index`th file (from 0): the row's key and the index, so that running the same
 * import again replays each upload (the service takes it as the same request: the same bytes, to the same pet)
 * instead of adding the photo twice.
 */
export const photoKey = (rowKey: string, index: number): string => `${rowKey}-photo-${index}`;
