// Every setting of the service: its schema, default, environment variable and CLI flag, validated once at start.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Ajv } from 'ajv';

/** One setting: the schema of its value, where it comes from, and what it means. */
interface Setting<S extends TSchema = TSchema> {
  schema: S;
  env: string;
  flag: string;
  description: string;
}

/** A string limited to a few values, reported in errors as the list of those values. */
const oneOf = <const T extends string>(values: readonly T[], fallback: T) =>
  Type.Unsafe<T>({ type: 'string', enum: values, default: fallback });

const setting = <S extends TSchema>(
  schema: S,
  env: string,
  flag: string,
  description: string,
): Setting<S> => ({
  schema,
  env,
  flag,
  description,
});

export const settings = {
  port: setting(
    Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
    'PORT',
    '--port',
    'TCP port to listen on',
  ),
  host: setting(Type.String({ minLength: 1, default: '127.0.0.1' }), 'HOST', '--host', 'Address to bind'),
  dataDir: setting(
    Type.String({ minLength: 1, default: './data' }),
    'PETSTORE_DATA_DIR',
    '--data-dir',
    'Folder of the embedded SQLite database (one file per deployment)',
  ),
  databaseUrl: setting(
    Type.String({ pattern: '^$|^postgres(ql)?://', default: '' }),
    'DATABASE_URL',
    '--database-url',
    'PostgreSQL connection URL; when set, PostgreSQL is used instead of SQLite',
  ),
  databaseSchema: setting(
    Type.String({ pattern: '^$|^[a-z_][a-z0-9_]{0,62}$', default: '' }),
    'PETSTORE_DATABASE_SCHEMA',
    '--database-schema',
    'PostgreSQL schema holding this deployment (default: `public` in production, `staging` in staging)',
  ),
  databasePoolSize: setting(
    Type.Integer({ minimum: 1, maximum: 1000, default: 10 }),
    'PETSTORE_DATABASE_POOL_SIZE',
    '--database-pool-size',
    'Most PostgreSQL connections per process',
  ),
  statementTimeoutMs: setting(
    Type.Integer({ minimum: 1, maximum: 600000, default: 5000 }),
    'PETSTORE_STATEMENT_TIMEOUT_MS',
    '--statement-timeout-ms',
    'Longest a PostgreSQL statement may run, and how long a request waits for a connection',
  ),
  sqliteSynchronous: setting(
    oneOf(['normal', 'full'], 'normal'),
    'PETSTORE_SQLITE_SYNCHRONOUS',
    '--sqlite-synchronous',
    'SQLite durability: `normal` survives a process crash, `full` also a power loss (docs/durability.md)',
  ),
  env: setting(
    oneOf(['production', 'staging'], 'production'),
    'PETSTORE_ENV',
    '--env',
    'Deployment: decides the key prefix (`pet_live_` or `pet_test_`) and the data it uses',
  ),
  publicUrl: setting(
    Type.String({ pattern: '^$|^https?://[^\\s]+/v1$', default: '' }),
    'PETSTORE_PUBLIC_URL',
    '--public-url',
    'Advertised base URL ending in `/v1`, used in `Link`, `Location` and the OpenAPI `servers` (default: relative links)',
  ),
  productionUrl: setting(
    Type.String({ pattern: '^$|^https?://[^\\s]+/v1$', default: '' }),
    'PETSTORE_PRODUCTION_URL',
    '--production-url',
    'Production base URL listed in the OpenAPI `servers` (default: the public URL when this is production)',
  ),
  stagingUrl: setting(
    Type.String({ pattern: '^$|^https?://[^\\s]+/v1$', default: '' }),
    'PETSTORE_STAGING_URL',
    '--staging-url',
    'Staging base URL listed in the OpenAPI `servers` (default: the public URL when this is staging)',
  ),
  bodyLimit: setting(
    Type.Integer({ minimum: 1024, maximum: 10485760, default: 16384 }),
    'PETSTORE_BODY_LIMIT',
    '--body-limit',
    'Largest request body in bytes; larger bodies get 413',
  ),
  corsOrigins: setting(
    Type.String({ default: '' }),
    'PETSTORE_CORS_ORIGINS',
    '--cors-origins',
    'Comma-separated origins allowed by CORS; empty turns CORS off',
  ),
  logLevel: setting(
    oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
    'LOG_LEVEL',
    '--log-level',
    'Log level: fatal, error, warn, info, debug, trace or silent',
  ),
  migrate: setting(
    Type.Boolean({ default: true }),
    'PETSTORE_MIGRATE',
    '--no-migrate',
    'Run pending migrations at start (`--no-migrate` or `PETSTORE_MIGRATE=false` to skip)',
  ),
  workers: setting(
    Type.Integer({ minimum: 1, maximum: 256, default: 1 }),
    'PETSTORE_WORKERS',
    '--workers',
    'Processes serving the API on this machine, sharing its port; a worker that dies is replaced',
  ),
  metricsPort: setting(
    Type.Integer({ minimum: 0, maximum: 65535, default: 0 }),
    'PETSTORE_METRICS_PORT',
    '--metrics-port',
    'Port serving Prometheus `/metrics` without authentication, apart from the API; 0 turns metrics off',
  ),
  metricsHost: setting(
    Type.String({ minLength: 1, default: '127.0.0.1' }),
    'PETSTORE_METRICS_HOST',
    '--metrics-host',
    'Address the metrics port binds; keep it private to the network Prometheus scrapes from',
  ),
  // Rate limits (docs/rate-limits.md). Window lengths and ban times are settings so that tests need not wait.
  rateLimits: setting(
    Type.Boolean({ default: true }),
    'PETSTORE_RATE_LIMITS',
    '--no-rate-limits',
    'Limit requests by plan (`--no-rate-limits` or `PETSTORE_RATE_LIMITS=false` turns limiting and its headers off)',
  ),
  redisUrl: setting(
    Type.String({ pattern: '^$|^rediss?://', default: '' }),
    'REDIS_URL',
    '--redis-url',
    'Redis URL; when set, rate-limit counters live in Redis and every instance shares one budget per key',
  ),
  redisPrefix: setting(
    Type.String({ pattern: '^[\\w.:-]*$', default: '' }),
    'PETSTORE_REDIS_PREFIX',
    '--redis-prefix',
    'Prefix of every Redis key (default: `petstore:` and the deployment), so deployments can share one Redis',
  ),
  redisTimeoutMs: setting(
    Type.Integer({ minimum: 1, maximum: 60000, default: 200 }),
    'PETSTORE_REDIS_TIMEOUT_MS',
    '--redis-timeout-ms',
    'Longest a Redis call may take before the instance limits in process instead',
  ),
  rateLimitInstances: setting(
    Type.Integer({ minimum: 1, maximum: 10000, default: 1 }),
    'PETSTORE_RATE_LIMIT_INSTANCES',
    '--rate-limit-instances',
    'Instances sharing the Redis budget; while Redis is unavailable each allows 1/N of every quota',
  ),
  minuteWindowSeconds: setting(
    Type.Integer({ minimum: 1, maximum: 86400, default: 60 }),
    'PETSTORE_MINUTE_WINDOW_SECONDS',
    '--minute-window-seconds',
    'Length in seconds of the "minute" window of every quota',
  ),
  dayWindowSeconds: setting(
    Type.Integer({ minimum: 1, maximum: 604800, default: 86400 }),
    'PETSTORE_DAY_WINDOW_SECONDS',
    '--day-window-seconds',
    'Length in seconds of the "day" window of every quota',
  ),
  anonymousPerMinute: setting(
    Type.Integer({ minimum: 1, maximum: 1000000, default: 20 }),
    'PETSTORE_ANONYMOUS_PER_MINUTE',
    '--anonymous-per-minute',
    'Requests without a valid API key allowed per client address per minute window',
  ),
  anonymousPerDay: setting(
    Type.Integer({ minimum: 1, maximum: 100000000, default: 500 }),
    'PETSTORE_ANONYMOUS_PER_DAY',
    '--anonymous-per-day',
    'Requests without a valid API key allowed per client address per day window',
  ),
  trustProxy: setting(
    Type.String({ pattern: '^$|^\\d+$|^[0-9a-fA-F.:/]+(\\s*,\\s*[0-9a-fA-F.:/]+)*$', default: '' }),
    'PETSTORE_TRUST_PROXY',
    '--trust-proxy',
    'Proxies whose X-Forwarded-For gives the client address: comma-separated addresses or CIDRs, or a hop count',
  ),
  banThreshold: setting(
    Type.Integer({ minimum: 1, maximum: 1000000, default: 30 }),
    'PETSTORE_BAN_THRESHOLD',
    '--ban-threshold',
    'Rejected (429) requests of one key within the ban window that get it banned',
  ),
  banWindowSeconds: setting(
    Type.Integer({ minimum: 1, maximum: 86400, default: 60 }),
    'PETSTORE_BAN_WINDOW_SECONDS',
    '--ban-window-seconds',
    'Window in seconds over which rejected requests are counted towards a ban',
  ),
  banSeconds: setting(
    Type.Integer({ minimum: 1, maximum: 31536000, default: 900 }),
    'PETSTORE_BAN_SECONDS',
    '--ban-seconds',
    'Length of a first ban in seconds; each repeat offence doubles it',
  ),
  banMaxSeconds: setting(
    Type.Integer({ minimum: 1, maximum: 31536000, default: 86400 }),
    'PETSTORE_BAN_MAX_SECONDS',
    '--ban-max-seconds',
    'Longest ban in seconds; offences are forgotten this long after the last ban ended',
  ),
  idempotencyTtlSeconds: setting(
    Type.Integer({ minimum: 60, maximum: 2592000, default: 86400 }),
    'PETSTORE_IDEMPOTENCY_TTL_SECONDS',
    '--idempotency-ttl-seconds',
    'How long an Idempotency-Key and its stored response are kept (docs/idempotency.md)',
  ),
  idempotencyWaitMs: setting(
    Type.Integer({ minimum: 1, maximum: 60000, default: 2000 }),
    'PETSTORE_IDEMPOTENCY_WAIT_MS',
    '--idempotency-wait-ms',
    'How long a retry waits for the first request with its Idempotency-Key before answering 409',
  ),
  idempotencyPruneIntervalMs: setting(
    Type.Integer({ minimum: 10, maximum: 86400000, default: 600000 }),
    'PETSTORE_IDEMPOTENCY_PRUNE_INTERVAL_MS',
    '--idempotency-prune-interval-ms',
    'How often expired idempotency records are deleted',
  ),
} satisfies Record<string, Setting>;

type Settings = typeof settings;
export type SettingName = keyof Settings;

export const ConfigSchema = Type.Object(
  Object.fromEntries(Object.entries(settings).map(([name, s]) => [name, s.schema])) as {
    [K in SettingName]: Settings[K]['schema'];
  },
  { additionalProperties: false },
);

export type Config = Static<typeof ConfigSchema>;

/** Raised when a setting's value is wrong; the message names the setting by its variable and flag. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const ajv = new Ajv({ coerceTypes: true, useDefaults: true, allErrors: true, strict: true });
const validate = ajv.compile<Config>(ConfigSchema);

/**
 * Builds the config from environment variables, overridden by explicit values (CLI flags or tests).
 * Throws ConfigError naming every bad setting.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = {},
  overrides: Partial<Record<SettingName, unknown>> = {},
): Config {
  const raw: Record<string, unknown> = {};
  for (const [name, s] of Object.entries(settings) as [SettingName, Setting][]) {
    const fromEnv = env[s.env];
    if (fromEnv !== undefined && fromEnv !== '') raw[name] = fromEnv;
    if (overrides[name] !== undefined) raw[name] = overrides[name];
  }
  const given = { ...raw }; // validation converts types in place; messages quote what was given
  if (!validate(raw)) {
    const problems = (validate.errors ?? []).map((e) => {
      const name = e.instancePath.slice(1) as SettingName;
      const s = settings[name];
      const where = s ? `${s.env} (${s.flag})` : name;
      const rule = e.keyword === 'enum' ? `must be one of ${e.params.allowedValues.join(', ')}` : e.message;
      return `${where} ${rule}, got ${JSON.stringify(given[name])}`;
    });
    throw new ConfigError(`Invalid configuration: ${[...new Set(problems)].join('; ')}`);
  }
  return raw as Config;
}

/** The PostgreSQL schema this deployment uses when none is configured. */
export const databaseSchemaOf = (config: Pick<Config, 'databaseSchema' | 'env'>): string =>
  config.databaseSchema || (config.env === 'production' ? 'public' : 'staging');
