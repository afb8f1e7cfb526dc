// Builds the SDK twice with tsc, as ES modules (dist/esm) and as CommonJS (dist/cjs), each with its types.
// dist/cjs/package.json marks that folder as CommonJS, so Node and TypeScript read both builds right.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const here = new URL('..', import.meta.url);
rmSync(new URL('dist', here), { recursive: true, force: true });
for (const project of ['tsconfig.esm.json', 'tsconfig.cjs.json'])
  execFileSync(process.execPath, [tsc, '-p', project], { cwd: here, stdio: 'inherit' });
mkdirSync(new URL('dist/cjs', here), { recursive: true });
writeFileSync(new URL('dist/cjs/package.json', here), '{ "type": "commonjs" }\n');
