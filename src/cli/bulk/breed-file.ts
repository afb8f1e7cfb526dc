// The breeds a file names, for `petstore breeds import`: one name a line, or, in a `.csv` file, the first
// column of each record, under an optional header row (`name` or `breed`). Read whole: a breed list is short.
import { readFile } from 'node:fs/promises';
import { parse, type InfoRecord } from 'csv-parse/sync';

export interface BreedLine {
  /** Line of the file where the name is, for the report of a refused one. */
  line: number;
  name: string;
}

const headerNames = ['name', 'breed'];

/** The names of `file`, trimmed, blank ones left out, each with its line. */
export async function readBreedFile(file: string): Promise<BreedLine[]> {
  const text = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
  if (!file.toLowerCase().endsWith('.csv')) {
    return text
      .split(/\r?\n/)
      .map((name, i) => ({ line: i + 1, name: name.trim() }))
      .filter(({ name }) => name !== '');
  }
  // With `info`, each record comes with where it was read; csv-parse's types know only plain rows.
  const records = parse(text, {
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
  }) as unknown as Array<{ record: string[]; info: InfoRecord }>;
  const names = records
    .map(({ record, info }) => ({ line: info.lines, name: (record[0] ?? '').trim() }))
    .filter(({ name }) => name !== '');
  return headerNames.includes(names[0]?.name.toLowerCase() ?? '') ? names.slice(1) : names;
}
