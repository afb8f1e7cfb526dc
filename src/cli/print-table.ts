// Plain aligned text tables for terminal output, and the choice between text and JSON.

export type Row = Record<string, string | number>;

export function printTable(rows: Row[]): void {
  if (rows.length === 0) {
    console.log('(none)');
    return;
  }
  const columns = Object.keys(rows[0]!);
  const width = (c: string) => Math.max(c.length, ...rows.map((r) => String(r[c]).length));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(width(columns[i]!)))
      .join('  ')
      .trimEnd();
  console.log(line(columns.map((c) => c.toUpperCase())));
  for (const row of rows) console.log(line(columns.map((c) => String(row[c]))));
}

/**
 * Prints a listing or one record: with `json` as given (an array, or one object, so that `jq .id` works on
 * one), else as a table of `rowOf` each.
 */
export function printFound<T extends object>(found: T[] | T, rowOf: (item: T) => Row, json?: boolean): void {
  if (json) console.log(JSON.stringify(found));
  else printTable((Array.isArray(found) ? found : [found]).map(rowOf));
}

/** Prints the outcome of a change: `value` as JSON with `json`, else the sentence `text` makes of it. */
export function printOutcome<T>(value: T, text: (value: T) => string, json?: boolean): void {
  console.log(json ? JSON.stringify(value) : text(value));
}
