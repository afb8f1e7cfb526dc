// Reads an import file one row at a time (CSV with a header row, or NDJSON), never the whole file at once:
// each row comes with its line number, the bytes read so far, the pet it asks for or why it cannot be read,
// and the image files it names (`photoFiles`) for --photos-dir.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { parse } from 'csv-parse';
import { parse as parseText } from 'csv-parse/sync';
import type { BulkFormat } from './bulk-format.js';
import { bodyOfCells, petColumns } from './pet-columns.js';

export interface InputRow {
  /** Line of the file where the row is (the CSV header is line 1), the row's identity within the file. */
  row: number;
  /** Bytes of the file read up to this row, for progress. */
  bytes: number;
  /** The body to send, or why the row could not even be read. */
  pet: Record<string, unknown> | { unreadable: string };
  /** The row's `id`, which an export writes: the pet it was, matched against the pets that exist. */
  id?: number;
  /** The image files to upload once its pet is in, relative to --photos-dir, in order; none when absent. */
  photoFiles?: string[];
}

/** The column (CSV) or field (JSON Lines) that names a row's image files: import's own, no export writes it. */
export const photoFilesColumn = 'photoFiles';

/** The files of a CSV cell: separated by `|`, spaces around each dropped. */
const photoFilesOfCell = (cell: string | undefined): string[] =>
  (cell ?? '')
    .split('|')
    .map((name) => name.trim())
    .filter((name) => name !== '');

/**
 * The row's id from what the file holds, when it holds one; undefined otherwise. The service assigns the id
 * of a pet it creates: the id only tells whether the row's pet exists already (--on-existing).
 */
function idOf(value: unknown): { id?: number } | { unreadable: string } {
  if (value === undefined || value === null || value === '') return {};
  const id = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof id === 'number' && Number.isSafeInteger(id) && id >= 1) return { id };
  return { unreadable: `id must be a positive whole number, got ${JSON.stringify(value)}` };
}

/** The row as read: its pet, id and files, or why it cannot be read. */
function rowOf(
  row: number,
  bytes: number,
  pet: Record<string, unknown>,
  idValue: unknown,
  photoFiles: string[],
): InputRow {
  const id = idOf(idValue);
  if ('unreadable' in id) return { row, bytes, pet: id };
  return { row, bytes, pet, ...id, ...(photoFiles.length ? { photoFiles } : {}) };
}

/** A header row of `petColumns` and `photoFiles` only. */
function checkHeader(header: string[]): string[] {
  const known = [...petColumns.map((column) => column.name), photoFilesColumn];
  const unknown = header.filter((column) => !known.includes(column));
  if (unknown.length) {
    throw new Error(`unknown column ${unknown.join(', ')}: the header row may hold ${known.join(', ')}`);
  }
  const missing = ['name', 'categoryId'].filter((column) => !header.includes(column));
  if (missing.length) throw new Error(`the header row lacks ${missing.join(' and ')}`);
  return header;
}

async function* csvRows(file: string): AsyncGenerator<InputRow> {
  const skipped: InputRow[] = [];
  const parser = createReadStream(file).pipe(
    parse({
      bom: true,
      columns: checkHeader,
      info: true,
      skip_empty_lines: true,
      // A malformed record (an unclosed quote, too many cells) is reported and the rest go on.
      skip_records_with_error: true,
      on_skip: (error) => {
        const row = Number((error as { lines?: number } | undefined)?.lines ?? 0);
        skipped.push({ row, bytes: 0, pet: { unreadable: error?.message ?? 'unreadable CSV record' } });
        return undefined;
      },
    }),
  );
  for await (const { info, record } of parser as AsyncIterable<{
    info: { lines: number; bytes: number };
    record: Record<string, string>;
  }>) {
    yield* skipped.splice(0);
    yield rowOf(info.lines, info.bytes, bodyOfCells(record), record.id, photoFilesOfCell(record.photoFiles));
  }
  yield* skipped.splice(0);
}

async function* ndjsonRows(file: string): AsyncGenerator<InputRow> {
  let row = 0;
  let bytes = 0;
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    row++;
    bytes += Buffer.byteLength(line) + 1;
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      yield { row, bytes, pet: { unreadable: `not JSON: ${(error as Error).message}` } };
      continue;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      yield { row, bytes, pet: { unreadable: 'not a JSON object' } };
      continue;
    }
    const { id, [photoFilesColumn]: photoFiles = [], ...pet } = value as Record<string, unknown>;
    // As an export writes them: the service sets the times and the entity tag of a pet it creates or
    // changes, and its photos are added through their own calls (a URL is not an image to upload;
    // `photoFiles` names the images).
    delete pet.createdAt;
    delete pet.updatedAt;
    delete pet.etag;
    delete pet.photos;
    if (!Array.isArray(photoFiles) || !photoFiles.every((name) => typeof name === 'string')) {
      yield { row, bytes, pet: { unreadable: `${photoFilesColumn} must be an array of file names` } };
      continue;
    }
    yield rowOf(
      row,
      bytes,
      pet,
      id,
      photoFiles.filter((name) => name.trim() !== ''),
    );
  }
}

/** Whether a header row has a `photoFiles` cell; one that cannot be read is the import's to report. */
function headerNamesFiles(line: string): boolean {
  try {
    return (parseText(line, { bom: true }) as string[][])[0]?.includes(photoFilesColumn) ?? false;
  } catch {
    return false;
  }
}

/** Whether a line of JSON Lines has a `photoFiles` field; one that cannot be read is the import's to report. */
function lineNamesFiles(line: string): boolean {
  if (!line.includes(`"${photoFilesColumn}"`)) return false;
  try {
    const value = JSON.parse(line) as unknown;
    return typeof value === 'object' && value !== null && Object.hasOwn(value, photoFilesColumn);
  } catch {
    return false;
  }
}

/**
 * Whether `file` names image files to upload: its CSV header has a `photoFiles` column, or a line of JSON
 * Lines a `photoFiles` field (which takes a read of the file, done only when no --photos-dir is given, to
 * refuse the file before any row is sent rather than at the first such line).
 */
export async function namesPhotoFiles(file: string, format: BulkFormat): Promise<boolean> {
  const input = createReadStream(file);
  try {
    for await (const line of createInterface({ input, crlfDelay: Infinity })) {
      if (format === 'csv') return headerNamesFiles(line);
      if (lineNamesFiles(line)) return true;
    }
    return false;
  } finally {
    // A CSV is read no further than its header.
    input.destroy();
  }
}

/** The rows of `file`, in order. A CSV whose header names unknown columns fails before the first row. */
export const readRows = (file: string, format: BulkFormat): AsyncGenerator<InputRow> =>
  format === 'csv' ? csvRows(file) : ndjsonRows(file);
