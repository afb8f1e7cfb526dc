// The generated tables in docs/ match the code they are generated from.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { format } from 'prettier';
import { currentBlock, generatedBlocks } from '../../scripts/generated-docs.js';

for (const { file, name, content } of generatedBlocks()) {
  test(`${file} holds the current ${name} table (run \`npm run docs\` to refresh it)`, async () => {
    const inFile = currentBlock(readFileSync(file, 'utf8'), name);
    assert.ok(inFile !== undefined, `${file} has the markers of ${name}`);
    const normalise = async (markdown: string) => (await format(markdown, { parser: 'markdown' })).trim();
    assert.equal(await normalise(inFile), await normalise(content));
  });
}
