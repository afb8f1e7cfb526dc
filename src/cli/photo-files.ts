// The image files the CLI uploads: their type is named by their extension, as the service expects one of its
// four. A file of another kind is refused before anything is sent; the service still reads the real type
// from the bytes.
import { stat } from 'node:fs/promises';
import { extname } from 'node:path';
import type { PhotoContentType } from '@petstore/client';

const typesByExtension: Record<string, PhotoContentType> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
};

export const photoExtensions = Object.keys(typesByExtension);

/** The Content-Type of an image file by its extension (in any case), or undefined for another kind of file. */
export const photoContentTypeOf = (file: string): PhotoContentType | undefined =>
  typesByExtension[extname(file).toLowerCase()];

/** Why a file is not uploaded: the sentence a refusal gives. */
export const notAPhoto = (file: string) =>
  `${file} is not a photo the service takes: its name must end in ${photoExtensions.join(', ')}`;

/** Why `file` cannot be uploaded (not a photo by its name, missing, or not a file), or undefined when it can. */
export async function unreadablePhoto(file: string): Promise<string | undefined> {
  if (!photoContentTypeOf(file)) return notAPhoto(file);
  const found = await stat(file).catch(() => undefined);
  return found?.isFile() ? undefined : `${file} is not a file that can be read`;
}
