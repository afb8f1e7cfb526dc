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
//
// FTS5 gives the matches of words lazily, in id order, but builds the whole list of a prefix query (`"tab" *`)
// before giving the first: 10 ms for a word of every other pet of 300,000. Every query ends in a prefix, so
// the prefix is first spelled out as the words that begin with it, from `pet_vocabulary` (every word ever
// indexed, a small b-tree), and asked as `("tabby" OR "tablet")`; only a prefix of more than
// `prefixWordsAtMost` words is asked as a prefix. A word no pet holds any more costs an empty branch alone.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Db, PetWords, WordIndex } from '../word-index.js';

/** An FTS5 string: its `"` doubled, so that the word is only ever a word, not query syntax. */
const ftsString = (word: string) => `"${word.replaceAll('"', '""')}"`;

/** The most words a prefix is spelled out as; past it, FTS5's own prefix query is cheaper than the words. */
const prefixWordsAtMost = 64;

/**
 * The FTS5 query of a search, made in SQL from its parameters: each of `words` as a string, ANDed with the
 * prefix spelled out (above). No word begins with the prefix: a string no entry holds (U+0001 is in no word).
 * A word holds only letters and digits (search-words.ts), so one quoted in SQL needs no `"` doubled.
 */
const ftsQuery = (words: readonly string[], prefix: string) => {
  const asWords = sql`(select case
      when count(*) = 0 then '"' || char(1) || '"'
      when count(*) > ${prefixWordsAtMost} then ${`${ftsString(prefix)} *`}
      else group_concat('"' || word || '"', ' OR ') end
    from (select word from pet_vocabulary
      where word >= ${prefix} and word < ${`${prefix}\u{10FFFF}`} order by word limit ${prefixWordsAtMost + 1}))`;
  const all = words.map(ftsString).join(' AND ');
  return words.length === 0 ? asWords : sql`${`${all} AND (`} || ${asWords} || ')'`;
};

/** The entries' distinct words, as one JSON parameter for pet_vocabulary. */
const vocabulary = (pets: readonly PetWords[]) =>
  JSON.stringify([...new Set(pets.flatMap((pet) => pet.words))]);

/** The entries as one JSON parameter, so that any number of them is one statement (and one SQL text). */
const entries = (pets: readonly PetWords[]) =>
  JSON.stringify(pets.map((pet) => [pet.id, pet.words.join(' ')]));

export const sqliteWordIndex: WordIndex = {
  async create(db: Kysely<unknown>) {
    await sql`create virtual table pet_words using fts5(
      words, content = '', contentless_delete = 1, tokenize = 'ascii', detail = none
    )`.execute(db);
    await sql`create table pet_vocabulary (word text primary key) without rowid`.execute(db);
  },
  async drop(db: Kysely<unknown>) {
    await sql`drop table pet_words`.execute(db);
    await sql`drop table pet_vocabulary`.execute(db);
  },
  insert: (db, pets) => write(db, pets, sql`insert`),
  replace: (db, pets) => write(db, pets, sql`insert or replace`),
  async remove(db, ids) {
    if (ids.length === 0) return;
    await sql`delete from pet_words where rowid in (select value from json_each(${JSON.stringify(ids)}))`.execute(
      db,
    );
  },
  // In another order than id's, SQLite would fetch every match and sort them all (300 ms for a word of every
  // other pet of 300,000); `+` makes it walk the sort's index instead and test each pet against the list of
  // matches (25 ms; read with EXPLAIN QUERY PLAN). In id order the listing reads `idOrderMatches` instead.
  matches: (words, prefix) =>
    sql<boolean>`+pets.id in (select rowid from pet_words where pet_words match ${ftsQuery(words, prefix)})`,
  // Read first in a cross join, FTS5 gives its matches in id order as the page asks for them, and stops
  // where the page ends: a word of every other pet costs what a rare one does.
  idOrderMatches: (words, prefix) =>
    sql<{ id: number }>`(select rowid as id from pet_words where pet_words match ${ftsQuery(words, prefix)})`,
};

/** Writes the pets' entries with `insert` (`insert` or `insert or replace`), and their words to the vocabulary. */
async function write(db: Db, pets: readonly PetWords[], insert: RawBuilder<unknown>) {
  if (pets.length === 0) return;
  await sql`${insert} into pet_words (rowid, words)
    select value ->> 0, value ->> 1 from json_each(${entries(pets)})`.execute(db);
  await sql`insert or ignore into pet_vocabulary (word) select value from json_each(${vocabulary(pets)})`.execute(
    db,
  );
}
