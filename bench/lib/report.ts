// The run's figures as Markdown tables, ready to paste into docs/benchmarks.md.
import type { GoalResult } from '../goals.js';
import type { SearchIndexSize } from './fixtures.js';
import type { RowSummary } from './medians.js';

export interface ReportRow {
  name: string;
  label: string;
  summary: RowSummary | undefined;
  skipped?: string;
}

const references = ['fastify-static', 'express', 'json-server'] as const;

const fixed = (value: number, digits: number) => value.toFixed(digits);
const ratioText = (value: number) =>
  value >= 10 ? fixed(value, 0) : value >= 1 ? fixed(value, 1) : fixed(value, 2);

export function markdownTable(header: string[], lines: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [format(header), format(widths.map((w) => '-'.repeat(w))), ...lines.map(format)].join('\n');
}

/** The peak RSS in MB, and in brackets the part of it that the server's child processes held, if any. */
function rssText({ rssBytes, childRssBytes }: RowSummary): string {
  if (rssBytes === undefined) return '-';
  const mb = (bytes: number) => fixed(bytes / 1024 / 1024, 0);
  return childRssBytes ? `${mb(rssBytes)} (${mb(childRssBytes)} children)` : mb(rssBytes);
}

export function rowsTable(rows: ReportRow[]): string {
  const byName = new Map(rows.map((row) => [row.name, row.summary]));
  const header = ['row', 'what', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'RSS MB'];
  header.push(...references.map((name) => `× ${name}`));
  const lines = rows.map(({ name, label, summary, skipped }) => {
    if (!summary)
      return [name, label, `skipped: ${skipped ?? 'not run'}`, ...Array(header.length - 3).fill('')];
    const ratios = references.map((ref) => {
      const other = byName.get(ref);
      return other && other.rps > 0 ? ratioText(summary.rps / other.rps) : '-';
    });
    return [
      name,
      label,
      fixed(summary.rps, 0),
      fixed(summary.p50Ms, 2),
      fixed(summary.p99Ms, 2),
      String(summary.non2xx),
      String(summary.errors),
      rssText(summary),
      ...ratios,
    ];
  });
  return markdownTable(header, lines);
}

export function goalsTable(goals: GoalResult[]): string {
  const lines = goals.map(({ what, target, measured, met }) => [
    what,
    target,
    measured === undefined
      ? '-'
      : target.endsWith('MB')
        ? `${fixed(measured, 0)} MB`
        : `${fixed(measured, 2)} ×`,
    met === undefined ? (measured === undefined ? 'not run' : 'reported') : met ? 'met' : 'MISSED',
  ]);
  return markdownTable(['target', 'goal', 'measured', 'result'], lines);
}

const megabytes = (bytes: number) => `${fixed(bytes / 1024 / 1024, 1)} MB`;

export function searchIndexTable(sizes: SearchIndexSize[]): string {
  const lines = sizes.map((size) => [
    size.deployment,
    size.pets.toLocaleString('en'),
    `${fixed(size.seedSeconds, 1)} s`,
    megabytes(size.bytes),
    megabytes(size.bytesPerMillionPets),
  ]);
  const header = ['deployment', 'pets', 'seeded in', 'search index (words, tags)', 'per 1,000,000 pets'];
  return markdownTable(header, lines);
}
