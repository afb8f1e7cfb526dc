// Each row's figures across rounds: medians of speed and latency, totals of failures, the peak of memory.
import type { LoadResult } from './load/load-generator.js';

export interface RoundResult extends LoadResult {
  /** Peak resident memory of the server during the measured run, its child processes included, in bytes. */
  rssBytes: number | undefined;
  /** Peak resident memory of its child processes alone (the service's photo processes), in bytes. */
  childRssBytes?: number | undefined;
}

export interface RowSummary {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  rssBytes: number | undefined;
  childRssBytes?: number | undefined;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function summarize(rounds: RoundResult[]): RowSummary {
  const peak = (values: (number | undefined)[]) => {
    const known = values.filter((v): v is number => v !== undefined);
    return known.length ? Math.max(...known) : undefined;
  };
  const childRssBytes = peak(rounds.map((r) => r.childRssBytes));
  return {
    rps: median(rounds.map((r) => r.rps)),
    p50Ms: median(rounds.map((r) => r.p50Ms)),
    p99Ms: median(rounds.map((r) => r.p99Ms)),
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    rssBytes: peak(rounds.map((r) => r.rssBytes)),
    // Only rows that uploaded photos have child processes to count.
    ...(childRssBytes !== undefined && { childRssBytes }),
  };
}

/** A row whose rounds ran further apart than a steady machine lets them: its fastest over its slowest. */
export interface UnsteadyRow {
  name: string;
  spread: number;
}

/**
 * The fastest round of a steady row stays within a quarter of its slowest (4 rows of 28 in the steady run of
 * 26 November, 10:51; 19 and 22 in the disturbed ones of that afternoon and the next morning). Ratios of
 * medians taken from rows past it measure the machine as much as the service.
 */
export const steadySpread = 1.25;

/** The rows whose rounds' req/s spread past `limit`, the widest first. */
export function unsteadyRows(rounds: Map<string, RoundResult[]>, limit = steadySpread): UnsteadyRow[] {
  const unsteady: UnsteadyRow[] = [];
  for (const [name, results] of rounds) {
    const rps = results.map((r) => r.rps);
    const slowest = Math.min(...rps);
    const spread = slowest > 0 ? Math.max(...rps) / slowest : Infinity;
    if (spread > limit) unsteady.push({ name, spread });
  }
  return unsteady.sort((a, b) => b.spread - a.spread);
}
