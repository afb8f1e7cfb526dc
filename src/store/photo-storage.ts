// Where the bytes of photos live, behind one interface (put, get, delete), as upload providers of content
// systems keep theirs: the service and its routes know only this, so an object store can take the database's
// place later without touching either. The database's own, the default, keeps each size as a row of
// photo_renditions, written and removed in the transaction of the photo's change.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

/** One size of a photo as stored and served. */
export interface StoredRendition {
  size: string;
  width: number;
  height: number;
  contentType: string;
  bytes: Buffer;
  /** A strong entity tag, quotes included. */
  etag: string;
}

export interface PhotoStorage {
  /** Stores every size of a photo, in `trx`, the transaction that adds the photo itself. */
  put(trx: Transaction<Database>, photoId: string, renditions: readonly StoredRendition[]): Promise<void>;
  /** One size of a photo, or undefined when there is none (no such photo or size, or removed). */
  get(photoId: string, size: string): Promise<StoredRendition | undefined>;
  /** Removes every size of the photos, in `trx`, the transaction that removes them. */
  delete(trx: Transaction<Database>, photoIds: readonly string[]): Promise<void>;
  /** Bytes held in all, for the metrics. */
  storedBytes(): Promise<number>;
}

/** The tables of stored sizes: the photos', and the shelter logo's, with the same columns. */
type RenditionTable = 'photo_renditions' | 'logo_renditions';

/**
 * The photos' bytes in the database: a BLOB in SQLite, bytea in PostgreSQL (a Buffer on both); in `table`,
 * the photos' unless the shelter's logo is stored.
 */
export function databasePhotoStorage(
  db: Kysely<Database>,
  table: RenditionTable = 'photo_renditions',
): PhotoStorage {
  // Both tables have the same columns: typed as one, the queries below serve either.
  const stored = table as 'photo_renditions';
  return {
    async put(trx, photoId, renditions) {
      await trx
        .insertInto(stored)
        .values(
          renditions.map((r) => ({
            photo_id: photoId,
            size: r.size,
            width: r.width,
            height: r.height,
            content_type: r.contentType,
            byte_length: r.bytes.length,
            etag: r.etag,
            bytes: r.bytes,
          })),
        )
        .execute();
    },

    async get(photoId, size) {
      const row = await db
        .selectFrom(stored)
        .select(['size', 'width', 'height', 'content_type', 'etag', 'bytes'])
        .where('photo_id', '=', photoId)
        .where('size', '=', size)
        .executeTakeFirst();
      return (
        row && {
          size: row.size,
          width: row.width,
          height: row.height,
          contentType: row.content_type,
          etag: row.etag,
          bytes: row.bytes,
        }
      );
    },

    async delete(trx, photoIds) {
      if (photoIds.length === 0) return;
      await trx.deleteFrom(stored).where('photo_id', 'in', photoIds).execute();
    },

    async storedBytes() {
      const { total } = await db
        .selectFrom(stored)
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('byte_length'), eb.lit(0)).as('total'))
        .executeTakeFirstOrThrow();
      return Number(total);
    },
  };
}
