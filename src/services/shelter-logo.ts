// Use cases on the shelter's logo: put one (processed by the photos' pipeline, within its bounds and with its
// safety rules), remove it, and read one size for serving. Its sizes are kept as a photo's are, in a table of
// their own, and served among the photos without a key; a new logo gets a new id, so its URLs never change.
import type { Photo, UploadType } from '../domain/photo.js';
import { isPhotoId, newPhotoId } from '../domain/photo.js';
import { isPhotoSize } from '../domain/photo-sizes.js';
import type { PhotoProcessing } from '../images/processing-pool.js';
import type { PhotoStorage, StoredRendition } from '../store/photo-storage.js';
import { readShelterRow, updateShelterRow } from '../store/repositories/shelter-repository.js';
import type { ShelterRow } from '../store/schema.js';
import type { PetPhotos } from './pet-photos.js';
import type { Writes } from './writes.js';

export interface ShelterLogo {
  /** Processes the image and makes it the logo, in place of any before it. */
  put(upload: { contentType: UploadType; bytes: Buffer }): Promise<Photo>;
  /** Removes the logo, if there is one; its URLs answer 404 from then on. */
  remove(): Promise<void>;
  /** One size of the logo, as stored; undefined when `logoId` names no logo. */
  rendition(logoId: string, size: string): Promise<StoredRendition | undefined>;
}

/** The logo of the shelter's row as the API answers it, a photo; null when there is none. */
export const logoOf = (petPhotos: PetPhotos, row: ShelterRow): Photo | null =>
  row.logo_id === null
    ? null
    : petPhotos.toPhoto({
        id: row.logo_id,
        pet_id: 0,
        position: 0,
        width: row.logo_width!,
        height: row.logo_height!,
        created_at: row.logo_created_at!,
      });

export function createShelterLogo(
  storage: PhotoStorage,
  petPhotos: PetPhotos,
  writes: Writes,
  processing: PhotoProcessing,
  maxPixels: number,
  clock: () => number = Date.now,
): ShelterLogo {
  /**
   * Sets the logo's fields of the row (all null to remove it) and stores its sizes, in place of the one
   * before, in one transaction: a logo is never shown without its sizes.
   */
  const replace = (
    logo: Pick<ShelterRow, 'logo_id' | 'logo_width' | 'logo_height' | 'logo_created_at'>,
    renditions: readonly StoredRendition[] = [],
  ) =>
    writes.alone('data', async (trx) => {
      const before = await readShelterRow(trx);
      if (before.logo_id !== null) await storage.delete(trx, [before.logo_id]);
      if (logo.logo_id !== null) await storage.put(trx, logo.logo_id, renditions);
      return updateShelterRow(trx, { ...logo, updated_at: clock() });
    });

  return {
    async put({ contentType, bytes }) {
      // Processed before the transaction, as photos are: the write holds no lock while an image is encoded.
      const processed = await processing.process(bytes, contentType, maxPixels);
      const id = newPhotoId();
      const row = await replace(
        {
          logo_id: id,
          logo_width: processed.width,
          logo_height: processed.height,
          logo_created_at: clock(),
        },
        processed.renditions,
      );
      return logoOf(petPhotos, row)!;
    },

    async remove() {
      await replace({ logo_id: null, logo_width: null, logo_height: null, logo_created_at: null });
    },

    rendition: async (logoId, size) =>
      isPhotoId(logoId) && isPhotoSize(size) ? storage.get(logoId, size) : undefined,
  };
}
