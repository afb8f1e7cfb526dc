// The report of an import: one NDJSON line per row the service refused or that could not be read, with its
// line number, the Error body and the row as read; for a photo the service refused, also the pet it was for
// and the file. Created on the first such row only.
import { createWriteStream, rmSync, type WriteStream } from 'node:fs';
import { once } from 'node:events';

export interface RejectedRow {
  row: number;
  error: { code: string; message: string; status: number; requestId?: string };
  input: unknown;
  /** The pet the row created or changed, when what was refused is one of its photos. */
  petId?: number;
  /** The file of that photo, as the row names it; the row's later files were not sent. */
  photoFile?: string;
}

export interface ImportReport {
  add(rejected: RejectedRow): Promise<void>;
  close(): Promise<void>;
}

/** Opens the report at `path`; a report left there by an earlier run of the import is removed first. */
export function importReport(path: string): ImportReport {
  rmSync(path, { force: true });
  let out: WriteStream | undefined;
  return {
    async add(rejected) {
      out ??= createWriteStream(path);
      if (!out.write(`${JSON.stringify(rejected)}\n`)) await once(out, 'drain');
    },
    async close() {
      if (!out) return;
      out.end();
      await once(out, 'finish');
    },
  };
}

/** Where the report goes by default: beside the input, `pets.csv` → `pets.csv.report.ndjson`. */
export const defaultReportPath = (input: string): string => `${input}.report.ndjson`;
