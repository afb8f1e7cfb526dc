// The body of a console form that carries photos (multipart/form-data, the only encoding a file input can
// be sent in), read into the same texts as any other form, and the photos beside them. Only a route that
// takes photos keeps their bytes, and it keeps at most as many as an animal may have, each at most the
// upload limit: a further photo is counted but not kept, and a larger one is cut short and marked, so that
// the form comes back with its values and an error beside the photos, never a bare 413. It runs after the
// session is read (onRequest), so that only a signed-in request's photos are held in memory.
import multipart from '@fastify/multipart';
import { finished } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { isUploadType, type UploadType } from '../../domain/photo.js';

export interface PhotoFile {
  /** The name the browser gave, for the messages: text of the sender's, escaped like any other. */
  name: string;
  bytes: Buffer;
  /** Cut short at the upload limit: the photo was larger. */
  tooLarge: boolean;
}

export interface PhotoParts {
  files: PhotoFile[];
  /** Photos sent past the most an animal may have, whose bytes were not kept. */
  beyond: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route keeps the photos of its form (the file inputs named `photos`). */
    takesPhotos?: boolean;
  }
  interface FastifyRequest {
    /** The photos a multipart form sent, on a route that takes them. */
    photoParts: PhotoParts | undefined;
  }
}

export const photosField = 'photos';
/** A name longer than this is shortened in the messages. */
const shownNameLength = 80;
/** The fields and parts one form may have: far more than any console form shows. */
const partLimits = { fields: 200, parts: 300, fieldSize: 64 * 1024 } as const;

/** Reads a part to its end without keeping it: the parts after it are read only once it has been. */
async function drain(file: NodeJS.ReadableStream & { resume(): unknown }): Promise<void> {
  file.resume();
  await finished(file);
}

const shownName = (name: string) => {
  const visible = name.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  return visible.length > shownNameLength ? `${visible.slice(0, shownNameLength - 1)}…` : visible;
};

export async function readPhotoFormBodies(
  scope: FastifyInstance,
  limits: { fileSize: number; files: number },
): Promise<void> {
  await scope.register(multipart, {
    throwFileSizeLimit: false,
    limits: { ...partLimits, fileSize: limits.fileSize },
  });
  scope.decorateRequest('photoParts', undefined);
  scope.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    const values: Record<string, string> = Object.create(null);
    const parts: PhotoParts = { files: [], beyond: 0 };
    // Kept only for a session: a request of no one's (the sign-in page answers it) is read, never held.
    const keeps = request.routeOptions.config.takesPhotos === true && request.signedIn !== undefined;
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        // A field sent as JSON is parsed by the reader; a form's fields are texts.
        if (typeof part.value === 'string') values[part.fieldname] ??= part.value;
        continue;
      }
      // A file input left empty is sent as a part with no name and no bytes.
      if (!keeps || part.fieldname !== photosField || part.filename === '') {
        await drain(part.file);
        continue;
      }
      if (parts.files.length >= limits.files) {
        await drain(part.file);
        parts.beyond++;
        continue;
      }
      const bytes = await part.toBuffer();
      parts.files.push({ name: shownName(part.filename), bytes, tooLarge: part.file.truncated });
    }
    request.body = values;
    if (keeps) request.photoParts = parts;
  });
}

/** The photo's type, read from its bytes (never from the name or the type the browser declared). */
export async function photoTypeOf(bytes: Buffer): Promise<UploadType | undefined> {
  const found = await fileTypeFromBuffer(bytes);
  return found && isUploadType(found.mime) ? found.mime : undefined;
}
