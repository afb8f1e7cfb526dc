// Use cases on the photos of pets: upload (processed off the event loop within a bound, then stored at most
// once per Idempotency-Key), move, remove, and read one size for serving. Every change moves its pet's
// revision and writes `pet.updated` with `changes: ["photos"]` in its transaction, grouped as pets' edits are
// (writes.ts).
import { hash } from 'node:crypto';
import type { Transaction } from 'kysely';
import { requestFingerprint } from '../domain/idempotency.js';
import { isPhotoSize } from '../domain/photo-sizes.js';
import { isPhotoId, movedOrder, newPhotoId, type Photo, type UploadType } from '../domain/photo.js';
import { ApiError, isRefusal } from '../errors/api-error.js';
import type { ProcessedPhoto } from '../images/process-photo.js';
import type { PhotoProcessing } from '../images/processing-pool.js';
import { findPetById, updatePetAt } from '../store/repositories/pets-repository.js';
import {
  insertPhoto,
  listPhotosOfPets,
  deletePhotos,
  setPhotoPositions,
} from '../store/repositories/photos-repository.js';
import type { PhotoStorage, StoredRendition } from '../store/photo-storage.js';
import type { Database, PhotoRow } from '../store/schema.js';
import { eachAlone } from '../store/savepoint.js';
import type { Store } from '../store/store.js';
import type { Idempotency, IdempotencyScope, IdempotentOutcome } from './idempotency.js';
import type { PetPhotos } from './pet-photos.js';
import { toPet } from './pet-record.js';
import type { WriteContext, Writes } from './writes.js';

export interface PhotoUpload {
  petId: number;
  /** The declared type; the bytes must be of it. */
  contentType: UploadType;
  bytes: Buffer;
}

export interface UploadOutcome extends IdempotentOutcome<Photo> {
  /** How long the image took to process, for the metrics. */
  processingSeconds: number;
}

export interface PhotosService {
  /** Processes and adds a photo, last; with `scope`, at most once per Idempotency-Key (a retry replays). */
  upload(upload: PhotoUpload, scope?: IdempotencyScope): Promise<UploadOutcome>;
  /** Moves a photo to `position` among its pet's (0 is the primary); the others keep their order. */
  move(petId: number, photoId: string, position: number): Promise<Photo>;
  remove(petId: number, photoId: string): Promise<void>;
  /** One size of a photo, as stored; 404 `photo_not_found` when there is none. */
  rendition(photoId: string, size: string): Promise<StoredRendition>;
  /** Bytes the photos take in storage, every size counted. */
  storedBytes(): Promise<number>;
}

export interface PhotoLimits {
  perPet: number;
  maxPixels: number;
}

type PhotoChange = { petId: number } & (
  | { add: { id: string; processed: ProcessedPhoto } }
  | { move: { id: string; position: number } }
  | { remove: string }
);

export function createPhotosService(
  store: Store,
  storage: PhotoStorage,
  petPhotos: PetPhotos,
  idempotency: Idempotency,
  writes: Writes,
  limits: PhotoLimits,
  processing: PhotoProcessing,
): PhotosService {
  /**
   * One change inside `trx`, which took the append turn first. Every refusal (no such pet or photo, one
   * photo too many) comes before the first write; the pet's revision then moves (a conditional write: should
   * another transaction have changed the pet since it was read, the change starts again), and its event
   * carries the pet with its photos as they now are.
   */
  async function changeIn(trx: Transaction<Database>, change: PhotoChange, context: WriteContext) {
    const { petId } = change;
    for (;;) {
      const row = await findPetById(trx, petId);
      if (!row) throw new ApiError('pet_not_found', petId);
      const before = await listPhotosOfPets(trx, [petId]);
      // The group's change time, as pets' edits take: `sort=updatedAt` never goes back.
      const now = await context.changeTime();
      const plan = planOf(change, before, now);
      if (plan.after === before) return plan.answer;
      const updated = await updatePetAt(trx, petId, row.revision, { updated_at: now });
      if (!updated) continue;
      await plan.write(trx);
      await setPhotoPositions(
        trx,
        plan.after.flatMap(({ id, position: was }, position) => (was === position ? [] : [{ id, position }])),
      );
      const after = plan.after.map((photo, position) => petPhotos.toPhoto({ ...photo, position }));
      context.emit({ type: 'pet.updated', data: toPet(updated, after), changes: ['photos'], createdAt: now });
      return plan.answer && after.find((photo) => photo.id === plan.answer!.id);
    }
  }

  /** What a change does to a pet's photos (`before`, in order), refusals first; `after` is `before` when nothing. */
  function planOf(change: PhotoChange, before: PhotoRow[], now: number) {
    if ('add' in change) {
      if (before.length >= limits.perPet) throw new ApiError('too_many_photos', change.petId, before.length);
      const { id, processed } = change.add;
      const row: PhotoRow = {
        id,
        pet_id: change.petId,
        position: before.length,
        width: processed.width,
        height: processed.height,
        created_at: now,
      };
      return {
        after: [...before, row],
        answer: petPhotos.toPhoto(row),
        write: async (trx: Transaction<Database>) => {
          await insertPhoto(trx, row);
          await storage.put(trx, id, processed.renditions);
        },
      };
    }
    const id = 'move' in change ? change.move.id : change.remove;
    const photo = before.find((row) => row.id === id);
    if (!photo) throw new ApiError('photo_not_found', `${id} of pet ${change.petId}`);
    if ('remove' in change) {
      return {
        after: before.filter((row) => row !== photo),
        answer: undefined,
        write: async (trx: Transaction<Database>) => {
          await storage.delete(trx, [id]);
          await deletePhotos(trx, [id]);
        },
      };
    }
    const order = movedOrder(
      before.map((row) => row.id),
      id,
      change.move.position,
    )!;
    const moved = order.every((other, position) => before[position]!.id === other);
    return {
      after: moved ? before : order.map((other) => before.find((row) => row.id === other)!),
      answer: petPhotos.toPhoto(photo),
      write: async () => {},
    };
  }

  // Changes share transactions, keyed or not, as pets' edits do.
  const changes = writes.grouped(
    'data',
    (trx, group: PhotoChange[], context) =>
      eachAlone(group, (change) => changeIn(trx, change, context.for(change)), isRefusal),
    201,
  );

  /** Refuses early, before the work of processing, an upload the transaction would refuse anyway. */
  async function refuseEarly(petId: number) {
    if (!(await findPetById(store.db, petId))) throw new ApiError('pet_not_found', petId);
    const count = (await listPhotosOfPets(store.db, [petId])).length;
    if (count >= limits.perPet) throw new ApiError('too_many_photos', petId, count);
  }

  return {
    async upload({ petId, contentType, bytes }, scope) {
      // The same bytes, to the same pet, with the same declared type: the same request. Only a keyed upload
      // needs it: hashing 15 MiB holds the event loop for about 16 ms.
      const fingerprint =
        scope && requestFingerprint('uploadPhoto', [petId, contentType, hash('sha256', bytes, 'hex')]);
      // A retry gets its first answer at once, whatever became of the pet since, with no image processed.
      const stored = scope && (await idempotency.storedOutcome<Photo>(scope, fingerprint!));
      if (stored) return { ...stored, processingSeconds: 0 };
      await refuseEarly(petId);
      const started = performance.now();
      const processed = await processing.process(bytes, contentType, limits.maxPixels);
      const processingSeconds = (performance.now() - started) / 1000;
      const add: PhotoChange = { petId, add: { id: newPhotoId(), processed } };
      if (!scope) return { status: 201, body: (await changes.run(add))!, replayed: false, processingSeconds };
      const outcome = await changes.runIdempotently(add, scope, fingerprint!);
      return { ...(outcome as IdempotentOutcome<Photo>), processingSeconds };
    },

    async move(petId, photoId, position) {
      return (await changes.run({ petId, move: { id: photoId, position } }))!;
    },

    async remove(petId, photoId) {
      await changes.run({ petId, remove: photoId });
    },

    async rendition(photoId, size) {
      const stored = isPhotoId(photoId) && isPhotoSize(size) ? await storage.get(photoId, size) : undefined;
      if (!stored) throw new ApiError('photo_not_found', `${photoId} in size ${size}`);
      return stored;
    },

    storedBytes: () => storage.storedBytes(),
  };
}
