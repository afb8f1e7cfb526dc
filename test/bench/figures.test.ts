// The harness's arithmetic without load: reading wrk's report, shaping its requests, medians, targets, the
// orders deployment's layout, the seeded profiles, CPU-profile self times and a process's CPU time from /proc.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { evaluateGoals, type GoalResult } from '../../bench/goals.js';
import type { BulkFigures } from '../../bench/lib/bulk-workload.js';
import { summarizeProfile } from '../../bench/lib/cpu-profile.js';
import { IdSequence, withId } from '../../bench/lib/load/id-sequence.js';
import { parseWrkOutput, wrkScript } from '../../bench/lib/load/wrk-generator.js';
import { median, summarize, unsteadyRows, type RowSummary } from '../../bench/lib/medians.js';
import { orderLayout, orderStatusOf, petStatusIn, petsToRename } from '../../bench/lib/order-rows.js';
import { cpuSecondsIn } from '../../bench/lib/process-cpu.js';
import { goalsTable } from '../../bench/lib/report.js';
import { searchedWords, seedPet, seedRow, seedWords, statusOf } from '../../bench/lib/pet-rows.js';
import { PetSchema, PetStatusSchema } from '../../src/domain/pet.js';
import { PhotoSchema } from '../../src/domain/photo.js';
import { brokenProfileRule } from '../../src/domain/pet-profile-rules.js';
import { createValidatorCompiler } from '../../src/http/validation.js';

const wrkReport = `Running 2s test @ http://127.0.0.1:4000/v1/pets
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     4.10ms    1.20ms  30.00ms   90.00%
  Latency Distribution
     50%  850.00us
     75%    4.50ms
     90%    5.20ms
     99%    1.52s
  24000 requests in 2.00s, 10.00MB read
  Socket errors: connect 0, read 1, write 0, timeout 2
  Non-2xx or 3xx responses: 7
Requests/sec:  12000.50
Transfer/sec:      5.00MB
`;

test("wrk's report gives req/s, p50 and p99 in ms, non-2xx and socket errors", () => {
  assert.deepEqual(parseWrkOutput(wrkReport), {
    rps: 12000.5,
    p50Ms: 0.85,
    p99Ms: 1520,
    non2xx: 7,
    errors: 3,
  });
  assert.throws(() => parseWrkOutput('unable to connect'), /Requests\/sec|latency/);
});

test('the wrk script sets method, headers and body, and draws ids when asked', () => {
  const post = wrkScript({ method: 'POST', path: '/v1/pets', headers: { a: 'b"c' }, body: '{"name":"Rex"}' });
  assert.match(post, /^wrk\.method = "POST"$/m);
  assert.match(post, /^wrk\.headers\["a"\] = "b\\"c"$/m);
  assert.match(post, /^wrk\.body = "\{\\"name\\":\\"Rex\\"\}"$/m);
  const ids = wrkScript({ method: 'GET', path: '/v1/pets/', headers: {}, randomIdUpTo: 500 });
  assert.match(ids, /wrk\.format\(nil, "\/v1\/pets\/" \.\. math\.random\(1, 500\)\)/);
});

test('sequential ids go on from run to run, in the path or the body, and never past the pool', () => {
  const ids = new IdSequence(7, 9);
  const approve = wrkScript({ method: 'POST', path: '/o/{id}/approve', headers: {}, sequentialIds: ids });
  assert.match(approve, /^next_id = 7$/m);
  assert.match(approve, /wrk\.format\(nil, "\/o\/" \.\. id \.\. "\/approve", nil, nil\)/);
  assert.match(approve, /thread:get\("next_id"\)/, 'wrk reports where its count ended');
  const place = wrkScript({
    method: 'POST',
    path: '/o',
    headers: {},
    body: '{"petId":{id}}',
    sequentialIds: ids,
  });
  assert.match(place, /wrk\.format\(nil, "\/o", nil, "\{\\"petId\\":" \.\. id \.\. "\}"\)/);
  assert.doesNotMatch(place, /wrk\.body/);

  assert.deepEqual(
    withId({ path: '/o/{id}', headers: { a: 'b', 'idempotency-key': 'k-{id}' }, body: '{"petId":{id}}' }, 8),
    { path: '/o/8', headers: { a: 'b', 'idempotency-key': 'k-8' }, body: '{"petId":8}' },
  );
  const keyed = wrkScript({
    method: 'POST',
    path: '/p',
    headers: { authorization: 'Bearer x', 'idempotency-key': 'k-{id}' },
    body: '{}',
    sequentialIds: ids,
  });
  assert.match(
    keyed,
    /wrk\.format\(nil, "\/p", \{ \["authorization"\] = "Bearer x", \["idempotency-key"\] = "k-" \.\. id \.\. "" \}, "\{\}"\)/,
    'every header goes with each request, the key with its id',
  );
  const upload = wrkScript({
    method: 'POST',
    path: '/v1/pets/{id}/photos',
    headers: { 'content-type': 'image/jpeg' },
    bodyFile: '/tmp/photo.jpg',
    sequentialIds: ids,
  });
  assert.match(upload, /io\.open\("\/tmp\/photo\.jpg", "rb"\)/, 'an image body is read from its file');
  assert.match(upload, /^wrk\.body = file:read\("\*a"\)$/m);
  assert.match(
    upload,
    /wrk\.format\(nil, "\/v1\/pets\/" \.\. id \.\. "\/photos", nil, nil\)/,
    'wrk.body stands in',
  );
  assert.equal(ids.take(), 7);
  ids.skipTo(10);
  ids.skipTo(8);
  assert.equal(ids.next, 10, 'a sequence never goes back');
  ids.assertWithinPool();
  ids.take();
  assert.throws(() => ids.assertWithinPool(), /past the last seeded one \(9\)/);
});

test('the orders deployment: listed orders, then placed orders to approve, then pets to place, each pool sized', () => {
  const run = { rounds: 3, seconds: 10, warmupSeconds: 2 };
  const layout = orderLayout(run);
  const status = petStatusIn(layout);
  assert.equal(layout.toApprove.last - layout.toApprove.first + 1, 12_000 * 12 * 3 * 1.5 + 6);
  assert.equal(layout.toPlace.first, layout.toApprove.last + 1);
  assert.equal(layout.toPlace.last - layout.toPlace.first + 1, 12_000 * 12 * 3 * 1.5 + 6);
  assert.equal(layout.pets, layout.toPlace.last);
  const toRename = petsToRename(layout);
  assert.equal(toRename.next, layout.toApprove.first, 'update-pet renames the pets of both pools');
  toRename.skipTo(layout.toPlace.last + 1);
  toRename.assertWithinPool();
  toRename.take();
  assert.throws(() => toRename.assertWithinPool(), /past the last seeded one/);
  assert.equal(orderStatusOf(layout.toApprove.first), 'placed');
  assert.equal(status(layout.toApprove.last), 'pending', 'the pet of a placed order is pending');
  assert.equal(status(layout.toPlace.first), 'available');
  const listed = [1, 5, 7, 9].map((id) => [orderStatusOf(id), status(id)]);
  assert.deepEqual(listed, [
    ['placed', 'pending'],
    ['approved', 'pending'],
    ['completed', 'sold'],
    ['cancelled', 'available'],
  ]);
});

test('seeded statuses are 60% available, 25% pending, 15% sold', () => {
  const counts = { available: 0, pending: 0, sold: 0 };
  for (let id = 1; id <= 1000; id++) counts[statusOf(id)]++;
  assert.deepEqual(counts, { available: 600, pending: 250, sold: 150 });
});

test('seeded pets carry a full profile the API would take, the same for the same id', () => {
  const compile = createValidatorCompiler([PetStatusSchema, PhotoSchema]);
  const valid = compile({ schema: PetSchema, httpPart: 'body', method: 'GET', url: '/v1/pets' }) as ((
    value: unknown,
  ) => boolean) & { errors?: unknown };
  const lengths: number[] = [];
  const tagCounts = new Set<number>();
  for (let id = 1; id <= 2000; id++) {
    const pet = seedPet(id);
    assert.ok(valid(pet), `pet ${id}: ${JSON.stringify(valid.errors)}`);
    assert.equal(brokenProfileRule(pet, Date.now()), undefined, `pet ${id}`);
    const unknown = Object.entries({ ...pet, ...pet.attributes, ...pet.goodWith }).filter(
      ([, v]) => v === null,
    );
    assert.deepEqual(unknown, [], `pet ${id}: every field is filled in`);
    lengths.push(pet.description!.length);
    tagCounts.add(pet.tags.length);
  }
  assert.ok(
    Math.min(...lengths) >= 200 && Math.max(...lengths) <= 600,
    'descriptions of 200 to 600 characters',
  );
  assert.deepEqual([...tagCounts].sort(), [0, 1, 2, 3, 4]);
  assert.deepEqual(seedPet(1234), seedPet(1234));
});

test("seeded dogs' and cats' breeds are of the starter catalogue's lists, as the breed rule asks", () => {
  const file = new URL('../../src/store/catalog/starter-catalog.json', import.meta.url);
  const catalog = JSON.parse(readFileSync(file, 'utf8')) as {
    categories: { name: string; breeds?: string[] }[];
  };
  const listed = catalog.categories.map((category) => new Set(category.breeds ?? []));
  const seen = new Set<string>();
  for (let id = 1; id <= 2000; id++) {
    const { categoryId, breed } = seedPet(id);
    const breeds = listed[categoryId - 1];
    if (breeds?.size)
      assert.ok(breeds.has(breed!), `pet ${id}: ${breed} is a breed of category ${categoryId}`);
    seen.add(`${categoryId} ${breed}`);
  }
  assert.ok(
    seen.has('1 Staffordshire Bull Terrier') && seen.has('2 Domestic Long Hair'),
    'every breed is used',
  );
});

test('seeded words: a common one in half the pets, a rare one in about 1 in 7,000, the start of no other', () => {
  const count = 50_000;
  let [common, rare] = [0, 0];
  for (let id = 1; id <= count; id++) {
    const { words } = seedWords(seedRow(seedPet(id)));
    if (words.includes(searchedWords.common)) common++;
    if (words.some((word) => word.startsWith(searchedWords.rare))) {
      rare++;
      assert.ok(words.includes(searchedWords.rare), `pet ${id}: q=${searchedWords.rare} finds no other word`);
    }
  }
  assert.equal(common / count, 0.5);
  assert.ok(rare >= 5 && rare <= 9, `${rare} of ${count} pets name the rare word`);
});

test('rows summarize as medians of speed and latency, totals of failures, peak memory', () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 2, 3]), 2.5);
  const round = (rps: number, rssBytes?: number) => ({
    rps,
    p50Ms: rps / 10,
    p99Ms: rps,
    non2xx: 1,
    errors: 0,
    rssBytes,
  });
  assert.deepEqual(summarize([round(30, 5), round(10), round(20, 9)]), {
    rps: 20,
    p50Ms: 2,
    p99Ms: 20,
    non2xx: 3,
    errors: 0,
    rssBytes: 9,
  });
});

test('rows whose rounds spread past a quarter are named unsteady, the widest first', () => {
  const rounds = (...rps: number[]) =>
    rps.map((r) => ({ rps: r, p50Ms: 1, p99Ms: 2, non2xx: 0, errors: 0, rssBytes: undefined }));
  const run = new Map([
    ['steady', rounds(25_299, 25_872, 27_849)],
    ['at the limit', rounds(20_000, 25_000, 24_000)],
    ['disturbed', rounds(11_548, 11_769, 21_659)],
    ['wider', rounds(10_402, 23_122, 24_385)],
  ]);
  const unsteady = unsteadyRows(run);
  assert.deepEqual(
    unsteady.map((u) => u.name),
    ['wider', 'disturbed'],
  );
  assert.equal(unsteady[1]!.spread.toFixed(3), (21_659 / 11_548).toFixed(3));
});

test('targets are ratios of the medians, met or missed, or not run', () => {
  const row = (rps: number, p99Ms = 10, failures = 0): RowSummary => ({
    rps,
    p50Ms: 1,
    p99Ms,
    non2xx: failures,
    errors: 0,
    rssBytes: 100 * 1024 * 1024,
  });
  const goals = evaluateGoals({
    'list-available': row(600, 25, 1),
    'fastify-static': row(1000, 10),
    express: row(100),
    'list-available-1m': row(500, 10),
    'list-deep-cursor-1m': row(500, 13),
  });
  const byWhat = (start: string) => goals.find((g) => g.what.startsWith(start))!;
  assert.deepEqual(byWhat('list available'), { ...byWhat('list available'), measured: 0.6, met: true });
  assert.equal(byWhat('same vs the Express').measured, 6);
  assert.equal(byWhat('same vs json-server').met, undefined);
  assert.equal(byWhat('p99 of that').met, false, 'a p99 within 3 × still misses with an error');
  assert.equal(byWhat('deep cursor').met, false);
  assert.deepEqual(byWhat('server RSS'), { ...byWhat('server RSS'), measured: 100, met: true });
  assert.equal(byWhat('petstore pets import').met, undefined, 'no bulk figures: not run');
});

test('the search targets: p99 against the unfiltered or the first page, creations with and without the index', () => {
  const row = (rps: number, p99Ms: number): RowSummary => ({
    rps,
    p50Ms: 1,
    p99Ms,
    non2xx: 0,
    errors: 0,
    rssBytes: 1,
  });
  const goals = evaluateGoals({
    'list-1m': row(2000, 10),
    'search-filtered': row(1000, 20),
    'search-common': row(1900, 21),
    'search-rare': row(3000, 5),
    'search-sorted': row(1500, 10),
    'search-deep': row(1500, 12.5),
    'create-pet-indexed': row(850, 30),
    'create-pet-no-index': row(1000, 1),
  });
  const sqlite = goals.filter((g) => /\(SQLite(, 1M pets)?\)$/.test(g.what));
  assert.deepEqual(
    sqlite.map((g) => [g.measured, g.met]),
    [
      [2, true],
      [2.1, false],
      [0.5, true],
      [1.25, false],
      [0.85, true],
    ],
  );
  const postgres = goals.filter((g) => g.what.includes('(PostgreSQL)'));
  assert.equal(postgres.length, 5);
  assert.ok(
    postgres.every((g) => g.met === undefined),
    'the PostgreSQL rows were not run',
  );
});

test('the place-order, update-pet and bulk targets read the rows and the bulk figures', () => {
  const row = (rps: number): RowSummary => ({ rps, p50Ms: 1, p99Ms: 1, non2xx: 0, errors: 0, rssBytes: 1 });
  const run = (count: number, perSecond: number, rssMb: number) => ({
    count,
    seconds: count / perSecond,
    perSecond,
    rssBytes: rssMb * 1024 * 1024,
  });
  const bulk: BulkFigures = {
    import: run(1000, 900, 80),
    importAtDefault: run(1000, 400, 130),
    export: run(2000, 5000, 120),
  };
  const goals = evaluateGoals(
    { 'create-pet': row(1000), 'place-order': row(650), 'update-pet': row(800) },
    bulk,
  );
  const byWhat = (start: string) => goals.find((g) => g.what.startsWith(start))!;
  assert.deepEqual(byWhat('POST /v1/store/orders'), {
    ...byWhat('POST /v1/store/orders'),
    measured: 0.65,
    met: false,
  });
  assert.deepEqual(byWhat('PATCH /v1/pets'), { ...byWhat('PATCH /v1/pets'), measured: 0.8, met: true });
  assert.deepEqual(
    byWhat('petstore pets import'),
    { ...byWhat('petstore pets import'), measured: 0.9, met: true },
    'the import with as many rows in flight as the POST row had connections',
  );
  assert.deepEqual(byWhat('CLI RSS'), { ...byWhat('CLI RSS'), measured: 130, met: false });
});

test('the applications target: the listing against the pets; submissions reported, not judged', () => {
  const row = (rps: number): RowSummary => ({ rps, p50Ms: 1, p99Ms: 1, non2xx: 0, errors: 0, rssBytes: 1 });
  const rows = { 'list-applications-20': row(800), 'list-20': row(1000), 'create-pet': row(1000) };
  const byWhat = (goals: GoalResult[], start: string) => goals.find((g) => g.what.startsWith(start))!;
  const run = evaluateGoals({ ...rows, 'submit-application': row(500) });
  assert.deepEqual(byWhat(run, 'GET of 20 applications'), {
    ...byWhat(run, 'GET of 20 applications'),
    measured: 0.8,
    met: true,
  });
  const submissions = byWhat(run, 'POST /v1/applications');
  assert.deepEqual([submissions.measured, submissions.met], [0.5, undefined]);
  assert.match(goalsTable([submissions]), /\| reported \|$/m);
  const notRun = byWhat(evaluateGoals(rows), 'POST /v1/applications');
  assert.match(goalsTable([notRun]), /\| not run \|$/m, 'a reported figure whose row did not run');
});

test('the photo targets: uploads against sharp alone, downloads against @fastify/static, p99 and RSS while uploading', () => {
  const row = (rps: number, rssMb: number): RowSummary => ({
    rps,
    p50Ms: 900,
    p99Ms: 1500,
    non2xx: 0,
    errors: 0,
    rssBytes: rssMb * 1024 * 1024,
  });
  const goals = evaluateGoals({
    'photo-upload': row(3, 300),
    'sharp-alone': row(4, 200),
    'photo-upload-8': row(3, 420),
    'photo-medium': row(4000, 100),
    'fastify-static-file': row(5000, 100),
    'list-available': { ...row(2000, 100), p99Ms: 20 },
    'list-available-uploading': { ...row(1000, 300), p99Ms: 40 },
  });
  const byWhat = (start: string) => goals.find((g) => g.what.startsWith(start))!;
  assert.deepEqual(byWhat('photo uploads'), { ...byWhat('photo uploads'), measured: 0.75, met: false });
  assert.deepEqual(byWhat('GET of a medium photo'), {
    ...byWhat('GET of a medium photo'),
    measured: 0.8,
    met: true,
  });
  assert.deepEqual(byWhat('p99 of the main scenario while'), {
    ...byWhat('p99 of the main scenario while'),
    measured: 2,
    met: true,
  });
  assert.deepEqual(byWhat('server RSS during 8'), {
    ...byWhat('server RSS during 8'),
    measured: 420,
    met: false,
  });
  assert.equal(evaluateGoals({}).find((g) => g.what.startsWith('server RSS during 8'))!.met, undefined);
});

test("a CPU profile's self time is summed per function and per package, idle set apart", () => {
  const frame = (functionName: string, url = '', lineNumber = 0) => ({ functionName, url, lineNumber });
  const profile = {
    nodes: [
      { id: 1, callFrame: frame('(root)') },
      { id: 2, callFrame: frame('executeQuery', 'file:///app/node_modules/kysely/dist/esm/driver.js', 59) },
      { id: 3, callFrame: frame('list', 'file:///app/dist/services/pets-service.js', 9) },
      { id: 4, callFrame: frame('(idle)') },
    ],
    samples: [2, 2, 3, 4, 2],
    timeDeltas: [0, 1000, 1000, 1000, 2000],
  };
  const summary = summarizeProfile(profile);
  assert.equal(summary.totalMs, 5);
  assert.equal(summary.idleMs, 2);
  assert.deepEqual(summary.functions[0], {
    name: 'executeQuery',
    where: 'kysely/dist/esm/driver.js:60',
    area: 'kysely',
    selfMs: 2,
    percent: 66.7,
  });
  assert.deepEqual(
    summary.areas.map((a) => a.area),
    ['kysely', 'petstore'],
  );
});

test("a process's CPU time is its user and system ticks, whatever its command name holds", () => {
  // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime ...
  const stat = '4242 (node (petstore) x) R 1 4242 4242 0 -1 4194304 900 0 0 0 1234 56 7 8 20 0 11 0';
  assert.equal(cpuSecondsIn(stat, 100), 12.9);
  assert.equal(cpuSecondsIn(stat, 1000), 1.29);
});
