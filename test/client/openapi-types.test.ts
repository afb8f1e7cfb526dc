// The SDK's generated types: they match the served OpenAPI document, they refuse wrong calls, and the package
// exports the SDK as `@petstore/client`.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import ts from 'typescript';
import { clientTypesFile, renderClientTypes, servedDocument } from '../../scripts/client-types.js';

test('the committed packages/client/src/openapi-types.ts matches the served document (else: npm run generate:client)', async () => {
  const committed = readFileSync(clientTypesFile, 'utf8');
  assert.equal(await renderClientTypes(await servedDocument()), committed);
});

const snippets: Array<[string, string, RegExp | undefined]> = [
  ['a correct call', `void client.createPet({ name: 'Rex', categoryId: 1, status: 'sold' });`, undefined],
  [
    'a categoryId given as a string',
    `void client.createPet({ name: 'Rex', categoryId: '1' });`,
    /Type 'string' is not assignable to type 'number'/,
  ],
  ['an unknown status', `void client.listPets({ status: 'lost' });`, /"lost"' is not assignable/],
  ['a missing name', `void client.createPet({ categoryId: 1 });`, /Property 'name' is missing/],
];

/** Type-checks each snippet as a user's file of its own, in one program; returns each one's error messages. */
function typeErrorsOf(sources: string[]): string[][] {
  const files = sources.map((_, i) =>
    fileURLToPath(new URL(`./type-check-snippet-${i}.ts`, import.meta.url)),
  );
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    customConditions: ['petstore-source'],
  };
  const host = ts.createCompilerHost(options);
  const sourceOf = (i: number) =>
    `import { PetstoreClient } from '@petstore/client';\n` +
    `const client = new PetstoreClient({ baseUrl: 'http://127.0.0.1/v1', apiKey: 'k' });\n${sources[i]}\n`;
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, ...rest) =>
    files.includes(name)
      ? ts.createSourceFile(name, sourceOf(files.indexOf(name)), version)
      : getSourceFile(name, version, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => files.includes(name) || fileExists(name);
  const diagnostics = ts.getPreEmitDiagnostics(ts.createProgram(files, options, host));
  return files.map((file) =>
    diagnostics
      .filter((d) => d.file?.fileName === file)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
  );
}

test('types: wrong calls fail type-checking, a correct one passes', () => {
  const errors = typeErrorsOf(snippets.map(([, snippet]) => snippet));
  snippets.forEach(([what, , expected], i) => {
    const found = errors[i]!;
    if (expected)
      assert.ok(
        found.some((e) => expected.test(e)),
        `${what}: ${found.join('; ') || 'no type error'}`,
      );
    else assert.deepEqual(found, [], what);
  });
});

test("the workspace links the SDK as @petstore/client (its source, under the tests' condition)", () => {
  const resolved = import.meta.resolve('@petstore/client');
  assert.ok(resolved.endsWith('/packages/client/src/index.ts'), resolved);
});
