// Production and staging in one PostgreSQL database, each in its own schema: both migrate, and neither sees
// the other's data. Kysely once found the first one's migration tables and skipped creating the second's, and
// its introspection of the whole database once failed a start while another deployment was being dropped.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import pg from 'pg';
import { createServices } from '../../src/services/index.js';
import { loadConfig } from '../../src/config.js';
import { openStore } from '../../src/store/open-store.js';
import { dropSchema, postgresUrl } from '../helpers/backends.js';

test(
  'two deployments migrate side by side in one database',
  { skip: !postgresUrl && 'no PostgreSQL' },
  async () => {
    const suffix = `${process.pid}_${Date.now().toString(36)}`;
    const schemas = [`prod_${suffix}`, `stag_${suffix}`];
    try {
      const stores = [];
      for (const [i, databaseSchema] of schemas.entries()) {
        const env = i === 0 ? 'production' : 'staging';
        const config = loadConfig({}, { databaseUrl: postgresUrl, databaseSchema, env });
        const store = await openStore(config);
        stores.push(store);
        const { pets } = await createServices(config, store);
        await pets.create({ name: `only in ${env}`, categoryId: 1 });
      }
      for (const [i, store] of stores.entries()) {
        const { pets } = await createServices(loadConfig({}, { databaseUrl: postgresUrl }), store);
        const names = (await pets.list({})).pets.map((pet) => pet.name);
        assert.deepEqual(names, [`only in ${i === 0 ? 'production' : 'staging'}`]);
        await store.close();
      }
    } finally {
      for (const schema of schemas) await dropSchema(postgresUrl!, schema);
    }
  },
);

test(
  'a deployment starts while another one in the same database is being dropped',
  { skip: !postgresUrl && 'no PostgreSQL' },
  async () => {
    // Another deployment is created and dropped over and over, as a test suite or a staging reset would.
    const suffix = `${process.pid}_${Date.now().toString(36)}`;
    const churned = `gone_${suffix}`;
    const churner = new pg.Client({ connectionString: postgresUrl });
    await churner.connect();
    let churning = true;
    const churn = (async () => {
      while (churning) {
        await churner.query(`create schema "${churned}"; create table "${churned}".pets (id int, name text)`);
        await churner.query(`drop schema "${churned}" cascade`);
      }
    })();
    const started: string[] = [];
    try {
      for (let i = 0; i < 15; i++) {
        const databaseSchema = `new_${suffix}_${i}`;
        started.push(databaseSchema);
        const store = await openStore(loadConfig({}, { databaseUrl: postgresUrl, databaseSchema }));
        await store.close();
      }
    } finally {
      churning = false;
      await churn;
      await churner.end();
      for (const schema of started) await dropSchema(postgresUrl!, schema);
    }
  },
);
