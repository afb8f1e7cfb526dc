#!/usr/bin/env node
// Runs the compiled CLI; `npm install` compiles it (the `prepare` script).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  console.error(
    'petstore: the service is not built yet. Run `npm install` (or `npm run build`) in its folder first.',
  );
  process.exit(1);
}
await import(entry.href);
