// The photo URLs the CLI prints and writes: absolute, so that a web page or a spreadsheet can use them as they
// are. The service answers relative ones (`/v1/photos/…`) unless PETSTORE_PUBLIC_URL is set on it.
import type { Photo } from '@petstore/client';

/** A photo's URLs as served: relative ones made absolute on `baseUrl` (the command's --url). */
export function absolutePhoto(photo: Photo, baseUrl: string): Photo {
  const at = (url: string) => new URL(url, baseUrl).href;
  const { small, medium, large, full } = photo.urls;
  return { ...photo, urls: { small: at(small), medium: at(medium), large: at(large), full: at(full) } };
}
