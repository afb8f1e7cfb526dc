// `petstore pets photos add|list|remove|move`: an animal's photos, over HTTP through the SDK like the other
// `petstore pets` commands. Each photo is shown with its id and the absolute URL of its full size, which a
// web page can use in `<img src>` as it is.
import { readFile } from 'node:fs/promises';
import { Command, Option } from 'commander';
import type { Photo } from '@petstore/client';
import { photoSizes, type PhotoSize } from '../../domain/photo-sizes.js';
import { progressBar } from '../bulk/progress-bar.js';
import { usageError } from '../cli-error.js';
import { withClient, withClientOptions, type ClientFlags } from '../client-options.js';
import { nonNegativeInteger, positiveInteger } from '../option-parsers.js';
import { photoContentTypeOf, unreadablePhoto } from '../photo-files.js';
import { photoImgTags } from '../photo-img-tags.js';
import { absolutePhoto } from '../photo-urls.js';
import { printFound, printOutcome } from '../print-table.js';

const photoRow = (photo: Photo) => ({ id: photo.id, position: photo.position, url: photo.urls.full });

export function photosCommand(): Command {
  const photos = new Command('photos').description(
    "An animal's photos: add, list, move and remove them (the first is the primary one)",
  );

  withClientOptions(
    photos
      .command('add')
      .description(
        'Upload photos of a pet (.jpg, .jpeg, .png, .webp or .avif files), in the order given, after its ' +
          'others; each is sent with an Idempotency-Key, so retries never add it twice',
      )
      .argument('<id>', 'Pet id', positiveInteger('id'))
      .argument('<files...>', 'Image files'),
  ).action(async (id: number, files: string[], flags: ClientFlags) => {
    // Every file is checked first: a wrong or missing one in the middle would leave half the photos uploaded.
    const refused = (await Promise.all(files.map(unreadablePhoto))).filter((why) => why !== undefined);
    if (refused.length > 0) throw usageError(refused.join('\n'));
    const added: Photo[] = [];
    const progress = progressBar('Uploading photos [{bar}] {value}/{total}', files.length, flags.json);
    try {
      await withClient(flags, async (client) => {
        for (const file of files) {
          const contentType = photoContentTypeOf(file)!;
          const photo = await client.uploadPhoto(id, await readFile(file), { contentType });
          progress.update(added.push(absolutePhoto(photo, flags.url)));
        }
      });
    } finally {
      progress.stop();
    }
    printFound(added, photoRow, flags.json);
  });

  withClientOptions(
    photos
      .command('list')
      .description("List a pet's photos, the primary one first")
      .argument('<id>', 'Pet id', positiveInteger('id'))
      .addOption(
        new Option('--html [size]', 'Print an <img> tag per photo, for a web page, of this size')
          .choices(photoSizes)
          .preset('medium'),
      ),
  ).action(async (id: number, flags: ClientFlags & { html?: PhotoSize }) => {
    // The photos come with the animal: until the operation's sunset, its GET is the one that gives them.
    const pet = await withClient(flags, (client) => client.getPet(id));
    const photosOfPet = pet.photos.map((photo) => absolutePhoto(photo, flags.url));
    if (flags.html) console.log(photoImgTags(pet.name, photosOfPet, flags.html));
    else printFound(photosOfPet, photoRow, flags.json);
  });

  withClientOptions(
    photos
      .command('remove')
      .description("Remove a pet's photo: its URLs answer 404 from then on")
      .argument('<id>', 'Pet id', positiveInteger('id'))
      .argument('<photoId>', 'Photo id'),
  ).action(async (id: number, photoId: string, flags: ClientFlags) => {
    await withClient(flags, (client) => client.deletePhoto(id, photoId));
    printOutcome({ id: photoId, removed: true }, () => `Removed photo ${photoId} of pet ${id}`, flags.json);
  });

  withClientOptions(
    photos
      .command('move')
      .description("Move a pet's photo: position 0 makes it the primary one; past the last moves it last")
      .argument('<id>', 'Pet id', positiveInteger('id'))
      .argument('<photoId>', 'Photo id')
      .argument('<position>', 'New position, from 0', nonNegativeInteger('position')),
  ).action(async (id: number, photoId: string, position: number, flags: ClientFlags) => {
    const photo = await withClient(flags, (client) => client.movePhoto(id, photoId, position));
    printOutcome(
      absolutePhoto(photo, flags.url),
      (moved) => `Moved photo ${moved.id} of pet ${id} to position ${moved.position}`,
      flags.json,
    );
  });

  return photos;
}
