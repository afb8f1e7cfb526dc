// An upload made safe: its type read from its bytes (never from Content-Type), its declared size checked
// against the pixel cap from its header alone (a decompression bomb is refused before any pixel is decoded),
// then decoded once, turned upright by its EXIF orientation, and re-encoded in every size. Only pixels
// survive: no byte of the upload (its metadata, GPS position, or anything appended after the image) reaches
// what is stored. The service runs it in child processes of its own (processing-pool.ts), away from the
// cores' share that request handling gets; the benchmarks' sharp-alone baseline runs it in its own process.
import { hash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import type { Metadata } from 'sharp';
import { photoLongEdges, photoSizes, type PhotoSize } from '../domain/photo-sizes.js';
import { isUploadType, uploadTypes, type UploadType } from '../domain/photo.js';
import { ApiError } from '../errors/api-error.js';
import { sharp } from './sharp-library.js';

/** One stored size of a photo: WebP bytes, upright, with no metadata. */
export interface Rendition {
  size: PhotoSize;
  width: number;
  height: number;
  contentType: string;
  bytes: Buffer;
  /** A strong entity tag: a digest of the bytes. */
  etag: string;
}

export interface ProcessedPhoto {
  /** Of the `full` size, upright. */
  width: number;
  height: number;
  renditions: Rendition[];
}

/**
 * WebP for every size: every browser in use shows it, it is about a quarter smaller than JPEG at the same
 * look, and keeps the transparency of a PNG. Quality 80 shows no visible loss at these sizes
 * (docs/photos.md); AVIF would be smaller still but takes several times longer to encode.
 */
const output = { contentType: 'image/webp', options: { quality: 80, effort: 4 } } as const;

const megapixels = (pixels: number) =>
  `${(pixels / 1e6).toLocaleString('en', { maximumFractionDigits: 1 })} MP`;

/** A sharp failure in the catalogue's terms. */
function refusalOf(error: unknown, maxPixels: number): ApiError {
  const message = error instanceof Error ? error.message : String(error);
  if (/unsupported image format/i.test(message)) {
    return new ApiError('unsupported_image', 'the body is in none of the formats taken');
  }
  if (/exceeds pixel limit/i.test(message)) {
    return new ApiError('image_too_large', 'more than the decoder was allowed', megapixels(maxPixels));
  }
  // sharp's message names what is wrong with the file (a premature end, a bad marker), never its content.
  return new ApiError('invalid_image', message.split('\n')[0]!.slice(0, 200));
}

/** The header alone: format and dimensions, no pixel decoded (so no pixel cap applies yet: ours follows). */
async function readHeader(bytes: Buffer, maxPixels: number): Promise<Metadata> {
  if (bytes.length === 0) throw new ApiError('invalid_image', 'the body is empty');
  try {
    return await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw refusalOf(error, maxPixels);
  }
}

/** Refuses a body that is not one of the four formats, or not the one its Content-Type declares. */
function checkType({ mediaType }: Metadata, declared: UploadType): void {
  if (mediaType === undefined || !isUploadType(mediaType)) {
    throw new ApiError('unsupported_image', `the body is ${mediaType ?? 'of an unknown type'}`);
  }
  if (mediaType !== declared) {
    throw new ApiError(
      'unsupported_image',
      `the body is ${uploadTypes[mediaType]}, but Content-Type says ${declared}`,
    );
  }
}

/** Refuses, from the header's dimensions, an image with more pixels than the cap. */
function checkPixels({ width = 0, height = 0 }: Metadata, maxPixels: number): void {
  if (width * height > maxPixels) {
    throw new ApiError(
      'image_too_large',
      `${width} × ${height} pixels (${megapixels(width * height)})`,
      megapixels(maxPixels),
    );
  }
}

/**
 * Images decoded and encoded at once: one per core. sharp gives each image one libvips thread (sharp-library.ts)
 * on one thread of libuv's pool (4 by default), so on a machine with fewer cores than that, more images at once
 * only share the cores while each holds its decoded pixels and its encoder's buffers, and keep the pool's
 * threads from the file system. In the service's children (processing-pool.ts) each process holds one image
 * at a time anyway; the slots in front of them (processing-slots.ts) bound how many wait.
 */
const oneImagePerCore = pLimit(availableParallelism());

const etagOf = (bytes: Buffer) => `"${hash('sha256', bytes, 'base64url').slice(0, 27)}"`;

/**
 * Re-encodes an upload declared as `declared` into every size. Refusals: 415 `unsupported_image` (not one of
 * the four formats, or not the declared one), 422 `image_too_large` (over `maxPixels`), 400 `invalid_image`
 * (truncated or corrupt).
 */
export async function processPhoto(
  bytes: Buffer,
  declared: UploadType,
  maxPixels: number,
): Promise<ProcessedPhoto> {
  const header = await readHeader(bytes, maxPixels);
  checkType(header, declared);
  checkPixels(header, maxPixels);
  return oneImagePerCore(() => reencode(bytes, maxPixels));
}

/** Decodes `bytes` once, down to the largest size, and encodes every size from those pixels. */
async function reencode(bytes: Buffer, maxPixels: number): Promise<ProcessedPhoto> {
  const full = photoLongEdges.full;
  let pixels: { data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };
  try {
    // Decoded once, down to the largest size: the smaller ones are made from these pixels. The pixel cap
    // holds here too, should a header ever understate what the decoder then finds.
    pixels = await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'warning', autoOrient: true })
      .resize(full, full, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw refusalOf(error, maxPixels);
  }
  const { width, height, channels } = pixels.info;
  const renditions: Rendition[] = [];
  // One size after another: an upload holds one thread of the pool at a time (oneImagePerCore).
  for (const size of photoSizes) {
    const edge = photoLongEdges[size];
    const { data, info } = await sharp(pixels.data, { raw: { width, height, channels } })
      .resize(edge, edge, { fit: 'inside', withoutEnlargement: true })
      .webp(output.options)
      .toBuffer({ resolveWithObject: true });
    renditions.push({
      size,
      width: info.width,
      height: info.height,
      contentType: output.contentType,
      bytes: data,
      etag: etagOf(data),
    });
  }
  return { width, height, renditions };
}
