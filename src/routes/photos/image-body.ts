// Routes whose body is an image itself (a pet's photo, the shelter's logo): a context that reads only the
// image media types, as bytes, and refuses any other before it is read; Fastify stops reading a body past the
// route's limit (413).
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isUploadType, uploadTypes, type UploadType } from '../../domain/photo.js';
import { ApiError } from '../../errors/api-error.js';

/** The media type of a Content-Type header, without its parameters, in lower case. */
const mediaTypeOf = (header: string | undefined) => header?.split(';')[0]!.trim().toLowerCase() ?? '';

/** The upload media types, listed for descriptions. */
export const takenTypes = Object.keys(uploadTypes).join(', ');

/** Registers `routes` in a context of their own whose bodies are images. */
export async function withImageBodies(
  app: FastifyInstance,
  routes: FastifyPluginAsyncTypebox,
): Promise<void> {
  await app.register(async (context) => {
    context.removeAllContentTypeParsers();
    context.addContentTypeParser(Object.keys(uploadTypes), { parseAs: 'buffer' }, (_request, bytes, done) =>
      done(null, bytes),
    );
    context.addContentTypeParser('*', (request, _payload, done) =>
      done(
        new ApiError('unsupported_image', `Content-Type is ${mediaTypeOf(request.headers['content-type'])}`),
      ),
    );
    await routes(context.withTypeProvider<TypeBoxTypeProvider>(), {});
  });
}

/** The image a request of such a route sent, with its declared type; 415 when it sent none. */
export function uploadedImage(request: FastifyRequest): { contentType: UploadType; bytes: Buffer } {
  const contentType = mediaTypeOf(request.headers['content-type']);
  // A request with no body at all reaches no parser.
  if (!isUploadType(contentType) || !Buffer.isBuffer(request.body)) {
    throw new ApiError('unsupported_image', 'no image was sent');
  }
  return { contentType, bytes: request.body };
}
