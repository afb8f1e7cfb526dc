#!/usr/bin/env node
// Runs the compiled CLI; `npm install` compiles it (the `prepare` script).
import { existsSync, readFileSync } from 'node:fs';

// A Node.js older than `engines` would fail later and obscurely (a native module, a missing API): say so now.
const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const minimum = Number(/\d+/.exec(engines.node)?.[0]);
if (Number(process.versions.node.split('.')[0]) < minimum) {
  console.error(
    `petstore: needs Node.js ${minimum} or later (package.json engines); this is ${process.versions.node}.`,
  );
  process.exit(1);
}

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  console.error(
    'petstore: the service is not built yet. Run `npm install` (or `npm run build`) in its folder first.',
  );
  process.exit(1);
}
await import(entry.href);
