// The benchmark seeds the search index straight into its tables: this holds those rows to the ones the service
// itself writes for the same pet, and checks that the service's `q` finds the seeded pets, on a small
// deployment of each backend (PostgreSQL where it answers). The service runs as built (scripts/run-tests.js
// builds dist/ first).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { postgresDeployment, sqliteDeployment, type Deployment } from '../../bench/lib/deployments.js';
import {
  searchedWords,
  seedPet,
  seedRecord,
  seedRow,
  seedTags,
  seedWords,
} from '../../bench/lib/pet-rows.js';
import { startServer } from '../../bench/lib/server-process.js';
import { service } from '../../bench/scenarios.js';
import { postgresUrl } from '../helpers/backends.js';

const pets = 300;

type TermRows = (petId: number) => Promise<string[]>;

/** A pet's index rows as `kind term` strings, in one order: its words (`w`) and its tag rows. */
const sorted = (rows: { kind: string; term: string }[]) => rows.map((r) => `${r.kind} ${r.term}`).sort();

/** The index rows the service writes for a seeded pet. */
const seededRows = (petId: number, id = petId) => {
  const row = seedRow({ ...seedPet(petId), id });
  return sorted([...seedWords(row).words.map((term) => ({ kind: 'w', term })), ...seedTags(row)]);
};

async function checkSeededIndex(deployment: Deployment, termRows: TermRows): Promise<void> {
  const server = await startServer(service(deployment));
  try {
    const headers = { authorization: `Bearer ${deployment.key}`, 'content-type': 'application/json' };
    // The record the creation rows post: a cat, whose breed the starter catalogue's list holds.
    const seededId = 1;
    const created = await fetch(`${server.url}/v1/pets`, {
      method: 'POST',
      headers,
      body: JSON.stringify(seedRecord(seededId)),
    });
    assert.equal(created.status, 201, await created.clone().text());
    const { id } = (await created.json()) as { id: number };
    const written = await termRows(id);
    assert.ok(written.length > 50, 'a full profile has dozens of words');
    assert.deepEqual(written, seededRows(seededId, id));
    assert.deepEqual(await termRows(seededId), seededRows(seededId));

    const found = await fetch(`${server.url}/v1/pets?limit=100&q=${searchedWords.common}`, { headers });
    const ids = ((await found.json()) as { id: number }[]).map((pet) => pet.id);
    const expected = Array.from({ length: pets }, (_, i) => i + 1).filter((petId) =>
      seedWords(seedRow(seedPet(petId))).words.includes(searchedWords.common),
    );
    assert.deepEqual(ids, expected.slice(0, 100), 'q finds the seeded pets with the word');
  } finally {
    await server.stop();
  }
}

test(
  'seeded SQLite index rows are those the service writes, and q finds them',
  { timeout: 60_000 },
  async () => {
    const dir = mkdtempSync(join(tmpdir(), 'petstore-seeded-index-'));
    try {
      const deployment = sqliteDeployment(dir, pets);
      assert.ok((await deployment.searchIndexBytes()) > 0);
      await checkSeededIndex(deployment, async (petId) => {
        const db = new SqliteDatabase(deployment.sqliteFile!, { readonly: true });
        try {
          // The table keeps no text: FTS5's vocabulary lists each entry's words.
          db.exec('create virtual table temp.pet_word_list using fts5vocab(main, pet_words, instance)');
          const words = db.prepare(`select 'w' as kind, term from pet_word_list where doc = ?`).all(petId);
          const tags = db.prepare('select kind, term from pet_terms where pet_id = ?').all(petId);
          return sorted([...words, ...tags] as { kind: string; term: string }[]);
        } finally {
          db.close();
        }
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);

test(
  'seeded PostgreSQL index rows are those the service writes, and q finds them',
  { timeout: 60_000, skip: postgresUrl === undefined && 'PostgreSQL does not answer' },
  async () => {
    const url = postgresUrl!;
    const schema = `bench_index_${process.pid}_${Date.now().toString(36)}`;
    const deployment = await postgresDeployment(url, schema, pets);
    try {
      assert.ok((await deployment.searchIndexBytes()) > 0);
      await checkSeededIndex(deployment, async (petId) => {
        const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
        await client.connect();
        try {
          const { rows } = await client.query(
            `select 'w' as kind, unnest(tsvector_to_array(words)) as term from pet_words where pet_id = $1
             union all select kind, term from pet_terms where pet_id = $1`,
            [petId],
          );
          return sorted(rows as { kind: string; term: string }[]);
        } finally {
          await client.end();
        }
      });
    } finally {
      await deployment.remove();
    }
  },
);
