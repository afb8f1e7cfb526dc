// The photos of pets as the Pet JSON carries them: read for many pets in one query (a page, a batch of
// lookups), and removed with their pet. Their URLs are absolute under the public URL when one is set, as
// `Location` is; relative (`/v1/photos/…`) otherwise.
import type { Kysely, Transaction } from 'kysely';
import { photoSizes, type PhotoSize } from '../domain/photo-sizes.js';
import type { Photo } from '../domain/photo.js';
import type { PhotoStorage } from '../store/photo-storage.js';
import { deletePhotos, listPhotosOfPets } from '../store/repositories/photos-repository.js';
import type { Database, PhotoRow } from '../store/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface PetPhotos {
  /** The photos of each of `petIds` (none for a pet without any), in position order: one query for all. */
  of(db: Db, petIds: readonly number[]): Promise<Map<number, Photo[]>>;
  /** Removes every photo of the pet, bytes included, in the transaction of its removal. */
  removeAllOf(trx: Transaction<Database>, petId: number): Promise<void>;
  /** A photo row as the API answers it. */
  toPhoto(row: PhotoRow): Photo;
}

/** `baseUrl` ends in /v1: the configured public URL, or `/v1` itself. */
export function createPetPhotos(storage: PhotoStorage, baseUrl: string): PetPhotos {
  const urlsOf = (id: string) =>
    Object.fromEntries(photoSizes.map((size) => [size, `${baseUrl}/photos/${id}/${size}`])) as Record<
      PhotoSize,
      string
    >;
  const toPhoto = (row: PhotoRow): Photo => ({
    id: row.id,
    position: row.position,
    width: row.width,
    height: row.height,
    urls: urlsOf(row.id),
    createdAt: new Date(Number(row.created_at)).toISOString(),
  });

  async function of(db: Db, petIds: readonly number[]) {
    const byPet = new Map<number, Photo[]>();
    for (const row of await listPhotosOfPets(db, petIds)) {
      const photos = byPet.get(Number(row.pet_id)) ?? [];
      photos.push(toPhoto(row));
      byPet.set(Number(row.pet_id), photos);
    }
    return byPet;
  }

  return {
    of,
    async removeAllOf(trx, petId) {
      const ids = (await listPhotosOfPets(trx, [petId])).map((row) => row.id);
      await storage.delete(trx, ids);
      await deletePhotos(trx, ids);
    },
    toPhoto,
  };
}
