// PostgreSQL's word index of pets: one row per pet, its words as a tsvector made by `array_to_tsvector`, which
// takes each string as a lexeme as it is (no parser, no dictionary, no stemming), under a GIN index whose
// pending list (fastupdate, the default) buffers new entries and merges them in bulk. A tsquery of quoted
// lexemes matches them: `'calm' & 'tab':*`. Lexemes compare by their bytes, and a prefix of UTF-8 bytes is a
// prefix of code points, so equality and prefixes are those of SQLite's FTS5, which compares bytes too.
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../schema.js';
import type { PetWords, WordIndex } from '../word-index.js';

/** A quoted tsquery lexeme: a `'` or `\` escaped, so that the word is only ever a word, not query syntax. */
const lexeme = (word: string) => `'${word.replace(/['\\]/g, '\\$&')}'`;

/** Writes the pets' entries, as arrays of ids and of words joined by spaces: one statement for any number. */
async function write(
  db: Kysely<Database> | Transaction<Database>,
  pets: readonly PetWords[],
  onConflict: RawBuilder<unknown>,
) {
  if (pets.length === 0) return;
  await sql`insert into pet_words (pet_id, words)
    select id, array_to_tsvector(string_to_array(words, ' '))
    from unnest(${pets.map((pet) => pet.id)}::bigint[], ${pets.map((pet) => pet.words.join(' '))}::text[])
      as entry (id, words)
    ${onConflict}`.execute(db);
}

export const postgresWordIndex: WordIndex = {
  async create(db: Kysely<unknown>) {
    await sql`create table pet_words (pet_id bigint primary key, words tsvector not null)`.execute(db);
    await sql`create index pet_words_words on pet_words using gin (words)`.execute(db);
    // Words run on a long tail: at the default target, ANALYZE keeps too few of them to tell a word in one
    // pet of 7,000 from one in 500, and the planner then walks every pet in order to find a rare word's few
    // rather than asking the GIN index (a plan 100 times slower, read with EXPLAIN at 300,000 pets).
    await sql`alter table pet_words alter column words set statistics 1000`.execute(db);
  },
  async drop(db: Kysely<unknown>) {
    await sql`drop table pet_words`.execute(db);
  },
  insert: (db, pets) => write(db, pets, sql``),
  replace: (db, pets) => write(db, pets, sql`on conflict (pet_id) do update set words = excluded.words`),
  async remove(db, ids) {
    if (ids.length === 0) return;
    await sql`delete from pet_words where pet_id = any(${[...ids]}::bigint[])`.execute(db);
  },
  matches: (words, prefix) =>
    sql<boolean>`pets.id in (select pet_id from pet_words where words @@ ${[
      ...words.map(lexeme),
      `${lexeme(prefix)}:*`,
    ].join(' & ')}::tsquery)`,
};
