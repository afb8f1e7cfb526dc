// One rule for names compared whatever their case (src/domain/case-key.ts): the catalogue's keys were upper-
// then lower-cased and the keys of pets' breeds and tags only lower-cased, so `?breed=GROSSSPITZ` missed a
// `Großspitz`. Every stored key is computed again by the one rule; `down` puts back the rules before it.
import type { Kysely, Migration } from 'kysely';
import { caseKey } from '../../domain/case-key.js';
import { termKinds } from '../repositories/pet-terms-repository.js';
import type { Database } from '../schema.js';
import { insertTermRows } from './pet-word-rows.js';

/** How each kind of stored key is computed. */
interface KeyRules {
  catalog: (name: string) => string;
  pet: (name: string) => string;
}

/** The rules this migration replaces, as the releases before it computed the keys. */
const before: KeyRules = {
  catalog: (name) => name.toUpperCase().toLowerCase().normalize('NFC'),
  pet: (name) => name.normalize('NFC').toLowerCase(),
};

const oneRule: KeyRules = { catalog: caseKey, pet: caseKey };

/** Rows read per batch. */
const batchSize = 500;

export const nameKeys: Migration = {
  up: (db: Kysely<unknown>) => rekey(db as Kysely<Database>, oneRule),
  down: (db: Kysely<unknown>) => rekey(db as Kysely<Database>, before),
};

async function rekey(db: Kysely<Database>, rules: KeyRules): Promise<void> {
  await rekeyCatalog(db, rules.catalog);
  await rekeyPets(db, rules.pet);
}

/**
 * The keys of categories and breeds. Names that the rule makes one (`GROẞSPITZ` and `Großspitz`) stop the
 * migration, naming them, before anything is written: one of them must be renamed first.
 */
async function rekeyCatalog(db: Kysely<Database>, key: (name: string) => string): Promise<void> {
  const categories = await db.selectFrom('categories').select(['id', 'name', 'name_key']).execute();
  const breeds = await db.selectFrom('breeds').select(['id', 'category_id', 'name', 'name_key']).execute();
  assertDistinct(
    'categories',
    categories.map((row) => ({ name: row.name, scope: '', key: key(row.name) })),
  );
  assertDistinct(
    'breeds',
    breeds.map((row) => ({ name: row.name, scope: `of category ${row.category_id} `, key: key(row.name) })),
  );
  for (const [table, rows] of [
    ['categories', categories],
    ['breeds', breeds],
  ] as const) {
    for (const row of rows) {
      if (key(row.name) === row.name_key) continue;
      await db
        .updateTable(table)
        .set({ name_key: key(row.name) })
        .where('id', '=', row.id)
        .execute();
    }
  }
}

function assertDistinct(table: string, rows: ReadonlyArray<{ name: string; scope: string; key: string }>) {
  const seen = new Map<string, string>();
  for (const { name, scope, key } of rows) {
    const twin = seen.get(scope + key);
    if (twin !== undefined) {
      throw new Error(
        `The ${table} ${JSON.stringify(twin)} and ${JSON.stringify(name)} ${scope}are now one name, ` +
          'compared whatever their case: rename one of them with the release before, then upgrade again.',
      );
    }
    seen.set(scope + key, name);
  }
}

/**
 * The keys of pets: `breed_key` (the breed filter), and the tag rows of `pet_terms` (the tag filter), which a
 * pet not removed has one of per distinct key of its tags.
 */
async function rekeyPets(db: Kysely<Database>, key: (name: string) => string): Promise<void> {
  for (let afterId = 0; ;) {
    const pets = await db
      .selectFrom('pets')
      .select(['id', 'breed', 'breed_key', 'tags', 'removed_at'])
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(batchSize)
      .execute();
    if (pets.length === 0) return;
    for (const pet of pets) {
      const breedKey = pet.breed === null ? null : key(pet.breed);
      if (breedKey === pet.breed_key) continue;
      await db.updateTable('pets').set({ breed_key: breedKey }).where('id', '=', pet.id).execute();
    }
    const tagged = pets.filter((pet) => pet.removed_at === null && pet.tags !== '[]');
    if (tagged.length > 0) {
      const ids = tagged.map((pet) => pet.id);
      await db.deleteFrom('pet_terms').where('kind', '=', termKinds.tag).where('pet_id', 'in', ids).execute();
      await insertTermRows(
        db,
        tagged.flatMap((pet) =>
          [...new Set((JSON.parse(pet.tags) as string[]).map(key))].map((term) => ({
            pet_id: Number(pet.id),
            kind: termKinds.tag,
            term,
          })),
        ),
      );
    }
    afterId = Number(pets.at(-1)!.id);
  }
}
