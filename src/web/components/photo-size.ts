// The width and height of one stored size of a photo, from its full size: each size is the full image fitted
// inside a square of its long edge, never enlarged (src/images/process-photo.ts), so the page can reserve
// its box before the image arrives.
import type { Photo } from '../../domain/photo.js';
import { photoLongEdges, type PhotoSize } from '../../domain/photo-sizes.js';

export function sizeOf(photo: Photo, size: PhotoSize): { width: number; height: number } {
  const scale = Math.min(1, photoLongEdges[size] / Math.max(photo.width, photo.height));
  return {
    width: Math.max(1, Math.round(photo.width * scale)),
    height: Math.max(1, Math.round(photo.height * scale)),
  };
}
