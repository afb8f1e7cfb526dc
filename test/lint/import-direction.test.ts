// The import-direction rules refuse a wrong import (on a fixture tree), and the CLI's key commands run
// without loading Fastify: only `serve` loads the server, lazily.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { loadConfig } from '../../src/config.js';
import { openStore } from '../../src/store/open-store.js';
import { fileURLToPath } from 'node:url';
import { cruise, type IConfiguration } from 'dependency-cruiser';

const fixture = fileURLToPath(new URL('../fixtures/import-direction', import.meta.url));
const cliEntry = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));

test('the import-direction rules refuse a domain module that imports HTTP, metrics that import HTTP, services that import the delivery worker, and a CLI that loads the server eagerly', async () => {
  const rules = new URL('../../.dependency-cruiser.mjs', import.meta.url).href;
  const { options = {}, ...ruleSet } = ((await import(rules)) as { default: IConfiguration }).default;
  const result = await cruise(['src'], {
    baseDir: fixture,
    ruleSet,
    validate: true,
    doNotFollow: options.doNotFollow,
    tsPreCompilationDeps: true,
  });
  const output = result.output as { summary: { violations: { rule: { name: string }; from: string }[] } };
  const violations = output.summary.violations.map((v) => `${v.rule.name}: ${v.from}`);
  assert.ok(violations.includes('domain-is-pure: src/domain/rule.ts'), violations.join('\n'));
  assert.ok(violations.includes('cli-serves-lazily: src/cli/main.ts'), violations.join('\n'));
  assert.ok(violations.includes('imports-of-metrics: src/metrics/counter.ts'), violations.join('\n'));
  assert.ok(violations.includes('imports-of-services: src/services/use-case.ts'), violations.join('\n'));
});

const dir = mkdtempSync(join(tmpdir(), 'petstore-cli-loads-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('`petstore keys list` loads no Fastify, swagger or helmet', async () => {
  // Only migrate and serve create a deployment: make one to list the keys of.
  await openStore({ ...loadConfig({}, { dataDir: dir }), migrate: true }).then((store) => store.close());
  // Prints, as the process exits, every loaded package of the HTTP server.
  const probe = join(dir, 'probe.mjs');
  writeFileSync(
    probe,
    `import { createRequire } from 'node:module';
const cache = createRequire(import.meta.url).cache;
process.on('exit', () => {
  const loaded = Object.keys(cache).filter((f) => /node_modules\\/(fastify|@fastify|helmet)\\//.test(f));
  process.stderr.write('http-packages:' + loaded.length + '\\n');
});\n`,
  );
  const { code, stderr } = await new Promise<{ code: number; stderr: string }>((resolve) =>
    execFile(
      process.execPath,
      ['--import', 'tsx', '--import', probe, cliEntry, 'keys', 'list', '--data-dir', dir],
      // NODE_OPTIONS carries the condition that runs the SDK from its sources (scripts/run-tests.js).
      { env: { PATH: process.env.PATH ?? '', NODE_OPTIONS: process.env.NODE_OPTIONS ?? '' } },
      (error, _stdout, stderr) => resolve({ code: error ? 1 : 0, stderr }),
    ),
  );
  assert.equal(code, 0, stderr);
  assert.match(stderr, /http-packages:0\n/);
});
