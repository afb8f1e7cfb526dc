// Schemas of the photo operations (a photo's own are in domain/photo.ts): validation, serialization and
// OpenAPI at once, binary bodies included.
import { Type } from '@sinclair/typebox';
import { photoSizes } from '../../domain/photo-sizes.js';
import { PhotoMoveSchema, PhotoSchema, photoIdLimits, uploadTypes } from '../../domain/photo.js';
import { idSchema } from '../../domain/resource-id.js';
import { commonHeaders, rateLimitHeaders } from '../../http/schemas/error.js';
import { idempotentReplayedHeader } from '../../http/schemas/idempotency.js';

/**
 * Bytes, for the document; the validator takes them as they are (src/http/validation.ts), and `maxLength`, in
 * bytes, is enforced by the route's body limit (413).
 */
const binary = (description: string, maxLength?: number) =>
  Type.Unsafe<Buffer>({ type: 'string', format: 'binary', ...(maxLength && { maxLength }), description });

/** The upload's body: the image itself, under one of its four media types, at most `limit` bytes. */
export const photoUploadBody = (limit: number) => ({
  content: Object.fromEntries(
    Object.entries(uploadTypes).map(([type, name]) => [
      type,
      { schema: binary(`An image in ${name}; its bytes must be ${name}, whatever else they carry`, limit) },
    ]),
  ),
});

export const PetPhotoParams = Type.Object({
  petId: idSchema('Identifier of the animal'),
  photoId: Type.String({ ...photoIdLimits, description: 'Identifier of the photo' }),
});

/** A photo's address: anything else names no photo, and is 404 `photo_not_found` (never 400). */
export const PhotoFileParams = Type.Object({
  photoId: Type.String({
    ...photoIdLimits,
    'x-error-code': 'photo_not_found',
    description: 'Identifier of the photo',
    examples: ['hHdTq2o1b9n7yVQk1sQe0w'],
  }),
  size: Type.Unsafe<string>({
    type: 'string',
    enum: [...photoSizes],
    'x-error-code': 'photo_not_found',
    description: `One of ${photoSizes.map((size) => `\`${size}\``).join(', ')}; any other is 404`,
    examples: ['medium'],
  }),
});

export const uploadPhotoResponse = Type.Ref(PhotoSchema, {
  description:
    'The photo, added last among the animal’s; or, with `Idempotent-Replayed: true`, the stored response of ' +
    'the first request with the same Idempotency-Key',
  headers: {
    ...commonHeaders,
    Location: Type.String({ description: 'URL of the photo’s `full` size' }),
    ...idempotentReplayedHeader,
  },
});

export const movePhotoResponse = Type.Ref(PhotoSchema, {
  description: 'The photo at its new position; the animal’s other photos keep their order around it',
  headers: commonHeaders,
});

export const removePhotoResponse = Type.Null({
  description: 'Removed: its URLs answer 404 from now on, and the photos after it move up one place',
  headers: commonHeaders,
});

/** Headers of every photo download, the 304 included. */
const fileHeaders = {
  'X-Request-Id': commonHeaders['X-Request-Id']!,
  ETag: Type.String({
    description: 'Strong entity tag of these bytes; send it in `If-None-Match` to get 304',
  }),
  'Cache-Control': Type.String({
    description: '`public, max-age=31536000, immutable`: a photo never changes; a new one has a new URL',
  }),
  'Cross-Origin-Resource-Policy': Type.String({ description: '`cross-origin`: any page may show it' }),
  ...rateLimitHeaders,
};

export const photoFileResponse = {
  description: 'The image, WebP, upright and without metadata; `HEAD` gives the same headers without it',
  headers: {
    ...fileHeaders,
    'Content-Type': Type.String({ description: '`image/webp`' }),
    'Content-Length': Type.Integer({ description: 'Length of the image in bytes' }),
  },
  content: { 'image/webp': { schema: binary('The image') } },
};

export const photoNotModifiedResponse = Type.Null({
  description: 'Not modified: the `If-None-Match` sent names these bytes, which the client already has',
  headers: fileHeaders,
});

export const sharedPhotoSchemas = [PhotoSchema, PhotoMoveSchema];
