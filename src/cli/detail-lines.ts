// One record as a command prints it in text: a line a field, its label then its value, `-` where nothing is
// known, and a value's own lines indented under it.

export type Field = [label: string, value: string];

/** A value as text: `-` for none, `yes` or `no` for a boolean. */
export const shown = (value: string | number | boolean | null | undefined): string =>
  value === null || value === undefined
    ? '-'
    : typeof value === 'boolean'
      ? value
        ? 'yes'
        : 'no'
      : String(value);

/** The fields, one a line, their values aligned after the longest label. */
export function detailLines(fields: Field[]): string {
  const width = Math.max(...fields.map(([label]) => label.length)) + 2;
  return fields
    .map(([label, value]) => `${label.padEnd(width)}${value.replace(/\n/g, `\n${' '.repeat(width)}`)}`)
    .join('\n');
}
