// `pets photos list --html`: the <img> tags a shelter's own page can paste to show an animal's photos, the
// primary first. The alt text names the animal, so the page stays readable to a screen reader.
import escapeHtml from 'escape-html';
import type { Photo } from '@petstore/client';
import type { PhotoSize } from '../domain/photo-sizes.js';

/** One `<img>` per photo of the `size` given, its URL as the photos commands print it (absolute). */
export function photoImgTags(petName: string, photos: readonly Photo[], size: PhotoSize): string {
  return photos
    .map((photo, i) => {
      const alt = `${petName}, photo ${i + 1} of ${photos.length}`;
      return `<img src="${escapeHtml(photo.urls[size])}" alt="${escapeHtml(alt)}" loading="lazy" />`;
    })
    .join('\n');
}
