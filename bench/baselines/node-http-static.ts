// Baseline: bare node:http answering every request with the fixed 20-pet page, serialized per request.
import { createServer } from 'node:http';
import { fixedPage } from './fixed-page.js';
import { exitOnSigterm, portArgument } from './harness.js';

exitOnSigterm();
createServer((_request, response) => {
  const body = JSON.stringify(fixedPage);
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
}).listen(portArgument(), '127.0.0.1');
