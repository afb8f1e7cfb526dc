// Baseline for uploads: bare node:http reading the image and running the service's own processing on it
// (src/images/process-photo.ts: the same sizes, the same WebP settings, the same sharp set-up), then 201 with
// the sizes' byte counts. What is left to the service is everything around it: the key, the pet, storing.
import { createServer } from 'node:http';
import { settings } from '../../src/config.js';
import { processPhoto } from '../../src/images/process-photo.js';
import { exitOnSigterm, portArgument } from './harness.js';

const maxPixels = settings.photoMaxPixels.schema.default as number;

exitOnSigterm();
createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    if (request.method !== 'POST') return response.writeHead(200).end('{}');
    processPhoto(Buffer.concat(chunks), 'image/jpeg', maxPixels).then(
      ({ renditions }) => {
        const body = JSON.stringify(renditions.map((r) => ({ size: r.size, bytes: r.bytes.length })));
        response.writeHead(201, { 'content-type': 'application/json; charset=utf-8' }).end(body);
      },
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  });
}).listen(portArgument(), '127.0.0.1');
