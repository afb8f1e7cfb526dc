// Baseline for writes: bare node:http reading a JSON body and echoing it back with 201, with no parsing.
import { createServer } from 'node:http';
import { exitOnSigterm, portArgument } from './harness.js';

exitOnSigterm();
createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks);
    response.writeHead(request.method === 'POST' ? 201 : 200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': body.length,
    });
    response.end(body);
  });
}).listen(portArgument(), '127.0.0.1');
