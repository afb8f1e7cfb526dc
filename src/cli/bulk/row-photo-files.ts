// The image files a row of an import names (`photoFiles`), found under --photos-dir: a name is a path relative
// to that folder, and one that leads out of it (`../x.jpg`, an absolute path, a symbolic link to elsewhere) is
// refused, so that a file received from someone else cannot make the import upload any file the user can read.
import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { PhotoContentType } from '@petstore/client';
import { notAPhoto, photoContentTypeOf } from '../photo-files.js';

export interface RowPhotoFile {
  /** The name as the row gives it, for the report. */
  name: string;
  /** Where it is, every link followed. */
  path: string;
  contentType: PhotoContentType;
}

/** Why a row's files cannot be uploaded: the code and message of its line in the report. */
export interface PhotoFileRefusal {
  code: 'photo_file_outside_dir' | 'photo_file_not_found' | 'not_a_photo';
  message: string;
}

/** Whether `path` is `root` or under it. */
const within = (root: string, path: string) => {
  const way = relative(root, path);
  return !isAbsolute(way) && way.split(sep)[0] !== '..';
};

/**
 * The files of a row, in its order, each checked to be an image file (by its extension, as `pets photos add`
 * checks it) within `root` (the real path of --photos-dir); or why the first that is not was refused.
 */
export async function rowPhotoFiles(
  root: string,
  names: string[],
): Promise<RowPhotoFile[] | PhotoFileRefusal> {
  const files: RowPhotoFile[] = [];
  for (const name of names) {
    const outside = {
      code: 'photo_file_outside_dir',
      message: `${name} is not within --photos-dir`,
    } as const;
    if (isAbsolute(name) || !within(root, resolve(root, name))) return outside;
    const contentType = photoContentTypeOf(name);
    if (!contentType) return { code: 'not_a_photo', message: notAPhoto(name) };
    let path: string;
    try {
      path = await realpath(resolve(root, name));
    } catch {
      return { code: 'photo_file_not_found', message: `no such file in --photos-dir: ${name}` };
    }
    if (!within(root, path)) return outside;
    if (!(await stat(path)).isFile())
      return { code: 'photo_file_not_found', message: `${name} is not a file` };
    files.push({ name, path, contentType });
  }
  return files;
}
