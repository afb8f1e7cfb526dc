// `npm run bench:webhooks`: delivery throughput, events per second to one endpoint, on each backend. Seeds
// a backlog of pet.created events (each in its own transaction, as the API writes them), then times one
// delivery worker sending them, in order, to a receiver on loopback that answers 204 at once, with the
// default settings (poll interval included), so the figure is what a deployment gets. Writes the rows as
// JSON to bench/results/.
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig, type Config } from '../src/config.js';
import { startDeliveryWorker } from '../src/webhook-delivery/delivery-worker.js';
import { createServices } from '../src/services/index.js';
import { openStore } from '../src/store/open-store.js';

const events = Number(process.argv[2] ?? 2000);
const postgresUrl = process.env.PETSTORE_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const silent = { info() {}, warn() {}, error() {} };

async function measure(
  name: string,
  config: Config,
): Promise<{ row: string; eventsPerSecond: number; pollIntervalMs: number }> {
  let received = 0;
  let done: () => void = () => {};
  const all = new Promise<void>((resolve) => (done = resolve));
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(204).end();
      if (++received === events) done();
    });
  }).listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  const { port } = receiver.address() as { port: number };
  const store = await openStore(config);
  try {
    const services = await createServices(config, store);
    await services.webhooks.add({ url: `http://127.0.0.1:${port}/hooks`, events: ['pet.created'] });
    for (let i = 0; i < events; i++) await services.pets.create({ name: `bench ${i}`, categoryId: 1 });
    const started = performance.now();
    const worker = startDeliveryWorker({ store, config, log: silent });
    await all;
    const seconds = (performance.now() - started) / 1000;
    await worker.stop();
    return {
      row: `webhook-delivery-${name}`,
      eventsPerSecond: Math.round(events / seconds),
      pollIntervalMs: config.webhookPollIntervalMs,
    };
  } finally {
    await store.close();
    receiver.close();
  }
}

const settings = { webhookAllowedHosts: '127.0.0.1', logLevel: 'silent' };
const dir = mkdtempSync(join(tmpdir(), 'petstore-webhooks-bench-'));
const schema = `bench_${process.pid}_${Date.now().toString(36)}`;
const rows = [];
try {
  rows.push(await measure('sqlite', loadConfig({}, { dataDir: dir, ...settings })));
  const probe = new pg.Client({ connectionString: postgresUrl });
  const reachable = await probe.connect().then(
    () => true,
    () => false,
  );
  if (reachable) {
    rows.push(
      await measure(
        'postgres',
        loadConfig({}, { databaseUrl: postgresUrl, databaseSchema: schema, ...settings }),
      ),
    );
    await probe.query(`drop schema if exists "${schema}" cascade`);
    await probe.end();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`${events} events, one endpoint, one delivery worker, default poll interval:`);
for (const { row, eventsPerSecond } of rows) console.log(`  ${row.padEnd(26)} ${eventsPerSecond} events/s`);
const resultsDir = new URL('./results/', import.meta.url).pathname;
mkdirSync(resultsDir, { recursive: true });
writeFileSync(
  join(resultsDir, `webhook-delivery-${new Date().toISOString().replaceAll(':', '-')}.json`),
  `${JSON.stringify({ events, rows }, null, 2)}\n`,
);
