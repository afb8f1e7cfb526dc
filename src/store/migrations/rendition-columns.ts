// The columns of one stored size of an image, after its `photo_id`: photos' and the shelter logo's tables
// have them alike, since one storage (src/store/photo-storage.ts) reads and writes both.
import type { CreateTableBuilder } from 'kysely';
import type { DialectName } from '../store.js';

export const withRenditionColumns = <T extends string>(
  table: CreateTableBuilder<T, 'photo_id'>,
  dialect: DialectName,
  primaryKey: string,
) =>
  table
    .addColumn('size', 'text', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('byte_length', 'integer', (col) => col.notNull())
    .addColumn('etag', 'text', (col) => col.notNull())
    .addColumn('bytes', dialect === 'sqlite' ? 'blob' : 'bytea', (col) => col.notNull())
    .addPrimaryKeyConstraint(primaryKey, ['photo_id', 'size']);
