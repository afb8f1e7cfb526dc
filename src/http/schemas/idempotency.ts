// The Idempotency-Key request header and the Idempotent-Replayed response header: for validation and OpenAPI,
// and the mark a route puts on a replayed answer.
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { idempotencyKeyLimits } from '../../domain/idempotency.js';

export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      ...idempotencyKeyLimits,
      'x-pattern-rule': 'must be printable ASCII characters only',
      description:
        'A unique value (a UUID, say) that makes retries safe: the first request’s outcome is stored (24 hours by default) ' +
        'and replayed, with `Idempotent-Replayed: true`, to any retry with the same key and body. 1 to 255 ' +
        'printable ASCII characters, scoped to the API key. See docs/idempotency.md.',
      examples: ['3f8a1c52-7d0e-4a8b-9c1e-2b5d6f7a8c90'],
    }),
  ),
});

export const idempotentReplayedName = 'Idempotent-Replayed';

/** Marks the answer of a retry as the stored response of the first request. */
export const markReplayed = (reply: FastifyReply): FastifyReply =>
  reply.header(idempotentReplayedName, 'true');

export const idempotentReplayedHeader = {
  [idempotentReplayedName]: Type.Literal('true', {
    description: 'Present on a replay: this is the stored response of an earlier request with the same key',
  }),
};
