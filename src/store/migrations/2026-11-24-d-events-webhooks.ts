// Events (the transactional outbox behind GET /v1/events) and webhooks: endpoints, deliveries and attempts.
import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../store.js';
import { tableWithSerialId } from './serial-id.js';

export const eventsWebhooks = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    // Ids only grow, so the feed can be paged and tailed by id.
    const serialId = (table: string) => tableWithSerialId(db, dialect, table);

    await serialId('events')
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      // The resource as the API returned it after the change, JSON.
      .addColumn('data', 'text', (col) => col.notNull())
      .execute();
    // Serves the listing filtered by type; the primary key serves the unfiltered one.
    await db.schema.createIndex('events_type_id').on('events').columns(['type', 'id']).execute();
    // Serves the pruning of old events.
    await db.schema.createIndex('events_created_at').on('events').column('created_at').execute();

    await db.schema
      .createTable('webhook_endpoints')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('url', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull())
      // Comma-separated event types, each exact or a prefix such as `order.*`.
      .addColumn('event_types', 'text', (col) => col.notNull())
      // The Standard Webhooks signing secret (`whsec_…`), shown once at creation.
      .addColumn('secret', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('disabled_at', 'bigint')
      .addColumn('disabled_reason', 'text')
      // Start of the current run of failures; null while deliveries succeed.
      .addColumn('failing_since', 'bigint')
      // The lease of the instance delivering to the endpoint: one at a time, in event order.
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', 'bigint')
      .execute();

    await serialId('webhook_deliveries')
      .addColumn('endpoint_id', 'text', (col) =>
        col.notNull().references('webhook_endpoints.id').onDelete('cascade'),
      )
      .addColumn('event_id', 'bigint', (col) => col.notNull().references('events.id').onDelete('cascade'))
      .addColumn('state', 'text', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('delivered_at', 'bigint')
      .execute();
    // Serves finding the next pending delivery of each endpoint, in order.
    await db.schema
      .createIndex('webhook_deliveries_pending')
      .on('webhook_deliveries')
      .columns(['endpoint_id', 'state', 'id'])
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_event')
      .on('webhook_deliveries')
      .column('event_id')
      .execute();

    await serialId('webhook_attempts')
      .addColumn('delivery_id', 'bigint', (col) =>
        col.notNull().references('webhook_deliveries.id').onDelete('cascade'),
      )
      .addColumn('attempted_at', 'bigint', (col) => col.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('duration_ms', 'integer', (col) => col.notNull())
      .addColumn('error', 'text')
      .execute();
    await db.schema
      .createIndex('webhook_attempts_delivery')
      .on('webhook_attempts')
      .column('delivery_id')
      .execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of ['webhook_attempts', 'webhook_deliveries', 'webhook_endpoints', 'events'])
      await db.schema.dropTable(table).execute();
  },
});
