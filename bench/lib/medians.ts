// Each row's figures across rounds: medians of speed and latency, totals of failures, the peak of memory.
import type { LoadResult } from './load/load-generator.js';

export interface RoundResult extends LoadResult {
  /** Peak resident memory of the server during the measured run, in bytes. */
  rssBytes: number | undefined;
}

export interface RowSummary {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  rssBytes: number | undefined;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function summarize(rounds: RoundResult[]): RowSummary {
  const rss = rounds.map((r) => r.rssBytes).filter((v): v is number => v !== undefined);
  return {
    rps: median(rounds.map((r) => r.rps)),
    p50Ms: median(rounds.map((r) => r.p50Ms)),
    p99Ms: median(rounds.map((r) => r.p99Ms)),
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    rssBytes: rss.length ? Math.max(...rss) : undefined,
  };
}
