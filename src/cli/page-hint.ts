// What a one-page listing (`pets`, `orders`, `events list` without --all) says when more pages follow.
import type { Page } from '@petstore/client';

/**
 * The page's items. When its `Link` header names a next page, says so on stderr, so that stdout stays the
 * listing alone (a table, or JSON for a pipe).
 */
export function itemsOfPage<T>(page: Page<T>, noun: string): T[] {
  if (page.nextCursor)
    console.error(`More ${noun} follow this page of ${page.items.length}: add --all to list every page.`);
  return page.items;
}
