// A bulk run allocates fast and keeps little alive: the rows in flight, a page. V8 sizes its heap by how fast
// a program allocates, not by what it keeps, so the CLI's heap grew with the speed of the run: 165 MB during
// an import of 100,000 rows, of which about 20 MB were alive after each full collection. Collecting sooner
// keeps it to about 85 MB (docs/benchmarks.md, "The bulk rows").
import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/**
 * The young generation grows to this and no further. At its first size (2 MB) with 50 rows in flight, what a
 * request holds outlived the young collections, every 3 ms, into the old generation, and collecting cost a
 * third of the CLI's CPU; at 8 MB an import of 100,000 rows took 25% less CPU for 3 MB more memory. At 32 MB,
 * where V8 takes it, the CLI passed 100 MB.
 */
const youngGenerationBytes = 8 * 1024 * 1024;

/** Called before a bulk run starts: these heuristics are read as the heap grows, not only at start. */
export function keepHeapSmall(): void {
  // The old generation may grow to 1.2 × what the last full collection kept, not up to 4 ×.
  setFlagsFromString('--heap-growing-percent=20');
  // The young generation doubles when V8 sees fit, until it reaches its size, then stays there: its maximum
  // can only be set as node starts, which a command started as `petstore` does not control.
  setFlagsFromString('--semi-space-growth-factor=2');
  const afterEachCollection = new PerformanceObserver(() => {
    const young = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
    if (young && young.space_size >= youngGenerationBytes) {
      setFlagsFromString('--semi-space-growth-factor=1');
      afterEachCollection.disconnect();
    }
  });
  afterEachCollection.observe({ entryTypes: ['gc'] });
}
