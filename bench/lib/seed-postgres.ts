// Bulk seed of a migrated PostgreSQL deployment: multi-row inserts of column arrays (unnest), then ANALYZE.
import pg from 'pg';
import { seedPet, seedRow, seedTags, seedWords } from './pet-rows.js';

const batchSize = 20_000;

type Row = ReturnType<typeof seedRow>;

/** The PostgreSQL type of each column a creation writes, for its array: every column, or tsc says which. */
const columnTypes: Record<keyof Row, 'bigint' | 'integer' | 'text'> = {
  id: 'bigint',
  name: 'text',
  category_id: 'bigint',
  status: 'text',
  published: 'integer',
  breed: 'text',
  mixed_breed: 'integer',
  sex: 'text',
  age: 'text',
  birth_date: 'text',
  size: 'text',
  color: 'text',
  coat: 'text',
  description: 'text',
  spayed_neutered: 'integer',
  house_trained: 'integer',
  vaccinated: 'integer',
  special_needs: 'integer',
  good_with_children: 'integer',
  good_with_dogs: 'integer',
  good_with_cats: 'integer',
  tags: 'text',
  created_at: 'bigint',
  updated_at: 'bigint',
  name_key: 'text',
  breed_key: 'text',
};
const columns = Object.keys(columnTypes) as Array<keyof Row>;
const insertPets =
  `insert into pets (${columns.join(', ')}) ` +
  `select * from unnest(${columns.map((c, i) => `$${i + 1}::${columnTypes[c]}[]`).join(', ')})`;
const insertWords =
  "insert into pet_words (pet_id, words) select id, array_to_tsvector(string_to_array(words, ' ')) " +
  'from unnest($1::bigint[], $2::text[]) as entry (id, words)';
const insertTags =
  'insert into pet_terms (pet_id, kind, term) select * from unnest($1::bigint[], $2::text[], $3::text[])';

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

/**
 * Writes pets 1..count into the deployment's schema, with their search index rows as the service writes them
 * on create, and moves its id sequence past them.
 */
export async function seedPostgresPets(url: string, schema: string, count: number) {
  await withClient(url, schema, async (client) => {
    await client.query('begin');
    for (let from = 1; from <= count; from += batchSize) {
      const rows = Array.from({ length: Math.min(batchSize, count - from + 1) }, (_, i) =>
        seedRow(seedPet(from + i)),
      );
      await client.query(
        insertPets,
        columns.map((column) => rows.map((row) => row[column])),
      );
      const words = rows.map(seedWords);
      await client.query(insertWords, [
        words.map((entry) => entry.id),
        words.map((entry) => entry.words.join(' ')),
      ]);
      const tags = rows.flatMap(seedTags);
      await client.query(insertTags, [
        tags.map((tag) => tag.pet_id),
        tags.map((tag) => tag.kind),
        tags.map((tag) => tag.term),
      ]);
    }
    await client.query(`select setval(pg_get_serial_sequence('pets', 'id'), $1)`, [count]);
    await client.query('commit');
    await client.query('analyze pets, pet_terms, pet_words');
  });
}

/** Bytes on disk of the search index: the word index `pet_words` and the tag rows `pet_terms`, with indexes and TOAST. */
export async function postgresSearchIndexBytes(url: string, schema: string): Promise<number> {
  return withClient(url, schema, async (client) => {
    const { rows } = await client.query<{ bytes: string }>(
      `select pg_total_relation_size('pet_words') + pg_total_relation_size('pet_terms') as bytes`,
    );
    return Number(rows[0]!.bytes);
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
