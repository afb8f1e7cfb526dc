// Reading the README and docs/ as the docs tests need them: the pages, their fenced code blocks, their
// headings' anchors and their links. Markdown is read line by line, enough for the project's own pages.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));

/** The pages a user reads: README.md and every page of docs/, as paths from the project's root. */
export const docPages = (): string[] => [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];

export const readPage = (page: string): string => readFileSync(join(root, page), 'utf8');

export interface CodeBlock {
  /** The fence's info string (`sh`, `ts`…), empty when it has none. */
  lang: string;
  code: string;
  /** The line of the opening fence, from 1. */
  line: number;
  /** The line of the closing fence. */
  end: number;
  /** The HTML comment just before the block (`<!-- tour -->` gives `tour`), if any. */
  marker?: string;
}

/** The fenced code blocks of a page, in order. */
export function codeBlocks(text: string): CodeBlock[] {
  const lines = text.split('\n');
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,})(\S*)/.exec(lines[i]!);
    if (!open) continue;
    const [, indent, fence, lang] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !lines[j]!.trimStart().startsWith(fence!); j++)
      body.push(lines[j]!.slice(indent!.length));
    const before = lines
      .slice(0, i)
      .reverse()
      .find((l) => l.trim() !== '');
    const marker = before && /^<!-- ([\w-]+) -->$/.exec(before.trim())?.[1];
    blocks.push({ lang: lang!, code: body.join('\n'), line: i + 1, end: j + 1, ...(marker && { marker }) });
    i = j;
  }
  return blocks;
}

/** A page without its code blocks, so that what they hold is not read as links or headings. */
const prose = (text: string): string => {
  const lines = text.split('\n');
  for (const { line, end } of codeBlocks(text)) for (let l = line - 1; l < end; l++) lines[l] = '';
  return lines.join('\n');
};

/**
 * The anchor GitHub gives a heading: lower case, every character but letters, digits, spaces, `-` and `_`
 * dropped, spaces made `-`; a repeated one gets `-1`, `-2`… (the rule of github-slugger).
 */
export function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const [, heading] of prose(text).matchAll(/^#{1,6} (.+)$/gm)) {
    const base = heading!
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replaceAll(' ', '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(count === 0 ? base : `${base}-${count}`);
  }
  return found;
}

/** The link targets of a page's prose, `[text](target)`, with their lines. */
export function links(text: string): Array<{ target: string; line: number }> {
  return prose(text)
    .split('\n')
    .flatMap((line, index) =>
      [...line.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => ({ target: m[1]!, line: index + 1 })),
    );
}
