// A bulk run allocates fast and keeps little alive: the rows in flight, a page. V8 sizes its heap by how fast
// a program allocates, not by what it keeps, so the CLI's heap grew with the speed of the run: 165 MB during
// an import of 100,000 rows, of which about 20 MB were alive after each full collection. Collecting sooner
// keeps it to about 80 MB for the same CPU within this machine's noise (docs/benchmarks.md, "The bulk rows").
import { setFlagsFromString } from 'node:v8';

/** Called before a bulk run starts: these two heuristics are read as the heap grows, not only at start. */
export function keepHeapSmall(): void {
  // The old generation may grow to 1.2 × what the last full collection kept, not up to 4 ×.
  setFlagsFromString('--heap-growing-percent=20');
  // Each semi-space of the young generation stays at its first size instead of doubling up to 16 MB (the
  // young generation holds about three of them).
  setFlagsFromString('--semi-space-growth-factor=1');
}
