// The performance targets, each a ratio computed from the run's own medians (and its bulk figures), so that
// any machine can judge them.
import type { BulkFigures } from './lib/bulk-workload.js';
import type { StartupFigures } from './lib/cli-startup.js';
import type { RowSummary } from './lib/medians.js';

export interface GoalResult {
  what: string;
  target: string;
  /** The measured ratio (or megabytes, for memory); undefined when a row it needs was not run. */
  measured: number | undefined;
  /** Undefined when not run, and for a figure that is only reported. */
  met: boolean | undefined;
}

type Rows = Record<string, RowSummary | undefined>;

/** What the goals are judged on: the load rows' medians, and the bulk and start-up rows when the run measured them. */
interface RunFigures {
  rows: Rows;
  bulk: BulkFigures | undefined;
  startup: StartupFigures | undefined;
}

interface Goal {
  what: string;
  target: string;
  measure(run: RunFigures): number | undefined;
  /**
   * Whether the measured value meets the target; besides the value, some goals also need zero errors. None
   * for a figure that is reported, not judged: its result is `met: undefined` beside a measured value.
   */
  check?(value: number, rows: Rows): boolean;
}

const failures = (row: RowSummary | undefined) => (row ? row.non2xx + row.errors : 0);

const ratio =
  (a: string, b: string, of: 'rps' | 'p99Ms' = 'rps') =>
  ({ rows }: RunFigures) => {
    const [x, y] = [rows[a], rows[b]];
    return x && y && y[of] > 0 ? x[of] / y[of] : undefined;
  };

const atLeast = (min: number) => (value: number) => value >= min;
const atMost = (max: number) => (value: number) => value <= max;
const mb = 1024 * 1024;

/** The largest of the peaks known, in MB; undefined when none is. */
const peakMb = (peaks: (number | undefined)[]) => {
  const known = peaks.filter((v): v is number => v !== undefined);
  return known.length ? Math.max(...known) / mb : undefined;
};

/**
 * Rows per second of `petstore pets import`, with as many rows in flight as `POST /v1/pets` had connections,
 * over that row's req/s in the same run.
 */
const importVsCreatePet = ({ rows, bulk }: RunFigures): number | undefined => {
  const createPet = rows['create-pet'];
  return bulk && createPet && createPet.rps > 0 ? bulk.import.perSecond / createPet.rps : undefined;
};

/** The search targets of one backend's rows (bench/scenarios.ts `searchRows`, `creatingProfiles`). */
const searchGoals = (backend: 'SQLite, 1M pets' | 'PostgreSQL', suffix: string, list: string): Goal[] => [
  ...(
    [
      ['filtered', 'categoryId, size and goodWith=cats'],
      ['common', 'q of a word in half the pets'],
      ['rare', 'q of a word in about 1 pet in 7,000'],
    ] as const
  ).map(([row, what]) => ({
    what: `p99 of the first page of ${what} vs the unfiltered first page (${backend})`,
    target: '≤ 2 ×',
    measure: ratio(`search-${row}${suffix}`, list, 'p99Ms'),
    check: atMost(2),
  })),
  {
    what: `p99 of a page 10,000 pets deep in a filtered, sorted listing vs its first page (${backend})`,
    target: '≤ 1.2 ×',
    measure: ratio(`search-deep${suffix}`, `search-sorted${suffix}`, 'p99Ms'),
    check: atMost(1.2),
  },
  {
    what: `POST /v1/pets of a full profile with the search index vs without (${backend.split(',')[0]})`,
    target: '≥ 0.85 ×',
    measure: ratio(`create-pet${suffix}-indexed`, `create-pet${suffix}-no-index`),
    check: atLeast(0.85),
  },
];

export const goals: Goal[] = [
  {
    what: 'list available (SQLite, auth + limits) vs Fastify-static',
    target: '≥ 0.60 ×',
    measure: ratio('list-available', 'fastify-static'),
    check: atLeast(0.6),
  },
  {
    what: 'same vs the Express 4 peer',
    target: '≥ 3.5 ×',
    measure: ratio('list-available', 'express'),
    check: atLeast(3.5),
  },
  {
    what: 'same vs json-server 0.17',
    target: '≥ 100 ×',
    measure: ratio('list-available', 'json-server'),
    check: atLeast(100),
  },
  {
    what: 'p99 of that scenario vs Fastify-static p99, zero errors',
    target: '≤ 3 ×',
    measure: ratio('list-available', 'fastify-static', 'p99Ms'),
    check: (value, rows) => value <= 3 && failures(rows['list-available']) === 0,
  },
  {
    what: 'POST /v1/pets vs bare node:http POST echo',
    target: '≥ 0.35 ×',
    measure: ratio('create-pet', 'node-http-echo'),
    check: atLeast(0.35),
  },
  {
    what: 'p99 of POST /v1/pets vs the echo p99',
    target: '≤ 5 ×',
    measure: ratio('create-pet', 'node-http-echo', 'p99Ms'),
    check: atMost(5),
  },
  {
    what: 'GET /v1/pets/{id} vs Fastify-static',
    target: '≥ 0.50 ×',
    measure: ratio('get-pet', 'fastify-static'),
    check: atLeast(0.5),
  },
  {
    what: 'Redis limiter vs memory limiter',
    target: '≥ 0.90 ×',
    measure: ratio('list-available-redis', 'list-available'),
    check: atLeast(0.9),
  },
  {
    what: 'PostgreSQL + Redis (exact caches) vs SQLite + memory, same scenario',
    target: '≥ 0.80 ×',
    measure: ratio('list-available-postgres-redis', 'list-available'),
    check: atLeast(0.8),
  },
  {
    what: 'PostgreSQL alone (version in a sequence) vs SQLite, same scenario',
    target: '≥ 0.40 ×',
    measure: ratio('list-available-postgres', 'list-available'),
    check: atLeast(0.4),
  },
  {
    what: 'POST /v1/pets on PostgreSQL (append lock) vs on SQLite',
    target: '≥ 0.50 ×',
    measure: ratio('create-pet-postgres', 'create-pet'),
    check: atLeast(0.5),
  },
  {
    what: 'deep cursor page p99 vs first-page p99 (1M pets)',
    target: '≤ 1.2 ×',
    measure: ratio('list-deep-cursor-1m', 'list-available-1m', 'p99Ms'),
    check: atMost(1.2),
  },
  ...searchGoals('SQLite, 1M pets', '', 'list-1m'),
  ...searchGoals('PostgreSQL', '-postgres', 'list-postgres'),
  {
    what: 'rate limiting on vs off',
    target: '≥ 0.85 ×',
    measure: ratio('list-available', 'list-available-limits-off'),
    check: atLeast(0.85),
  },
  {
    what: 'list available with scope checks vs without (same build, the key holds every scope)',
    target: '≥ 0.97 ×',
    measure: ratio('list-available-launched', 'list-available-no-scope-checks'),
    check: atLeast(0.97),
  },
  {
    what: 'POST /v1/pets with the event outbox vs without',
    target: '≥ 0.90 ×',
    measure: ratio('create-pet-launched', 'create-pet-no-outbox'),
    check: atLeast(0.9),
  },
  {
    what: 'server RSS during the GET runs at 1M pets',
    target: '≤ 150 MB',
    measure: ({ rows }) => peakMb(['list-available-1m', 'list-deep-cursor-1m'].map((n) => rows[n]?.rssBytes)),
    check: atMost(150),
  },
  {
    what: 'POST /v1/store/orders (place an order) vs POST /v1/pets',
    target: '≥ 0.70 ×',
    measure: ratio('place-order', 'create-pet'),
    check: atLeast(0.7),
  },
  {
    what: 'PATCH /v1/pets/{id} (a merge patch) vs POST /v1/pets',
    target: '≥ 0.80 ×',
    measure: ratio('update-pet', 'create-pet'),
    check: atLeast(0.8),
  },
  {
    what: 'GET of 20 applications vs GET of 20 pets (same deployment and server)',
    target: '≥ 0.80 ×',
    measure: ratio('list-applications-20', 'list-20'),
    check: atLeast(0.8),
  },
  {
    // Reported, not judged: submissions beside creations, the write they resemble most.
    what: 'POST /v1/applications (submissions a second) vs POST /v1/pets',
    target: 'reported',
    measure: ratio('submit-application', 'create-pet'),
  },
  {
    what: 'GET /adopt (20 animals rendered) vs GET /v1/pets of the same 20',
    target: '≥ 0.60 ×',
    measure: ratio('adopt-list', 'adopt-list-json'),
    check: atLeast(0.6),
  },
  {
    what: "an animal's page vs the JSON of that pet",
    target: '≥ 0.60 ×',
    measure: ratio('adopt-pet', 'adopt-pet-json'),
    check: atLeast(0.6),
  },
  {
    what: 'p99 of a filtered /adopt vs the unfiltered one (100,000 pets, read caches left out)',
    target: '≤ 2 ×',
    measure: ratio('adopt-filtered-uncached', 'adopt-list-uncached', 'p99Ms'),
    check: atMost(2),
  },
  {
    what: "p99 of the console's animals page vs the JSON of the same 25 (100,000 pets)",
    target: '≤ 2 ×',
    measure: ratio('console-animals', 'console-animals-json', 'p99Ms'),
    check: atMost(2),
  },
  {
    what: "p99 of an animal's console page vs the JSON of that pet",
    target: '≤ 2 ×',
    measure: ratio('console-animal', 'adopt-pet-json', 'p99Ms'),
    check: atMost(2),
  },
  {
    what: 'photo uploads of a 12-megapixel JPEG vs sharp alone processing it (2 at once each)',
    target: '≥ 0.80 ×',
    measure: ratio('photo-upload', 'sharp-alone'),
    check: atLeast(0.8),
  },
  {
    what: 'GET of a medium photo vs @fastify/static serving the same bytes from disk',
    target: '≥ 0.80 ×',
    measure: ratio('photo-medium', 'fastify-static-file'),
    check: atLeast(0.8),
  },
  {
    what: 'p99 of the main scenario while 4 photo uploads run at once vs alone',
    target: '≤ 2 ×',
    measure: ratio('list-available-uploading', 'list-available', 'p99Ms'),
    check: atMost(2),
  },
  {
    what: '8 parallel uploads of a 12-megapixel JPEG vs sharp alone processing 8 at once, zero errors',
    target: '≥ 0.80 ×',
    measure: ratio('photo-upload-8', 'sharp-alone-8'),
    check: (value, rows) => value >= 0.8 && failures(rows['photo-upload-8']) === 0,
  },
  {
    what: 'server RSS during 8 parallel 12-megapixel uploads, its photo processes included',
    target: '≤ 400 MB',
    measure: ({ rows }) => peakMb([rows['photo-upload-8']?.rssBytes]),
    check: atMost(400),
  },
  {
    what: 'petstore pets import, rows/s vs POST /v1/pets req/s (as many in flight)',
    target: '≥ 0.80 ×',
    measure: importVsCreatePet,
    check: atLeast(0.8),
  },
  {
    what: 'CLI RSS during petstore pets import and export',
    target: '≤ 100 MB',
    measure: ({ bulk }) =>
      bulk && peakMb([bulk.import.rssBytes, bulk.importAtDefault.rssBytes, bulk.export.rssBytes]),
    check: atMost(100),
  },
  {
    what: 'petstore --version, start to exit (median of the start-up row)',
    target: '≤ 300 ms',
    measure: ({ startup }) => startup?.versionMs,
    check: atMost(300),
  },
  {
    what: 'petstore keys list on SQLite, start to exit (median of the start-up row)',
    target: '≤ 800 ms',
    measure: ({ startup }) => startup?.keysListMs,
    check: atMost(800),
  },
];

/** Every target against the run's medians and, when it measured them, its bulk and start-up figures. */
export function evaluateGoals(rows: Rows, bulk?: BulkFigures, startup?: StartupFigures): GoalResult[] {
  return goals.map(({ what, target, measure, check }) => {
    const measured = measure({ rows, bulk, startup });
    return { what, target, measured, met: measured === undefined ? undefined : check?.(measured, rows) };
  });
}
