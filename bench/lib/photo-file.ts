// The upload of the photo rows: a 12-megapixel JPEG made once per run with sharp. Noise over a gradient
// compresses about as a camera's photo does (a few megabytes at quality 90), so that decoding it costs what
// decoding a real one costs; a flat image would decode in a fraction of the time.
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';

export const photoWidth = 4000;
export const photoHeight = 3000;

/** Writes the JPEG to `file` and returns its path. */
export async function writeTwelveMegapixelJpeg(file: string): Promise<string> {
  const channels = 3;
  const pixels = Buffer.alloc(photoWidth * photoHeight * channels);
  for (let i = 0; i < pixels.length; i++) {
    const x = Math.floor(i / channels) % photoWidth;
    pixels[i] = Math.min(255, Math.floor((x / photoWidth) * 160 + Math.random() * 96));
  }
  const jpeg = await sharp(pixels, { raw: { width: photoWidth, height: photoHeight, channels } })
    .jpeg({ quality: 90 })
    .toBuffer();
  writeFileSync(file, jpeg);
  return file;
}
