// `petstore pets import --concurrency N --any-order` keeps N rows in flight until the file runs out, and goes on as each
// answer frees a slot: checked against a stand-in for the service that holds each creation a moment and
// counts how many it holds at once. (The CLI's socket pool also caps it at N; what bounds the rows read
// ahead of their answers is the bench's memory figure.)
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli } from '../helpers/run-cli.js';

const bodyOf = async (request: IncomingMessage) => {
  let text = '';
  for await (const chunk of request) text += chunk as string;
  return JSON.parse(text) as { name: string; categoryId: number };
};

test(
  'an import holds exactly --concurrency rows in flight, and sends every row once',
  { timeout: 30_000 },
  async () => {
    let inFlight = 0;
    let mostInFlight = 0;
    const keys = new Set<string>();
    let nextId = 1;
    const service = createServer(async (request, response) => {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      keys.add(String(request.headers['idempotency-key']));
      const { name, categoryId } = await bodyOf(request);
      setTimeout(() => {
        inFlight--;
        response.writeHead(201, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ id: nextId++, name, categoryId, status: 'available' }));
      }, 5);
    });
    service.listen(0, '127.0.0.1');
    await once(service, 'listening');
    const dir = mkdtempSync(join(tmpdir(), 'petstore-concurrency-'));
    try {
      const file = join(dir, 'pets.csv');
      const rows = 60;
      const lines = Array.from({ length: rows }, (_, i) => `Pet ${i},1,available`);
      writeFileSync(file, ['name,categoryId,status', ...lines].join('\n') + '\n');
      const { port } = service.address() as AddressInfo;
      const result = await runCli(['pets', 'import', file, '--concurrency', '4', '--any-order', '--json'], {
        PETSTORE_URL: `http://127.0.0.1:${port}/v1`,
        PETSTORE_API_KEY: 'pet_test_stand_in_service_key_000000',
      });
      assert.equal(result.code, 0, result.stderr);
      assert.equal(JSON.parse(result.stdout).created, rows);
      assert.equal(keys.size, rows);
      assert.equal(mostInFlight, 4);
    } finally {
      service.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
