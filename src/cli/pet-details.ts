// One animal as `pets add`, `get` and `update` print it in text: a line a field, `-` where nothing is known.
// A table row, as `pets list` prints, would hide the profile that an update has just changed.
import type { Pet } from '@petstore/client';
import { detailLines, shown, type Field } from './detail-lines.js';
import { absolutePhoto } from './photo-urls.js';

export interface DetailsContext {
  /** The pet's ETag, when known. */
  etag?: string;
  /** Its category's name, when known. */
  category?: string;
  /** The command's --url, which the photos' URLs are made absolute on. */
  baseUrl: string;
}

/** `children yes, dogs no, cats unknown`. */
const flagsText = (flags: Record<string, boolean | null>): string =>
  Object.entries(flags)
    .map(([name, value]) => `${name} ${value === null ? 'unknown' : shown(value)}`)
    .join(', ');

/**
 * The lines of `pet`, its photos' medium-size URLs one a line, and its ETag last when known; a description's
 * own lines are indented under it.
 */
export function petDetails(pet: Pet, { etag, category, baseUrl }: DetailsContext): string {
  const photos = pet.photos.map((photo) => absolutePhoto(photo, baseUrl).urls.medium);
  const fields: Field[] = [
    ['ID', shown(pet.id)],
    ['Name', pet.name],
    ['Category', category === undefined ? shown(pet.categoryId) : `${category} (${pet.categoryId})`],
    ['Status', pet.status],
    ['Published', shown(pet.published)],
    ['Breed', shown(pet.breed)],
    ['Mixed breed', shown(pet.mixedBreed)],
    ['Sex', shown(pet.sex)],
    ['Age', shown(pet.age)],
    ['Birth date', shown(pet.birthDate)],
    ['Size', shown(pet.size)],
    ['Color', shown(pet.color)],
    ['Coat', shown(pet.coat)],
    ['Attributes', flagsText(pet.attributes)],
    ['Good with', flagsText(pet.goodWith)],
    ['Tags', pet.tags.length ? pet.tags.join(', ') : '-'],
    ['Description', shown(pet.description)],
    ['Photos', photos.length ? photos.join('\n') : '-'],
    ['Created', pet.createdAt],
    ['Updated', pet.updatedAt],
    ...(etag ? [['ETag', etag] as Field] : []),
  ];
  return detailLines(fields);
}
