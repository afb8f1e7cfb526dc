// Baseline for photo downloads: @fastify/static serving the service's medium size of the run's photo from
// disk (the folder in PHOTO_FOLDER), with its own ETag and Last-Modified, no logs.
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { exitOnSigterm, portArgument } from './harness.js';

const root = process.env.PHOTO_FOLDER;
if (!root) throw new Error('PHOTO_FOLDER names the folder to serve');
const app = Fastify({ logger: false });
await app.register(fastifyStatic, { root });
app.get('/healthz', async () => ({}));
exitOnSigterm();
await app.listen({ port: portArgument(), host: '127.0.0.1' });
