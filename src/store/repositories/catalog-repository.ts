// Reading and writing the catalogue: categories and the breeds of each. Names come with their key
// (src/domain/case-key.ts), which the unique constraints compare.
import type { Kysely, Transaction } from 'kysely';
import type { BreedRow, CategoryRow, Database } from '../schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A name and the key it is compared by. */
export interface CatalogName {
  name: string;
  name_key: string;
}

/** The unique constraints on names: a breach of one means the name is taken. */
export const categoryNameIndex = 'categories_name_key';
export const breedNameIndex = 'breeds_category_name_key';

export async function listCategoryRows(db: Db): Promise<CategoryRow[]> {
  return db.selectFrom('categories').selectAll().orderBy('id').execute();
}

export async function findCategory(db: Db, id: number): Promise<CategoryRow | undefined> {
  return db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findCategoryByKey(db: Db, nameKey: string): Promise<CategoryRow | undefined> {
  return db.selectFrom('categories').selectAll().where('name_key', '=', nameKey).executeTakeFirst();
}

/** Adds a category; a name taken already breaches `categoryNameIndex`. */
export async function insertCategory(db: Db, name: CatalogName): Promise<CategoryRow> {
  return db.insertInto('categories').values(name).returningAll().executeTakeFirstOrThrow();
}

/** Renames a category; undefined when there is none with that id. A name taken breaches `categoryNameIndex`. */
export async function renameCategoryRow(
  db: Db,
  id: number,
  name: CatalogName,
): Promise<CategoryRow | undefined> {
  return db.updateTable('categories').set(name).where('id', '=', id).returningAll().executeTakeFirst();
}

/** The category's breeds, in no particular order: the service sorts them by name. */
export async function listBreedRows(db: Db, categoryId: number): Promise<BreedRow[]> {
  return db.selectFrom('breeds').selectAll().where('category_id', '=', categoryId).execute();
}

/** The breeds that `keys` name (each a category and a name key), in one query. */
export async function findBreedsByKeys(
  db: Db,
  keys: ReadonlyArray<{ categoryId: number; nameKey: string }>,
): Promise<BreedRow[]> {
  return db
    .selectFrom('breeds')
    .selectAll()
    .where((eb) =>
      eb(
        eb.refTuple('category_id', 'name_key'),
        'in',
        keys.map(({ categoryId, nameKey }) => eb.tuple(categoryId, nameKey)),
      ),
    )
    .execute();
}

/** Which of `categoryIds` have a breed list, in one query. */
export async function categoriesWithBreeds(db: Db, categoryIds: readonly number[]): Promise<Set<number>> {
  const rows = await db
    .selectFrom('breeds')
    .select('category_id')
    .distinct()
    .where('category_id', 'in', categoryIds)
    .execute();
  return new Set(rows.map((row) => Number(row.category_id)));
}

export async function findBreedByKey(
  db: Db,
  categoryId: number,
  nameKey: string,
): Promise<BreedRow | undefined> {
  return db
    .selectFrom('breeds')
    .selectAll()
    .where('category_id', '=', categoryId)
    .where('name_key', '=', nameKey)
    .executeTakeFirst();
}

/** Adds a breed to a category; a name the category has already breaches `breedNameIndex`. */
export async function insertBreed(db: Db, categoryId: number, name: CatalogName): Promise<BreedRow> {
  return db
    .insertInto('breeds')
    .values({ category_id: categoryId, ...name })
    .returningAll()
    .executeTakeFirstOrThrow();
}
