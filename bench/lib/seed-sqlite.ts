// Bulk seed of a migrated SQLite deployment: one prepared insert per table in large transactions, then
// ANALYZE.
import SqliteDatabase from 'better-sqlite3';
import type { Pet } from '../../src/domain/pet.js';
import { seedPet, seedRow, seedTags, seedWords } from './pet-rows.js';

const batchSize = 50_000;

/**
 * Writes pets 1..count straight into the file, much faster than the API could, with their search index rows
 * as the service writes them on create; `petAt` gives each pet.
 */
export function seedSqlitePets(file: string, count: number, petAt: (id: number) => Pet = seedPet): void {
  const db = new SqliteDatabase(file);
  try {
    // Only this loading connection skips fsync; the service opens the file with its own settings.
    db.pragma('synchronous = OFF');
    // Every column a creation writes, named after the row's own keys.
    const columns = Object.keys(seedRow(seedPet(1)));
    const insert = db.prepare(
      `insert into pets (${columns.join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')})`,
    );
    const insertWords = db.prepare('insert into pet_words (rowid, words) values (?, ?)');
    const insertWord = db.prepare('insert or ignore into pet_vocabulary (word) values (?)');
    const insertTag = db.prepare('insert into pet_terms (pet_id, kind, term) values (?, ?, ?)');
    const insertRange = db.transaction((from: number, to: number) => {
      for (let id = from; id <= to; id++) {
        const row = seedRow(petAt(id));
        insert.run(row);
        const { words } = seedWords(row);
        insertWords.run(row.id, words.join(' '));
        for (const word of words) insertWord.run(word);
        for (const tag of seedTags(row)) insertTag.run(tag.pet_id, tag.kind, tag.term);
      }
    });
    for (let from = 1; from <= count; from += batchSize)
      insertRange(from, Math.min(count, from + batchSize - 1));
    // A long-running deployment has planner statistics (PRAGMA optimize, or an operator's ANALYZE).
    db.exec('analyze');
  } finally {
    db.close();
  }
}

/**
 * Bytes on disk of the search index: the pages of the word index (`pet_words` and FTS5's tables behind it,
 * each named after it, and the words ever indexed, `pet_vocabulary`) and of the tag rows (`pet_terms`, its key
 * the row, and its index).
 */
export function sqliteSearchIndexBytes(file: string): number {
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    const row = db
      .prepare(
        `select sum(pgsize) as bytes from dbstat join sqlite_schema using (name)
         where tbl_name in ('pet_terms', 'pet_vocabulary') or tbl_name like 'pet_words%'`,
      )
      .get() as { bytes: number };
    return row.bytes;
  } finally {
    db.close();
  }
}

/** The deployment's own secret that signs listing cursors. */
export function readSqliteSetting(file: string, name: string): string {
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    const row = db.prepare('select value from settings where name = ?').get(name) as { value: string };
    return row.value;
  } finally {
    db.close();
  }
}
