// The TypeScript of docs/client.md compiles strictly against the SDK and runs against a live service, each
// block in turn, so that an example names only fields that exist and a loop written from it pages to the end.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { backends } from '../helpers/backends.js';
import { newPet } from '../helpers/http-calls.js';
import { codeBlocks, readPage, root } from '../helpers/markdown.js';
import { startSdkServer, type SdkServer } from '../helpers/sdk-server.js';

const run = promisify(execFile);
const page = 'docs/client.md';
/** The host the page's examples name, where the test's server stands in. */
const exampleBase = "'https://api.example.com/v1'";

/**
 * What the examples leave to the reader, each the least that keeps its promise: a client on the service,
 * a copy to keep, a cursor to store, a way to show an animal.
 */
const prelude = `
const client = new PetstoreClient({ baseUrl: process.env.PETSTORE_URL!, apiKey: process.env.PETSTORE_API_KEY! });
const copies = new Map<number, Pet>();
const saveCopy = async (pet: Pet) => void copies.set(pet.id, pet);
let stored: string | undefined;
const loadCursor = async () => stored;
const storeCursor = async (cursor: string | undefined) => void (stored = cursor);
let savedCursor: string | undefined;
const show = (pet: Pet) => console.log('shown', pet.id);
`;

/** One module of every ts block: their imports merged at the top, then each block in a scope of its own. */
function moduleOf(blocks: Array<{ code: string; line: number }>): string {
  const imports = new Map<string, Set<string>>([
    ['@petstore/client', new Set(['PetstoreClient', 'type Pet'])],
  ]);
  const bodies = blocks.map(({ code, line }) => {
    const body = code.replace(/^import \{([^}]+)\} from '([^']+)';\n/gm, (_, names: string, from: string) => {
      const set = imports.get(from) ?? new Set<string>();
      for (const name of names.split(',')) set.add(name.trim());
      imports.set(from, set);
      return '';
    });
    return `console.log('--- ${page}:${line}');\n{\n${body.replaceAll(exampleBase, 'process.env.PETSTORE_URL!')}\n}`;
  });
  const head = [...imports].map(([from, names]) => {
    const plain = [...names].filter((n) => !n.startsWith('type ') && names.has(`type ${n}`) === false);
    const types = [...names].filter((n) => n.startsWith('type ') && !names.has(n.slice(5)));
    return `import { ${[...plain, ...types].join(', ')} } from '${from}';`;
  });
  return [...head, prelude, ...bodies, 'export {};'].join('\n');
}

let server: SdkServer;
const work = mkdtempSync(join(root, '.petstore-test-client-docs-'));
const file = join(work, 'examples.mts');

before(async () => {
  server = await startSdkServer(backends[0]!);
  // The examples edit pets 42 and 43 and page through more than two pages of available ones.
  for (let i = 1; i <= 45; i++) await newPet(server, { name: `Pet ${i}` });
  copyFileSync(join(root, 'examples/photos/biscuit-1.jpg'), join(work, 'biscuit.jpg'));
  const blocks = codeBlocks(readPage(page)).filter((block) => block.lang === 'ts');
  assert.ok(blocks.length >= 5, `${page} has its examples`);
  writeFileSync(file, moduleOf(blocks));
  writeFileSync(
    join(work, 'tsconfig.json'),
    JSON.stringify({
      extends: '../tsconfig.json',
      compilerOptions: { noEmit: true, rootDir: '.' },
      files: ['examples.mts'],
      include: [],
    }),
  );
});

after(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

test(`the TypeScript of ${page} compiles strictly against the SDK`, async () => {
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  const result = await run(process.execPath, [tsc, '-p', work]).catch((error: { stdout: string }) => error);
  assert.equal(result.stdout.trim(), '', `tsc found errors in the examples (${file}):\n${result.stdout}`);
});

test(`the TypeScript of ${page} runs against the service, and its page loop reaches the last page`, async () => {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', file], {
    cwd: work,
    env: { ...process.env, PETSTORE_URL: server.baseUrl, PETSTORE_API_KEY: server.key },
  });
  const loop = /(\d+) available animals in (\d+) pages/.exec(stdout);
  assert.ok(loop, `the page loop printed its count:\n${stdout}`);
  assert.ok(Number(loop[1]) >= 45 && Number(loop[2]) >= 3, loop[0]);
});
