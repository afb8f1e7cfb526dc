// The formats of a pets file, which import reads and export writes: apart from the reader, so that export and
// the other `petstore pets` commands do not load csv-parse.
export type BulkFormat = 'csv' | 'ndjson';
export const bulkFormats: readonly BulkFormat[] = ['csv', 'ndjson'];

/** The columns of a pets file: what an export writes, and all that an import understands. */
export const petColumns = ['id', 'name', 'categoryId', 'status'] as const;

/** The format a file name says (`.csv`, `.ndjson`, `.jsonl`), or undefined. */
export function formatOfName(file: string): BulkFormat | undefined {
  if (/\.csv$/i.test(file)) return 'csv';
  if (/\.(ndjson|jsonl)$/i.test(file)) return 'ndjson';
  return undefined;
}
