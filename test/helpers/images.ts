// Images for the photo tests, made at run time with sharp: one of each format, a phone photo lying on its
// side with a GPS position and XMP, and a decompression bomb (a PNG whose header declares billions of pixels
// in a few hundred kilobytes, its rows of zeros compressed by zlib as any encoder would).
import { once } from 'node:events';
import { crc32, createDeflate } from 'node:zlib';
import sharp from 'sharp';

export type Format = 'jpeg' | 'png' | 'webp' | 'avif';

export const contentTypes: Record<Format, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};

/** Pixels of an image whose left half is red and right half blue: where they end up shows its orientation. */
function halves(width: number, height: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      pixels.set(x < width / 2 ? [220, 20, 20] : [20, 20, 220], (y * width + x) * 3);
  return pixels;
}

const twoHalves = (width: number, height: number) =>
  sharp(halves(width, height), { raw: { width, height, channels: 3 } });

/** An image of `format`, `width` × `height`, red on the left and blue on the right. */
export const makeImage = (format: Format, width = 400, height = 300): Promise<Buffer> =>
  twoHalves(width, height).toFormat(format).toBuffer();

/** Text in the metadata of the phone photo, so that a test can look for any of its bytes in the outputs. */
export const secrets = { gps: 'FOSTER-HOME-GPS', xmp: 'FOSTER-HOME-XMP', exif: 'FOSTER-HOME-EXIF' };

/**
 * A JPEG as a phone stores a photo taken upright: 400 × 200 pixels on their side (red left, blue right) and
 * EXIF orientation 6 (turn 90° clockwise to show), so that upright it is 200 × 400, red on top. It carries a
 * GPS block, an EXIF copyright and XMP, each with a text from `secrets`.
 */
export const phonePhoto = (): Promise<Buffer> =>
  twoHalves(400, 200)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Copyright: secrets.exif },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSMapDatum: secrets.gps },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
        `<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>${secrets.xmp}</dc:creator>` +
        '</rdf:Description></rdf:RDF></x:xmpmeta>',
    )
    .toBuffer();

const pngChunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/**
 * A valid black-and-white PNG of `width` × `height` (width a multiple of 8), its rows of zeros deflated: a
 * 50,000 × 50,000 one is 2.5 gigapixels in about 300 kB.
 */
export async function pngBomb(width: number, height: number): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth 1, greyscale, no interlace
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const row = Buffer.alloc(1 + width / 8); // filter byte 0, then the row's bits
  for (let y = 0; y < height; y++) if (!deflate.write(row)) await once(deflate, 'drain');
  deflate.end();
  await once(deflate, 'end');
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(parts)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The colour of the pixel at (x, y) of an image, as [r, g, b]. */
export async function pixelAt(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

/** Whether a colour is mostly red (true) or mostly blue (false). */
export const isRed = ([r, , b]: number[]) => r! > b!;
