// Reading and writing API key records. Keys are found by the SHA-256 of the presented key.
import type { Kysely, Transaction, Updateable } from 'kysely';
import type { ApiKeyRow, ApiKeysTable, Database, NewApiKeyRow } from '../schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertApiKey(db: Db, row: NewApiKeyRow): Promise<ApiKeyRow> {
  return db.insertInto('api_keys').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findApiKeyByHash(db: Db, keyHash: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
}

export async function findApiKeyById(db: Db, id: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listApiKeys(db: Db): Promise<ApiKeyRow[]> {
  return db.selectFrom('api_keys').selectAll().orderBy('created_at').orderBy('id').execute();
}

export async function countApiKeys(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function updateApiKey(
  db: Db,
  id: string,
  changes: Updateable<ApiKeysTable>,
  { unrevoked = false }: { unrevoked?: boolean } = {},
): Promise<ApiKeyRow | undefined> {
  let query = db.updateTable('api_keys').set(changes).where('id', '=', id);
  // Only while not revoked: undefined when it was revoked meanwhile.
  if (unrevoked) query = query.where('revoked_at', 'is', null);
  return query.returningAll().executeTakeFirst();
}
