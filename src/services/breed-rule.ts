// The breed rule: where a pet's category has a breed list, its `breed` names one of those breeds, compared
// case-insensitively, and is kept in the list's spelling. Called by the pet use cases inside their transaction,
// so that the list it checks is the one the pet is written against.
import type { Kysely, Transaction } from 'kysely';
import { caseKey } from '../domain/case-key.js';
import { byCatalogName } from '../domain/catalog-name.js';
import { closeMatches } from '../domain/close-matches.js';
import { ApiError } from '../errors/api-error.js';
import {
  categoriesWithBreeds,
  findBreedByKey,
  findBreedsByKeys,
  findCategory,
  listBreedRows,
} from '../store/repositories/catalog-repository.js';
import type { Database } from '../store/schema.js';

/**
 * `breed` as the pet keeps it: the list's spelling of the breed it names, or `breed` unchanged when the
 * category has no breed list, or no record at all (any int64 is a valid categoryId, as in the seed). Throws
 * 400 `validation_failed` naming the field, the category and up to 3 close matches when it names none.
 */
export async function resolveBreed(
  db: Kysely<Database> | Transaction<Database>,
  categoryId: number,
  breed: string,
): Promise<string> {
  const listed = await findBreedByKey(db, categoryId, caseKey(breed));
  if (listed) return listed.name;
  const breeds = await listBreedRows(db, categoryId);
  if (breeds.length === 0) return breed;
  // Breeds refer to their category (a foreign key): it exists.
  const category = (await findCategory(db, categoryId))!;
  const matches = closeMatches(
    breed,
    breeds.sort(byCatalogName).map(({ name }) => name),
  );
  throw new ApiError(
    'validation_failed',
    `breed must name a breed of category ${categoryId} (${category.name}), compared ` +
      `case-insensitively: ${JSON.stringify(breed)} is none of its ${breeds.length}; ` +
      (matches.length > 0
        ? `close matches: ${matches.map((name) => JSON.stringify(name)).join(', ')}`
        : `no close match (GET /v1/categories/${categoryId}/breeds lists them)`),
  );
}

/**
 * The breed rule for a group of pets (new ones, or edited ones as their edits would leave them), read in two
 * queries at most whatever its size (a write must not cost a query per pet while the group holds the append
 * lock): the returned function gives a pet's breed as resolveBreed would, from what was read, and throws its
 * refusal (building the message with queries of its own, as only a refused breed does). A breed that was not
 * asked for here (an edit started again from a pet changed meanwhile) is resolved by resolveBreed.
 */
export async function groupBreedRule(
  db: Kysely<Database> | Transaction<Database>,
  pets: ReadonlyArray<{ categoryId: number; breed: string | null }>,
): Promise<(categoryId: number, breed: string) => Promise<string>> {
  const entry = (categoryId: number, nameKey: string) => `${categoryId}\u0000${nameKey}`;
  const asked = pets.flatMap(({ categoryId, breed }) =>
    breed === null ? [] : [{ categoryId, nameKey: caseKey(breed) }],
  );
  const listed = asked.length === 0 ? [] : await findBreedsByKeys(db, asked);
  const names = new Map(listed.map((row) => [entry(Number(row.category_id), row.name_key), row.name]));
  const missed = [
    ...new Set(
      asked.filter((pet) => !names.has(entry(pet.categoryId, pet.nameKey))).map((pet) => pet.categoryId),
    ),
  ];
  const withLists = missed.length === 0 ? new Set<number>() : await categoriesWithBreeds(db, missed);
  const read = new Set(asked.map(({ categoryId, nameKey }) => entry(categoryId, nameKey)));
  return async (categoryId, breed) => {
    const key = entry(categoryId, caseKey(breed));
    const name = names.get(key);
    if (name !== undefined) return name;
    return withLists.has(categoryId) || !read.has(key) ? resolveBreed(db, categoryId, breed) : breed;
  };
}
