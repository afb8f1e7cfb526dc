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
    .option('--cursor <cursor>', 'Start at this page: the cursor an earlier page printed as its next')
    .option('--all', 'Every page (from --cursor on, when given), following the Link header');

/**
 * Prints one page. In text, a table on stdout, and on stderr, when the page's `Link` header names a next
 * page, a hint with its cursor, so that stdout stays the listing alone; under --json, one object with the
 * items and `nextCursor` (null on the last page).
 */
export function printPage<T extends object>(
  page: Page<T>,
  noun: string,
  rowOf: (item: T) => Row,
  json?: boolean,
): void {
  if (json) {
    console.log(JSON.stringify({ items: page.items, nextCursor: page.nextCursor ?? null }));
    return;
  }
  printFound(page.items, rowOf);
  if (page.nextCursor)
    console.error(
      `More ${noun} follow this page of ${page.items.length}: add --cursor ${page.nextCursor} for the ` +
        'next page, or --all to list every page.',
    );
}
