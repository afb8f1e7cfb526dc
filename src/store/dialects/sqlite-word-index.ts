// SQLite's word index of pets: a contentless FTS5 table whose rowid is the pet's id and whose one column holds
// the pet's words joined by spaces. FTS5 buffers new entries in memory segments and merges them in the
// background of later writes, so indexing a pet costs a row or two of its b-trees, not one per word.
//
// The `ascii` tokenizer splits at ASCII characters other than letters and digits alone (here: the spaces we
// join with), keeps every non-ASCII character inside its token, and lower-cases only ASCII letters, which our
// words already are: so each of our words is one token, byte for byte. The default `unicode61` would re-split
// and re-fold them by its own Unicode tables: it splits `ᦃᦲᦑ` (New Tai Lue vowels, marks in its tables but
// letters since Unicode 8) and folds `ς` into `σ`, which PostgreSQL keeps apart. `detail=none` stores no
// positions: every query is of single words, never of phrases. `contentless_delete=1` lets an entry be
// deleted or replaced without its old text.
import { sql, type Kysely } from 'kysely';
import type { PetWords, WordIndex } from '../word-index.js';

/** An FTS5 string: its `"` doubled, so that the word is only ever a word, not query syntax. */
const ftsString = (word: string) => `"${word.replaceAll('"', '""')}"`;

/** The entries as one JSON parameter, so that any number of them is one statement (and one SQL text). */
const entries = (pets: readonly PetWords[]) =>
  JSON.stringify(pets.map((pet) => [pet.id, pet.words.join(' ')]));

export const sqliteWordIndex: WordIndex = {
  async create(db: Kysely<unknown>) {
    await sql`create virtual table pet_words using fts5(
      words, content = '', contentless_delete = 1, tokenize = 'ascii', detail = none
    )`.execute(db);
  },
  async drop(db: Kysely<unknown>) {
    await sql`drop table pet_words`.execute(db);
  },
  async insert(db, pets) {
    if (pets.length === 0) return;
    await sql`insert into pet_words (rowid, words)
      select value ->> 0, value ->> 1 from json_each(${entries(pets)})`.execute(db);
  },
  async replace(db, pets) {
    if (pets.length === 0) return;
    await sql`insert or replace into pet_words (rowid, words)
      select value ->> 0, value ->> 1 from json_each(${entries(pets)})`.execute(db);
  },
  async remove(db, ids) {
    if (ids.length === 0) return;
    await sql`delete from pet_words where rowid in (select value from json_each(${JSON.stringify(ids)}))`.execute(
      db,
    );
  },
  // SQLite makes a list of the matching ids, in id order, and has no statistics to guess its length by. In id
  // order it walks that list, which stops at the page's end. In another order it would fetch every match
  // and sort them all (300 ms for a word of every other pet of 300,000); `+` makes it walk the sort's index
  // instead and test each pet against the list (25 ms; read with EXPLAIN QUERY PLAN).
  matches: (words, prefix, byId) =>
    sql<boolean>`${byId ? sql`pets.id` : sql`+pets.id`} in (select rowid from pet_words where pet_words match ${[
      ...words.map(ftsString),
      `${ftsString(prefix)} *`,
    ].join(' ')})`,
};
