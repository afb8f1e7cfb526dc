// Baseline: Fastify returning the fixed 20-pet page through a response schema (fast-json-stringify), no logs.
import Fastify from 'fastify';
import { fixedPage } from './fixed-page.js';
import { exitOnSigterm, portArgument } from './harness.js';

const pet = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    categoryId: { type: 'integer' },
    status: { type: 'string', enum: ['available', 'pending', 'sold'] },
  },
  required: ['id', 'name', 'categoryId', 'status'],
} as const;

const app = Fastify({ logger: false });
app.get('/v1/pets', { schema: { response: { 200: { type: 'array', items: pet } } } }, async () => fixedPage);
exitOnSigterm();
await app.listen({ port: portArgument(), host: '127.0.0.1' });
