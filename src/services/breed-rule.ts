// The breed rule: where a pet's category has a breed list, its `breed` names one of those breeds, compared
// case-insensitively, and is kept in the list's spelling. Called by the pet use cases inside their transaction,
// so that the list it checks is the one the pet is written against.
import type { Kysely, Transaction } from 'kysely';
import { byCatalogName, catalogNameKey } from '../domain/catalog-name.js';
import { closeMatches } from '../domain/close-matches.js';
import { ApiError } from '../errors/api-error.js';
import { findBreedByKey, findCategory, listBreedRows } from '../store/repositories/catalog-repository.js';
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
  const listed = await findBreedByKey(db, categoryId, catalogNameKey(breed));
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
