// `npm run lint:openapi`: lints the OpenAPI document the service serves (built by buildApp, offline) with
// Spectral and the OWASP API Security ruleset, as .spectral.yaml configures it. (knip.json names both
// packages: it sees neither the binary run here nor the ruleset the YAML file extends.)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { servedDocument } from './client-types.js';

const dir = mkdtempSync(join(tmpdir(), 'petstore-spectral-'));
try {
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(await servedDocument(), null, 2));
  const spectral = new URL('../node_modules/.bin/spectral', import.meta.url).pathname;
  const args = ['lint', '--ruleset', '.spectral.yaml', '--fail-severity', 'warn', file];
  const { status } = spawnSync(spectral, args, { stdio: 'inherit' });
  process.exitCode = status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
