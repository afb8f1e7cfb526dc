// The formats of a pets file, which import reads and export writes: apart from the reader, so that export and
// the other `petstore pets` commands do not load csv-parse.
import { usageError } from '../cli-error.js';

export type BulkFormat = 'csv' | 'ndjson';

/** What --format takes: `json` and `jsonl` name JSON Lines too, as NDJSON is also called. */
export const formatNames = ['csv', 'ndjson', 'jsonl', 'json'] as const;
export type FormatName = (typeof formatNames)[number];
const formatOfFlag: Record<FormatName, BulkFormat> = {
  csv: 'csv',
  ndjson: 'ndjson',
  jsonl: 'ndjson',
  json: 'ndjson',
};

/** What an import does with a row whose `id` names a pet that exists: skip it, stop there, or change the pet. */
export const onExistingChoices = ['skip', 'fail', 'update'] as const;
export type OnExisting = (typeof onExistingChoices)[number];

/** The format a file name says (`.csv`; `.ndjson`, `.jsonl`, `.json`), or undefined. */
function formatOfName(file: string): BulkFormat | undefined {
  if (/\.csv$/i.test(file)) return 'csv';
  if (/\.(ndjson|jsonl|json)$/i.test(file)) return 'ndjson';
  return undefined;
}

const described: Record<BulkFormat, string> = { csv: 'CSV', ndjson: 'JSON Lines' };

/**
 * The format of `file`: the one --format names, else the one its name says. A name that says another
 * format than --format, or a name that says none without --format, is refused rather than guessed.
 */
export function formatOf(file: string, flag: FormatName | undefined): BulkFormat {
  const named = formatOfName(file);
  const chosen = flag && formatOfFlag[flag];
  if (chosen && named && chosen !== named)
    throw usageError(
      `--format ${flag} writes ${described[chosen]}, but the name ${file} says ${described[named]}: ` +
        'give the file a name that fits, or leave --format out',
    );
  const format = chosen ?? named;
  if (!format)
    throw usageError(
      `cannot tell the format of ${file} from its name: name it .csv, .ndjson, .jsonl or .json, or pass ` +
        '--format csv|ndjson',
    );
  return format;
}

/** The format of an export to stdout: --format's, else CSV. */
export const formatOfStream = (flag: FormatName | undefined): BulkFormat =>
  flag ? formatOfFlag[flag] : 'csv';
