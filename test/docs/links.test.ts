// Every relative link of the README and docs/ leads somewhere: to a file of the project and, when it names
// one, to a heading of that page. docs/README.md, the index, lists every page of docs/.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { test } from 'node:test';
import { anchors, docPages, links, readPage, root } from '../helpers/markdown.js';

/** The broken relative links of a page, as `line: target (why)`. */
function brokenLinks(page: string): string[] {
  const text = readPage(page);
  return links(text)
    .filter(({ target }) => !/^[a-z][a-z+.-]*:/i.test(target)) // https:, mailto:
    .flatMap(({ target, line }) => {
      const [path, anchor] = target.split('#') as [string, string | undefined];
      const file = path === '' ? page : normalize(join(dirname(page), decodeURIComponent(path)));
      if (file.startsWith('..') || !existsSync(join(root, file)))
        return [`${page}:${line}: ${target} (no file ${file})`];
      if (anchor === undefined || !file.endsWith('.md')) return [];
      return anchors(file === page ? text : readPage(file)).has(anchor)
        ? []
        : [`${page}:${line}: ${target} (no heading #${anchor} in ${file})`];
    });
}

test('every relative link of the README and docs/ leads to a file, and to a heading that exists', () => {
  assert.deepEqual(docPages().flatMap(brokenLinks), []);
});

test('the anchors are GitHub’s', () => {
  const page =
    '# A `--json` flag: on every command\n\n## Photos\n\n```sh\n# not a heading\n```\n\n## Photos\n';
  assert.deepEqual([...anchors(page)], ['a---json-flag-on-every-command', 'photos', 'photos-1']);
});

test('docs/README.md lists every page of docs/, each on a line of its own', () => {
  const index = readPage('docs/README.md');
  const listed = links(index).map(({ target }) => normalize(join('docs', target.split('#')[0]!)));
  const pages = docPages().filter((page) => page.startsWith('docs/') && page !== 'docs/README.md');
  assert.deepEqual(
    pages.filter((page) => !listed.includes(page)).map((page) => relative('docs', page)),
    [],
  );
});
