// sharp (libvips), set up once for untrusted uploads: only the decoders of the four formats the service takes
// may run, so a body in any other format (SVG with its scripts, TIFF, GIF, PDF…) is refused before any
// parser of that format sees it; libvips keeps no cache of operations, which would only hold memory for
// images that are each processed once; and each image has one thread, whatever the allocator: the images
// share the cores side by side (oneImagePerCore in process-photo.ts), where more threads per image would only hold more memory.
import sharp from 'sharp';

sharp.block({ operation: ['VipsForeignLoad'] });
sharp.unblock({
  operation: [
    'VipsForeignLoadJpegBuffer',
    'VipsForeignLoadPngBuffer',
    'VipsForeignLoadWebpBuffer',
    // AVIF is HEIF with AV1 inside; other HEIF (HEIC) is refused by its media type (process-photo.ts).
    'VipsForeignLoadHeifBuffer',
  ],
});
sharp.cache(false);
sharp.concurrency(1);

export { sharp };
