// Bulk seed of a migrated PostgreSQL deployment: multi-row inserts of column arrays (unnest), then ANALYZE.
import pg from 'pg';
import { seedPet } from './pet-rows.js';

const batchSize = 20_000;

/** Runs `work` on a connection of its own, inside `schema` when one is named. */
async function withClient<T>(
  url: string,
  schema: string | undefined,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url, options: schema && `-c search_path=${schema}` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Writes pets 1..count into the deployment's schema and moves its id sequence past them. */
export async function seedPostgresPets(url: string, schema: string, count: number, createdAt: number) {
  await withClient(url, schema, async (client) => {
    await client.query('begin');
    for (let from = 1; from <= count; from += batchSize) {
      const pets = Array.from({ length: Math.min(batchSize, count - from + 1) }, (_, i) => seedPet(from + i));
      await client.query(
        `insert into pets (id, name, category_id, status, created_at)
         select * from unnest($1::bigint[], $2::text[], $3::bigint[], $4::text[], $5::bigint[])`,
        [
          pets.map((p) => p.id),
          pets.map((p) => p.name),
          pets.map((p) => p.categoryId),
          pets.map((p) => p.status),
          pets.map((p) => createdAt + p.id),
        ],
      );
    }
    await client.query(`select setval(pg_get_serial_sequence('pets', 'id'), $1)`, [count]);
    await client.query('commit');
    await client.query('analyze pets');
  });
}

export async function readPostgresSetting(url: string, schema: string, name: string): Promise<string> {
  return withClient(url, schema, async (client) => {
    const { rows } = await client.query<{ value: string }>('select value from settings where name = $1', [
      name,
    ]);
    return rows[0]!.value;
  });
}

/** Drops a schema the harness created for itself. */
export async function dropPostgresSchema(url: string, schema: string): Promise<void> {
  await withClient(url, undefined, (client) => client.query(`drop schema if exists "${schema}" cascade`));
}
