// Idempotency records: the stored outcome of a POST made with an Idempotency-Key, per API key.
import type { Kysely, Migration } from 'kysely';

export const idempotencyRecords: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('idempotency_records')
      .addColumn('api_key_id', 'text', (col) => col.notNull().references('api_keys.id').onDelete('cascade'))
      .addColumn('idempotency_key', 'text', (col) => col.notNull())
      .addColumn('fingerprint', 'text', (col) => col.notNull())
      .addColumn('response_status', 'integer', (col) => col.notNull())
      .addColumn('response_body', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      // Keys are scoped to the API key that sent them. The unique index is also what makes a concurrent
      // duplicate on PostgreSQL wait for the first transaction and then see its record.
      .addPrimaryKeyConstraint('idempotency_records_pkey', ['api_key_id', 'idempotency_key'])
      .execute();
    // Serves the pruning of expired records.
    await db.schema
      .createIndex('idempotency_records_expires_at')
      .on('idempotency_records')
      .column('expires_at')
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('idempotency_records').execute();
  },
};
