// The parser of every JSON body: the bytes must be UTF-8 and every string in them Unicode text. Either fault
// is refused, naming it, rather than stored with U+FFFD in place of what was sent (RFC 8259, 8.1 and 8.2).
import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import { bodyMayBeLeftOut } from './schemas/no-fields-body.js';
import { findLoneSurrogate, type LoneSurrogate } from './lone-surrogates.js';
import { cutToQuote, quotedLength } from './quoted.js';

// Only an escape from \ud800 to \udfff parses to a surrogate: a body without one needs no walk.
const surrogateEscape = /\\u[dD][89a-fA-F]/;

function describe({ path, inName, codeUnit }: LoneSurrogate): string {
  const field = cutToQuote(path, quotedLength.path);
  const where = inName ? `a field name${field ? ` in ${field}` : ''}` : field || 'the request body';
  return (
    `${where} must be Unicode text: \\u${codeUnit.toString(16)} is a lone surrogate ` +
    '(half of a UTF-16 pair, without its other half)'
  );
}

/** A media type of JSON that only the operations whose body schema names it take (PATCH's merge patch). */
const mergePatch = 'application/merge-patch+json';

type Done = (error: Error | null, body?: unknown) => void;

const takesMergePatch = (schema: unknown): boolean =>
  Boolean(
    (schema as { body?: { content?: Record<string, unknown> } } | undefined)?.body?.content?.[mergePatch],
  );

/**
 * Replaces Fastify's JSON parser by one that reads bytes, keeping its guards against prototype poisoning;
 * the same parser reads a merge patch, where the operation takes one.
 */
export function parseJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(mergePatch, { parseAs: 'buffer' }, (request, bytes: Buffer, done) => {
    if (takesMergePatch(request.routeOptions.schema)) parseJson(request, bytes, done);
    else done(new ApiError('unsupported_media_type', String(request.headers['content-type'])));
  });
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, parseJson);

  function parseJson(request: FastifyRequest, bytes: Buffer, done: Done) {
    // An empty body declared as JSON is no body where the operation needs none: it reads as `{}`, which such
    // an operation takes as it takes no body. Where a body is required it stays an error (the body is empty).
    if (bytes.length === 0 && bodyMayBeLeftOut(request.routeOptions.schema)) {
      done(null, {});
      return;
    }
    if (!isUtf8(bytes)) {
      done(new ApiError('malformed_json', 'it is not UTF-8, as JSON text must be'));
      return;
    }
    const text = bytes.toString('utf8');
    parse(request, text, (error, body: unknown) => {
      const lone = !error && surrogateEscape.test(text) ? findLoneSurrogate(body) : undefined;
      if (lone) done(new ApiError('validation_failed', describe(lone)));
      else done(error, body);
    });
  }
}
