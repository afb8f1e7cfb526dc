// The catalogue: categories and the breeds of each, with the starter set for a deployment that has no category
// yet; and the new scope that manages them, for the keys that held every scope.
import { sql, type Generated, type Kysely, type Migration } from 'kysely';
import { caseKey } from '../../domain/case-key.js';
import type { DialectName } from '../store.js';
import { tableWithSerialId } from './serial-id.js';
import starterCatalog from '../catalog/starter-catalog.json' with { type: 'json' };

/** The tables as this migration made them: later changes to src/store/schema.ts do not reach back here. */
interface CatalogTables {
  categories: { id: Generated<number>; name: string; name_key: string };
  breeds: { id: Generated<number>; category_id: number; name: string; name_key: string };
}

/** Every scope before this migration: a key that held them all was meant to do everything, and now may. */
const everyScopeBefore = 'pets:read pets:write orders:write orders:manage events:read';

export const catalog = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    // Ids are never reused, as for pets.
    const withId = (table: string) => tableWithSerialId(db, dialect, table);

    // Names are unique by their key (src/domain/case-key.ts), computed by the service so that both
    // dialects compare alike; the constraint makes two concurrent additions of one name end in one row.
    await withId('categories')
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('name_key', 'text', (col) => col.notNull())
      .addUniqueConstraint('categories_name_key', ['name_key'])
      .execute();
    // The unique constraint's index also serves listing a category's breeds and looking one up by name.
    await withId('breeds')
      .addColumn('category_id', 'bigint', (col) => col.notNull().references('categories.id'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('name_key', 'text', (col) => col.notNull())
      .addUniqueConstraint('breeds_category_name_key', ['category_id', 'name_key'])
      .execute();

    await addStarterCatalog(db);
    await sql`update api_keys set scopes = ${`${everyScopeBefore} catalog:write`} where scopes = ${everyScopeBefore}`.execute(
      db,
    );
  },

  async down(db: Kysely<unknown>) {
    await sql`update api_keys set scopes = ${everyScopeBefore} where scopes = ${`${everyScopeBefore} catalog:write`}`.execute(
      db,
    );
    for (const table of ['breeds', 'categories']) await db.schema.dropTable(table).execute();
  },
});

/**
 * Adds the starter set (starter-catalog.json: categories in its order, so Dog is 1 and Cat 2 on a new
 * deployment, and their breeds) unless some category exists: a deployment's own catalogue is never added to.
 * Returns whether it added it.
 */
export async function addStarterCatalog(db: Kysely<unknown>): Promise<boolean> {
  const catalogDb = db as Kysely<CatalogTables>;
  if (await catalogDb.selectFrom('categories').select('id').limit(1).executeTakeFirst()) return false;
  // One category at a time, so that ids follow the file's order.
  for (const { name, breeds } of starterCatalog.categories) {
    const { id } = await catalogDb
      .insertInto('categories')
      .values({ name, name_key: caseKey(name) })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (breeds.length === 0) continue;
    await catalogDb
      .insertInto('breeds')
      .values(breeds.map((breed) => ({ category_id: id, name: breed, name_key: caseKey(breed) })))
      .execute();
  }
  return true;
}
