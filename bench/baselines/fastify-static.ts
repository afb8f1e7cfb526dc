// Baseline: Fastify returning the fixed 20-pet page through a response schema (fast-json-stringify), no logs.
// The schema is the service's own Pet, so that both send the same bytes and serialize the same fields.
import Fastify from 'fastify';
import { PetSchema, PetStatusSchema } from '../../src/domain/pet.js';
import { fixedPage } from './fixed-page.js';
import { exitOnSigterm, portArgument } from './harness.js';

const app = Fastify({ logger: false });
app.addSchema(PetStatusSchema);
app.addSchema(PetSchema);
app.get(
  '/v1/pets',
  { schema: { response: { 200: { type: 'array', items: { $ref: 'Pet#' } } } } },
  async () => fixedPage,
);
exitOnSigterm();
await app.listen({ port: portArgument(), host: '127.0.0.1' });
