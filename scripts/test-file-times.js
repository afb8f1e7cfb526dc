// A node:test reporter that prints, once every file has run, the ten files that took longest (the sum of their
// top-level tests) and the sum over every file, so that a suite that drifts towards CI's time limit shows where
// the time went. PETSTORE_TEST_TIMES=all lists every file.
export default async function* fileTimes(source) {
  const byFile = new Map();
  for await (const event of source) {
    if ((event.type !== 'test:pass' && event.type !== 'test:fail') || event.data.nesting !== 0) continue;
    const file = event.data.file ?? '(unknown)';
    byFile.set(file, (byFile.get(file) ?? 0) + (event.data.details?.duration_ms ?? 0));
  }
  const all = process.env.PETSTORE_TEST_TIMES === 'all';
  const slowest = [...byFile].sort((a, b) => b[1] - a[1]).slice(0, all ? undefined : 10);
  const total = [...byFile.values()].reduce((sum, ms) => sum + ms, 0);
  yield `\n${all ? 'Test files' : 'Slowest test files'} (sum of their top-level tests):\n`;
  for (const [file, ms] of slowest) {
    yield `  ${(ms / 1000).toFixed(1).padStart(7)} s  ${file.replace(`${process.cwd()}/`, '')}\n`;
  }
  yield `  ${(total / 1000).toFixed(1).padStart(7)} s  in all, over ${byFile.size} files\n`;
}
