// Property-based suite: generated requests for every operation of the served OpenAPI document (valid, broken
// by one rule, hostile) must all be answered within the contract. Never a 5xx; every non-2xx a catalogue
// Error whose `status` is the HTTP status; documented statuses and required headers for documented
// operations; no stack trace, file path or key in a body or a log line; a rejected request creates nothing;
// the service still answers afterwards. Seeded and bounded: FUZZ_SEED replays a run, FUZZ_RUNS sizes it.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { errorCatalogue, type ErrorCode } from '../../src/errors/catalogue.js';
import { backends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { brokenRequest, hostileRequest } from './hostile-requests.js';
import {
  operationFor,
  operationsOf,
  validRequest,
  type FuzzRequest,
  type OpenApiDocument,
  type Op,
} from './openapi-operations.js';

const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const numRuns = Number(process.env.FUZZ_RUNS ?? 150);
console.log(`fuzz seed ${seed}, ${numRuns} runs per property (replay with FUZZ_SEED=${seed})`);

/** What must never be seen by a client or written to a log. */
const leaks = [
  /\n\s+at .+:\d+:\d+/,
  /\/(work|home|usr|src|tmp)\/[\w./-]+\.(ts|js)/,
  /node_modules/,
  /file:\/\//,
];

for (const backend of backends) {
  describe(`the contract under generated requests on ${backend.name}`, () => {
    // A generous anonymous budget: requests without a key must not block the address for the rest of the run.
    const settings = { logLevel: 'info', anonymousPerMinute: 1_000_000, anonymousPerDay: 1_000_000 };
    const lines: string[] = [];
    let t: TestApp;
    let app: FastifyInstance;
    let secret: string;
    let auth: Record<string, string>;
    let doc: OpenApiDocument;
    let ops: Op[];
    before(async () => {
      const logStream = new Writable({
        write(chunk, _encoding, done) {
          lines.push(...String(chunk).split('\n').filter(Boolean));
          done();
        },
      });
      t = await startTestApp(backend, settings, { logStream });
      app = t.app;
      secret = t.key;
      auth = t.auth;
      doc = (await app.inject({ url: '/v1/openapi.json' })).json();
      ops = operationsOf(doc);
      assert.ok(ops.length >= 3, 'the document lists the operations');
    });
    after(() => t.close());

    const countPets = async () =>
      Number(
        (
          await app.store.db
            .selectFrom('pets')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    /** Sends one request and checks its answer against the contract. */
    async function check(req: FuzzRequest): Promise<void> {
      const before = await countPets();
      const logged = lines.length;
      const res = await app.inject({
        method: req.method as 'GET',
        url: req.url,
        headers: req.headers,
        payload: req.payload,
      });
      const what = `${req.kind}: ${req.method} ${req.url.slice(0, 120)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
      assert.ok(res.statusCode < 500, `a 5xx: ${what}`);
      for (const text of [res.body, ...lines.slice(logged)]) {
        assert.ok(!text.includes(secret), `the key leaked: ${what}`);
        for (const leak of leaks)
          assert.doesNotMatch(text, leak, `${leak} leaked: ${what}\n${text.slice(0, 500)}`);
      }
      assert.ok(
        !lines.slice(logged).some((line) => line.includes('"level":50')),
        `an error was logged: ${what}`,
      );
      // A browser opening `/` is sent on to the adoption pages: a redirect names where, and carries no error.
      if (res.statusCode >= 300 && res.statusCode < 400) {
        assert.ok(res.headers.location, `a redirect without a Location: ${what}`);
        assert.ok(!req.url.startsWith('/v1'), `the API redirected: ${what}`);
      } else if (res.statusCode >= 400 && req.method !== 'HEAD') {
        const body = res.json() as { code: ErrorCode; message: unknown; status: unknown };
        assert.deepEqual(Object.keys(body).sort(), ['code', 'message', 'status'], what);
        assert.ok(body.code in errorCatalogue, what);
        assert.equal(body.status, res.statusCode, what);
        assert.equal(errorCatalogue[body.code].status, res.statusCode, what);
        assert.equal(typeof body.message, 'string', what);
        assert.equal(await countPets(), before, `a rejected request created something: ${what}`);
      }
      assert.ok(res.headers['x-request-id'], `no X-Request-Id: ${what}`);
      const op = operationFor(ops, req.method, req.url);
      if (op && req.url.startsWith('/v1/') && !/%(?![0-9A-Fa-f]{2})|%[89A-Fa-f][0-9A-Fa-f]/.test(req.url)) {
        const required = op.statuses.get(String(res.statusCode));
        assert.ok(required, `status ${res.statusCode} is not documented for ${op.id}: ${what}`);
        for (const name of required) assert.ok(res.headers[name] !== undefined, `${name} missing: ${what}`);
      }
    }

    const options = () => ({ seed, numRuns, endOnFailure: true });

    test('valid requests of every operation', async () => {
      const valid = fc.oneof(...ops.map((op) => validRequest(op, doc, auth)));
      await fc.assert(fc.asyncProperty(valid, check), options());
    });

    test('requests broken by one rule', async () => {
      const broken = fc.oneof(...ops.map((op) => brokenRequest(validRequest(op, doc, auth))));
      await fc.assert(fc.asyncProperty(broken, check), options());
    });

    test('hostile requests', async () => {
      const paths = ops.map((op) => `/v1${op.path}`);
      await fc.assert(fc.asyncProperty(hostileRequest(paths, auth), check), options());
    });

    test('the service still answers afterwards', async () => {
      const res = await app.inject({ url: '/v1/pets', headers: auth });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal((await app.inject({ url: '/healthz' })).statusCode, 200);
    });
  });
}
