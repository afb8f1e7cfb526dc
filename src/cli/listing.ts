// What the list commands (`pets list`, `orders list`, `events list`) share: the options that choose a page or
// every page, and how a page is printed with the cursor of the next.
import type { Command } from 'commander';
import type { Page } from '@petstore/client';
import { positiveInteger } from './option-parsers.js';
import { printFound, type Row } from './print-table.js';

export interface ListFlags {
  limit?: number;
  all?: boolean;
  cursor?: string;
  json?: boolean;
}

/** Adds --limit, --cursor and --all to a list command of `noun` (pets, orders, events). */
export const withListOptions = (command: Command, noun: string): Command =>
  command
    .option(
      '--limit <n>',
      `${noun[0]!.toUpperCase()}${noun.slice(1)} per page, 1 to 100 (default 20; 100 with --all)`,
      positiveInteger('--limit'),
    )
    .option('--cursor <cursor>', 'Start at this page: a cursor an earlier page printed')
    .option('--all', 'Every page (from --cursor on, when given), following the Link header');

/**
 * Prints one page. In text, a table on stdout, and on stderr, when the page's `Link` header names a next
 * page, a hint with its cursor, so that stdout stays the listing alone; under --json, one object with the
 * items and `nextCursor` (null on the last page).
 *
 * With `resumed` (what a later run from the last page gets, for a listing read as a sync), the last page's
 * resume cursor too: in text a hint on stderr that names it; under --json `resumeCursor` (null before the
 * last page).
 */
export function printPage<T extends object>(
  page: Page<T>,
  noun: string,
  rowOf: (item: T) => Row,
  json?: boolean,
  resumed?: string,
): void {
  if (json) {
    const resume = resumed === undefined ? {} : { resumeCursor: page.resumeCursor ?? null };
    console.log(JSON.stringify({ items: page.items, nextCursor: page.nextCursor ?? null, ...resume }));
    return;
  }
  printFound(page.items, rowOf);
  if (page.nextCursor)
    console.error(
      `More ${noun} follow this page of ${page.items.length}: add --cursor ${page.nextCursor} for the ` +
        'next page, or --all to list every page.',
    );
  else if (resumed !== undefined && page.resumeCursor) printResumeHint(page.resumeCursor, resumed);
}

/** The hint, on stderr, of where a later run takes up a listing read to its end, and what it gets. */
export const printResumeHint = (cursor: string, resumed: string): void =>
  console.error(`That was the last page: later, add --cursor ${cursor} for ${resumed}.`);
