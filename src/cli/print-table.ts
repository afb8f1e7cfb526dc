// Plain aligned text tables for terminal output.

export function printTable(rows: Array<Record<string, string | number>>): void {
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
