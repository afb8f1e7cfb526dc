// The photos a console form sent, checked before anything is written (their number, size and type, read
// from their bytes), then added one by one through the photos service, as `POST /v1/pets/{petId}/photos`
// adds them: processed, stripped of their metadata, with their events. A refusal is said in words a
// volunteer can act on, naming the file.
import type { UploadType } from '../../domain/photo.js';
import { ApiError } from '../../errors/api-error.js';
import type { PhotosService } from '../../services/photos-service.js';
import type { Messages } from '../messages/en.js';
import { photoTypeOf, type PhotoParts } from './photo-form-body.js';

export interface PhotoLimits {
  perPet: number;
  bytes: number;
}

export interface CheckedPhoto {
  name: string;
  type: UploadType;
  bytes: Buffer;
}

/**
 * The photos ready to add, or what is wrong with them: more than `room` (the animal's photos left), one too
 * large, one that is not a photo of a taken type.
 */
export async function checkPhotos(
  parts: PhotoParts | undefined,
  room: number,
  limits: PhotoLimits,
  messages: Messages,
): Promise<{ photos: CheckedPhoto[] } | { error: string }> {
  const p = messages.console.photos;
  const files = parts?.files ?? [];
  if (files.length + (parts?.beyond ?? 0) > room) return { error: p.tooMany(limits.perPet, room) };
  const photos: CheckedPhoto[] = [];
  for (const file of files) {
    if (file.tooLarge) return { error: p.tooLarge(file.name, messages.console.sizeText(limits.bytes)) };
    const type = await photoTypeOf(file.bytes);
    if (!type) return { error: p.notPhoto(file.name) };
    photos.push({ name: file.name, type, bytes: file.bytes });
  }
  return { photos };
}

export interface PhotoFailure {
  name: string;
  message: string;
}

function failureOf(error: unknown, photo: CheckedPhoto, limits: PhotoLimits, messages: Messages): string {
  const p = messages.console.photos;
  if (!(error instanceof ApiError)) throw error;
  switch (error.code) {
    case 'image_too_large':
      return p.tooManyPixels(photo.name);
    case 'invalid_image':
    case 'unsupported_image':
      return p.unreadable(photo.name);
    case 'too_many_photos':
      return p.tooMany(limits.perPet, 0);
    default:
      if (error.status >= 500) return p.busy(photo.name);
      throw error;
  }
}

/** Adds the photos in their order; each that the service refuses is a failure, and the rest go on. */
export async function addPhotos(
  photosService: PhotosService,
  petId: number,
  photos: readonly CheckedPhoto[],
  limits: PhotoLimits,
  messages: Messages,
): Promise<{ added: number; failures: PhotoFailure[] }> {
  const failures: PhotoFailure[] = [];
  let added = 0;
  for (const photo of photos) {
    try {
      await photosService.upload({ petId, contentType: photo.type, bytes: photo.bytes });
      added++;
    } catch (error) {
      failures.push({ name: photo.name, message: failureOf(error, photo, limits, messages) });
    }
  }
  return { added, failures };
}
