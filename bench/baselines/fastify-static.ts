// Baseline: Fastify returning the fixed 20-pet page, no logs. The page goes through a response schema built
// on the service's own Pet (fast-json-stringify), so that both send the same bytes, and it is serialized
// once, as the service serializes a page once while it serves it from its cache: the baseline is Fastify
// sending these bytes, not making them again for every request (18 KB of full profiles would make the
// baseline measure serialization rather than the framework).
import Fastify from 'fastify';
import { PetSchema, PetStatusSchema } from '../../src/domain/pet.js';
import { PhotoSchema } from '../../src/domain/photo.js';
import { fixedPage } from './fixed-page.js';
import { exitOnSigterm, portArgument } from './harness.js';

const app = Fastify({ logger: false });
app.addSchema(PetStatusSchema);
app.addSchema(PhotoSchema);
app.addSchema(PetSchema);
let body: string | undefined;
app.get(
  '/v1/pets',
  { schema: { response: { 200: { type: 'array', items: { $ref: 'Pet#' } } } } },
  async (_request, reply) => {
    body ??= reply.serialize(fixedPage) as string;
    return reply.type('application/json; charset=utf-8').send(body);
  },
);
exitOnSigterm();
await app.listen({ port: portArgument(), host: '127.0.0.1' });
