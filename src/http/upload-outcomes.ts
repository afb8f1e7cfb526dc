// Counts each photo upload by its outcome for the metrics: `stored`, `replayed`, or the error code it was
// refused with (a closed set: the catalogue's), whether the refusal came from the route, its body's parser
// or a hook before them.
import type { FastifyReply, FastifyRequest, onErrorAsyncHookHandler } from 'fastify';
import type { Metrics } from '../metrics/metrics.js';
import { toApiError } from './error-handler.js';
import { idempotentReplayedName } from './schemas/idempotency.js';

/** The route-level hooks of the upload route that count its outcomes. */
export function countUploadOutcomes(metrics: Metrics, bodyLimit: number) {
  const refusals = new WeakMap<FastifyRequest, string>();
  const onError: onErrorAsyncHookHandler = async (request, _reply, error) => {
    refusals.set(request, toApiError(error, request, bodyLimit).code);
  };
  const onResponse = async (request: FastifyRequest, reply: FastifyReply) => {
    const outcome =
      reply.statusCode === 201
        ? reply.hasHeader(idempotentReplayedName)
          ? 'replayed'
          : 'stored'
        : (refusals.get(request) ?? String(reply.statusCode));
    metrics.countPhotoUpload(outcome);
  };
  return { onError, onResponse };
}
