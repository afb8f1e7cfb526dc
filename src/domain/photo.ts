// What a photo of an animal is: the image types an upload may be, its unguessable id, and its
// schemas (validation, serialization, the OpenAPI document and the types at once). No I/O here.
import { Type, type Static } from '@sinclair/typebox';
import { photoLongEdges, type PhotoSize } from './photo-sizes.js';
import { newRandomId } from './random-id.js';

/** The media types an upload may declare, each with the format its bytes must then be (sharp's name). */
export const uploadTypes = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/avif': 'AVIF',
} as const;
export type UploadType = keyof typeof uploadTypes;
export const isUploadType = (value: string): value is UploadType => Object.hasOwn(uploadTypes, value);

/**
 * Photo ids: 16 random bytes in base64url, 22 characters, so that a photo's URL cannot be guessed
 * from another's: its photos are served without a key.
 */
export const photoIdLength = 22;
export const photoIdPattern = `^[A-Za-z0-9_-]{${photoIdLength}}$`;
/** The bounds of a photo id in a schema: its length, and the pattern whose message says what it is. */
export const photoIdLimits = {
  minLength: photoIdLength,
  maxLength: photoIdLength,
  pattern: photoIdPattern,
  'x-pattern-rule': `must be a photo id: ${photoIdLength} characters of letters, digits, - and _`,
} as const;
const photoIdShape = new RegExp(photoIdPattern);
export const isPhotoId = (value: string): boolean => photoIdShape.test(value);

/** A new photo id: safe on a command line (`petstore pets photos remove 7 <id>`), see random-id.ts. */
export const newPhotoId = newRandomId;

/** Where the photos are served, under /v1: every request below it is answered without a key. */
export const photoPathPrefix = '/v1/photos/';

/**
 * The photo ids of a pet in their new order once `id` moves to `position` (0 is the primary photo); a
 * position past the last moves it last. Undefined when the pet has no such photo.
 */
export function movedOrder(ids: readonly string[], id: string, position: number): string[] | undefined {
  const from = ids.indexOf(id);
  if (from < 0) return undefined;
  const rest = ids.filter((other) => other !== id);
  const to = Math.min(position, rest.length);
  return [...rest.slice(0, to), id, ...rest.slice(to)];
}

const url = (size: PhotoSize) =>
  Type.String({
    description: `The ${size} size, at most ${photoLongEdges[size]} px on its long edge; served without a key`,
    examples: [`https://api.example.org/v1/photos/hHdTq2o1b9n7yVQk1sQe0w/${size}`],
  });

export const PhotoSchema = Type.Object(
  {
    id: Type.String({
      ...photoIdLimits,
      description: 'Unguessable identifier: 127 random bits, URL-safe, beginning with a letter',
      examples: ['hHdTq2o1b9n7yVQk1sQe0w'],
    }),
    position: Type.Integer({ minimum: 0, description: 'Place among the animal’s photos; 0 is the primary' }),
    width: Type.Integer({ minimum: 1, description: 'Width of the `full` size in pixels, upright' }),
    height: Type.Integer({ minimum: 1, description: 'Height of the `full` size in pixels, upright' }),
    urls: Type.Object(
      { small: url('small'), medium: url('medium'), large: url('large'), full: url('full') },
      {
        additionalProperties: false,
        description:
          'Where each size is served: plain `<img src>` works on any page. A photo never changes, so its URLs ' +
          'are cached for a year',
      },
    ),
    createdAt: Type.String({ format: 'date-time', description: 'When the photo was added (RFC 3339, UTC)' }),
  },
  {
    $id: 'Photo',
    additionalProperties: false,
    description:
      'A photo of an animal, re-encoded in four sizes, upright and without any metadata of the upload',
  },
);

export const PhotoMoveSchema = Type.Object(
  {
    position: Type.Integer({
      minimum: 0,
      maximum: 1000,
      format: 'int32',
      description: 'The new place: 0 makes it the primary photo; a place past the last moves it last',
    }),
  },
  { $id: 'PhotoMove', additionalProperties: false, description: 'Where to move a photo among its animal’s' },
);

export type Photo = Static<typeof PhotoSchema>;
