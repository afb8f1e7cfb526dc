// One way to run the command from a clone, the alias of docs/cli.md, and every `petstore` line of the README
// and docs/ written for it: no `npx petstore` (33 s on its first call, 4 s after), no `npm run`, no path to
// bin/petstore.js but the alias's own; and one PETSTORE_URL.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Command } from 'commander';
import { withClientOptions } from '../../src/cli/client-options.js';
import { codeBlocks, docPages, readPage } from '../helpers/markdown.js';

/** The documented alias: the one line of the `cli-alias` block of docs/cli.md. */
const documentedAlias = (() => {
  const block = codeBlocks(readPage('docs/cli.md')).find((b) => b.marker === 'cli-alias');
  assert.ok(block, 'docs/cli.md has a cli-alias block');
  assert.match(block.code, /^alias petstore="node \$PWD\/bin\/petstore\.js"$/);
  return block.code;
})();

/**
 * Another way of starting the command than the alias (or an installed `petstore`). What the alias runs, node
 * and the absolute path of bin/petstore.js, is the same way, for where no alias applies (a systemd unit).
 */
const otherWay =
  /\bnpx\s+petstore\b|\bnpm\s+(run|exec|x)\s+petstore\b|\bnpm\s+link\b|\bnode\s+(\.\/)?bin\/petstore\.js|(^|\s)\.\/bin\/petstore\.js/;

/** A shell line without its trailing comment. */
const command = (text: string) => text.replace(/\s+#.*$/, '').trim();

const shellLines = (page: string) =>
  codeBlocks(readPage(page))
    .filter((block) => ['sh', 'bash', 'shell', ''].includes(block.lang))
    .flatMap((block) => block.code.split('\n').map((text, i) => ({ text, line: block.line + 1 + i })));

/** Whether a shell line runs `petstore` (after any VAR=value assignments). */
const runsPetstore = (text: string) => /(^|[;&|(]\s*)(\w+=\S*\s+)*petstore\s/.test(command(text));

test('every command line of the README and docs/ runs petstore through the documented alias', () => {
  const wrong = docPages().flatMap((page) =>
    shellLines(page)
      .filter(({ text }) =>
        command(text).startsWith('alias petstore=')
          ? command(text) !== documentedAlias
          : otherWay.test(command(text)),
      )
      .map(({ text, line }) => `${page}:${line}: ${text.trim()}`),
  );
  assert.deepEqual(wrong, []);
});

test('the prose names no other way either, but where docs/cli.md says why it is not taken', () => {
  const wrong = docPages()
    .filter((page) => page !== 'docs/cli.md')
    .flatMap((page) =>
      [...readPage(page).matchAll(/`([^`\n]+)`/g)]
        .map((m) => m[1]!)
        .filter((code) => !code.startsWith('alias petstore=') && otherWay.test(code))
        .map((code) => `${page}: ${code}`),
    );
  assert.deepEqual(wrong, []);
});

test('the README and the pages that set it up define the alias before their first petstore line', () => {
  for (const page of ['README.md', 'docs/using-the-api.md']) {
    const lines = shellLines(page);
    const alias = lines.findIndex(({ text }) => command(text) === documentedAlias);
    const first = lines.findIndex(({ text }) => runsPetstore(text));
    assert.ok(first >= 0, `${page} runs petstore`);
    assert.ok(alias >= 0 && alias < first, `${page} sets the alias before line ${lines[first]!.line}`);
  }
});

test('every page gives PETSTORE_URL one value, the command’s default base URL, and builds URLs on it', () => {
  const url = withClientOptions(new Command()).options.find((o) => o.long === '--url')?.defaultValue;
  assert.equal(url, 'http://127.0.0.1:3000/v1');
  const lines = docPages().flatMap((page) =>
    shellLines(page).map(({ text, line }) => ({ text, at: `${page}:${line}` })),
  );
  const values = new Set(
    lines.flatMap(({ text }) => [...text.matchAll(/PETSTORE_URL=(\S+)/g)].map((m) => m[1])),
  );
  assert.deepEqual([...values], [url]);
  const doubled = lines.filter(({ text }) => text.includes('$PETSTORE_URL/v1')).map(({ at }) => at);
  assert.deepEqual(doubled, []);
});
