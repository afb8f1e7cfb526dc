// Use cases on the shelter's own details: read them (cached, as the pages read them on every request) and
// change them as a merge patch, refusing an accent colour too pale to read on white.
import { contrastOnWhite, minimumContrast } from '../domain/contrast.js';
import type { Shelter, ShelterChanges, ShelterField } from '../domain/shelter.js';
import { ApiError } from '../errors/api-error.js';
import type { Speed, VersionView } from '../speed/index.js';
import { readShelterRow, updateShelterRow } from '../store/repositories/shelter-repository.js';
import type { ShelterRow, ShelterRowChange } from '../store/schema.js';
import type { Store } from '../store/store.js';
import type { PetPhotos } from './pet-photos.js';
import { logoOf } from './shelter-logo.js';
import type { Writes } from './writes.js';

export interface ShelterService {
  /** The details as they are. `version` is the request's view of the versions (Speed.view), if it has one. */
  get(version?: VersionView): Promise<Shelter>;
  /** Sets the fields given, clears those given as null; 400 `low_contrast` for a pale accent colour. */
  update(changes: ShelterChanges): Promise<Shelter>;
}

/** Each field's column: the one place that pairs them. */
const columnOf = {
  name: 'name',
  intro: 'intro',
  email: 'email',
  phone: 'phone',
  address: 'address',
  website: 'website',
  openingHours: 'opening_hours',
  accentColour: 'accent_colour',
} as const satisfies Record<ShelterField, keyof ShelterRow>;

const fields = Object.keys(columnOf) as ShelterField[];

export function createShelterService(
  store: Store,
  speed: Speed,
  writes: Writes,
  petPhotos: PetPhotos,
  clock: () => number = Date.now,
): ShelterService {
  // A write of the topic moves its version, so every instance reads the change on its next request.
  const cached = speed.cache<Shelter>('data', 1);

  const toShelter = (row: ShelterRow): Shelter => ({
    ...(Object.fromEntries(fields.map((field) => [field, row[columnOf[field]]])) as Pick<
      Shelter,
      ShelterField
    >),
    logo: logoOf(petPhotos, row),
    updatedAt: row.updated_at === null ? null : new Date(Number(row.updated_at)).toISOString(),
  });

  return {
    get: (version) => cached.read('', async () => toShelter(await readShelterRow(store.db)), version),

    async update(changes) {
      const accent = changes.accentColour?.toLowerCase();
      if (accent) {
        const ratio = contrastOnWhite(accent);
        if (ratio < minimumContrast) throw new ApiError('low_contrast', accent, ratio, minimumContrast);
      }
      const given = fields.filter((field) => changes[field] !== undefined);
      if (given.length === 0) return toShelter(await readShelterRow(store.db));
      const change: ShelterRowChange = { updated_at: clock() };
      for (const field of given) {
        change[columnOf[field]] = field === 'accentColour' ? (accent ?? null) : changes[field];
      }
      return toShelter(await writes.alone('data', (trx) => updateShelterRow(trx, change)));
    },
  };
}
