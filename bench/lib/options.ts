// The harness's command-line options; `--quick` is the short run, the defaults the full one.
import { parseArgs } from 'node:util';

export interface BenchOptions {
  quick: boolean;
  rounds: number;
  seconds: number;
  warmupSeconds: number;
  connections: number;
  /** Row names to run; all when empty. */
  only: string[];
  generator: 'auto' | 'wrk' | 'autocannon';
  build: boolean;
  pets: number;
  deepPets: number;
  /** Rows of the bulk import row. */
  importRows: number;
  resultsDir: string;
  postgresUrl: string;
  redisUrl: string;
}

export const usage = `npm run bench [-- options]
  --quick               about 3 minutes: one round of 2 s per row (a smoke run, not for comparison)
  --rounds N            interleaved rounds (default 3)
  --seconds N           measured seconds per row and round (default 10)
  --warmup N            warm-up seconds before each measurement (default 2)
  --connections N       concurrent connections (default 50)
  --only a,b            only these rows (names as printed), e.g. --only list-available,fastify-static
  --generator NAME      wrk or autocannon (default: wrk when installed)
  --no-build            use dist/ as it is
  --pets N              pets of the main database (default 100000)
  --deep-pets N         pets of the deep-cursor and memory database (default 1000000)
  --import-rows N       rows of the bulk-import row (default 100000; 2000 with --quick)
  --results-dir DIR     where the JSON result goes (default bench/results)
PostgreSQL and Redis come from PETSTORE_BENCH_DATABASE_URL and PETSTORE_BENCH_REDIS_URL
(default postgres://postgres@127.0.0.1:5432/test and redis://127.0.0.1:6379); rows needing them are
skipped when they do not answer.`;

const positive = (name: string, value: string | undefined, fallback: number, min = 1): number => {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new Error(`--${name} must be an integer of at least ${min}, got ${value}`);
  return n;
};

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv = process.env): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: 'boolean', default: false },
      rounds: { type: 'string' },
      seconds: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      only: { type: 'string' },
      generator: { type: 'string', default: 'auto' },
      'no-build': { type: 'boolean', default: false },
      pets: { type: 'string' },
      'deep-pets': { type: 'string' },
      'import-rows': { type: 'string' },
      'results-dir': { type: 'string', default: new URL('../results/', import.meta.url).pathname },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  if (!['auto', 'wrk', 'autocannon'].includes(values.generator)) {
    throw new Error(`--generator must be wrk or autocannon, got ${values.generator}`);
  }
  const quick = values.quick;
  return {
    quick,
    rounds: positive('rounds', values.rounds, quick ? 1 : 3),
    seconds: positive('seconds', values.seconds, quick ? 2 : 10),
    warmupSeconds: positive('warmup', values.warmup, quick ? 1 : 2, 0),
    connections: positive('connections', values.connections, 50),
    only: values.only ? values.only.split(',').map((name) => name.trim()) : [],
    generator: values.generator as BenchOptions['generator'],
    build: !values['no-build'],
    pets: positive('pets', values.pets, 100_000, 100),
    deepPets: positive('deep-pets', values['deep-pets'], 1_000_000, 100),
    importRows: positive('import-rows', values['import-rows'], quick ? 2_000 : 100_000),
    resultsDir: values['results-dir'],
    postgresUrl: env.PETSTORE_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    redisUrl: env.PETSTORE_BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
  };
}
