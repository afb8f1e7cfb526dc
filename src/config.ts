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
