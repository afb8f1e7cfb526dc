// Categories by name on the command line: `--category cat` or `--category 2`, either way, and the names the
// tables print instead of ids. Names compare by the one rule for "the same, whatever its case" (caseKey).
import type { Category, PetstoreClient } from '@petstore/client';
import { caseKey } from '../domain/case-key.js';
import { usageError } from './cli-error.js';

/** A category as typed: its id, or its name. */
export type CategoryRef = number | string;

const listed = (categories: Category[]) =>
  categories.map(({ id, name }) => `${name} (${id})`).join(', ') || 'none yet';

/** The ids `refs` name; the categories are asked for only when one is a name, which must be one of them. */
export async function categoryIdsOf(client: PetstoreClient, refs: CategoryRef[]): Promise<number[]> {
  if (refs.every((ref) => typeof ref === 'number')) return refs as number[];
  const categories = await client.listCategories();
  const byKey = new Map(categories.map(({ id, name }) => [caseKey(name), id]));
  return refs.map((ref) => {
    if (typeof ref === 'number') return ref;
    const id = byKey.get(caseKey(ref));
    if (id === undefined)
      throw usageError(`no category is named '${ref}': give a name or an id of ${listed(categories)}`);
    return id;
  });
}

/** Each category's name by its id, for a table to show. */
export async function categoryNames(client: PetstoreClient): Promise<Map<number, string>> {
  return new Map((await client.listCategories()).map(({ id, name }) => [id, name]));
}
