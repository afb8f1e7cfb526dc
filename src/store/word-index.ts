// The word search index of pets, as each dialect keeps it in its own buffered full-text index (SQLite's FTS5,
// PostgreSQL's GIN over a tsvector): one entry per pet, holding the words src/domain/search-words.ts made of
// its text. The words come already folded and split, and each dialect stores and matches them as they are,
// so both find exactly the same pets (docs/search.md).
import type { Expression, Kysely, RawBuilder, SqlBool, Transaction } from 'kysely';
import type { Database } from './schema.js';

export type Db = Kysely<Database> | Transaction<Database>;

/** A pet's entry: its distinct words, none empty, none holding a space. */
export interface PetWords {
  id: number;
  words: readonly string[];
}

export interface WordIndex {
  /** Creates the index's table (a migration); `drop` removes it. */
  create(db: Kysely<unknown>): Promise<void>;
  drop(db: Kysely<unknown>): Promise<void>;
  /** Adds the entries of pets that have none yet, in one statement. */
  insert(db: Db, pets: readonly PetWords[]): Promise<void>;
  /** Sets the entries of pets, whether they had one or not, in one statement. */
  replace(db: Db, pets: readonly PetWords[]): Promise<void>;
  /** Removes the entries of these pets. */
  remove(db: Db, ids: readonly number[]): Promise<void>;
  /**
   * The filter of `pets`: the pet has each of `words` and a word that begins with `prefix`. The words are
   * passed as values of a parameter, never as SQL or as the index's query syntax.
   */
  matches(words: readonly string[], prefix: string): Expression<SqlBool>;
  /**
   * Where the index gives its matches lazily in id order: the ids of the same pets as a table to read first,
   * for a listing in id order (which then stops where its page ends). Without it, `matches` filters.
   */
  idOrderMatches?(words: readonly string[], prefix: string): RawBuilder<{ id: number }>;
}
