// Baseline for writes in the framework the service is built on: Fastify parsing the JSON body, validating it
// against a schema of a new pet, and answering 201 with a Location and the pet through a response schema. No
// store, no logs, no authentication: what a creation costs before the service does anything of its own.
import Fastify from 'fastify';
import { exitOnSigterm, portArgument } from './harness.js';

const status = { type: 'string', enum: ['available', 'pending', 'sold'] } as const;
const newPet = {
  type: 'object',
  properties: { name: { type: 'string', minLength: 1 }, categoryId: { type: 'integer' }, status },
  required: ['name', 'categoryId'],
  additionalProperties: false,
} as const;
const pet = {
  type: 'object',
  properties: { id: { type: 'integer' }, ...newPet.properties },
  required: ['id', 'name', 'categoryId', 'status'],
} as const;

let lastId = 0;
const app = Fastify({ logger: false });
app.post<{ Body: { name: string; categoryId: number; status?: string } }>(
  '/v1/pets',
  { schema: { body: newPet, response: { 201: pet } } },
  async (request, reply) => {
    const id = ++lastId;
    reply.code(201).header('location', `/v1/pets/${id}`);
    return { id, status: 'available', ...request.body };
  },
);
exitOnSigterm();
await app.listen({ port: portArgument(), host: '127.0.0.1' });
