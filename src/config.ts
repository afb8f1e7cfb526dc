// Every setting of the service: its schema, default, environment variable and CLI flag, validated once at start.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Ajv } from 'ajv';
import { defaultEventRetentionDays } from './domain/events.js';

/** One setting: the schema of its value, where it comes from, and what it means. */
export interface Setting<S extends TSchema = TSchema> {
  schema: S;
  env: string;
  flag: string;
  description: string;
  /** What a value must be, in words, where the schema's pattern would say it in a regular expression. */
  expected?: string;
  /** The help line of a `--no-…` flag, which says what the flag does rather than what the setting means. */
  flagHelp?: string;
}

/** A string limited to a few values, reported in errors as the list of those values. */
const oneOf = <const T extends string>(values: readonly T[], fallback: T) =>
  Type.Unsafe<T>({ type: 'string', enum: values, default: fallback });

const setting = <S extends TSchema>(
  schema: S,
  env: string,
  flag: string,
  description: string,
  extra: Pick<Setting, 'expected' | 'flagHelp'> = {},
): Setting<S> => ({
  schema,
  env,
  flag,
  description,
  ...extra,
});

/** One origin a browser compares a framing page to: a scheme, a host (or `*.` and a domain) and maybe a port. */
const originPattern = String.raw`https?://(\*\.)?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*(:[0-9]{1,5})?`;
const embedOriginsPattern = String.raw`^\s*(\*|${originPattern}([\s,]+${originPattern})*)\s*$`;

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
    { expected: 'a URL starting with postgres:// or postgresql:// (or empty for SQLite)' },
  ),
  databaseSchema: setting(
    Type.String({ pattern: '^$|^[a-z_][a-z0-9_]{0,62}$', default: '' }),
    'PETSTORE_DATABASE_SCHEMA',
    '--database-schema',
    'PostgreSQL schema holding this deployment (default: `public` in production, `staging` in staging)',
    { expected: 'a schema name: lower-case letters, digits and _, not starting with a digit, at most 63' },
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
    { expected: 'an http:// or https:// URL ending in /v1, e.g. https://api.example.org/v1' },
  ),
  publicPages: setting(
    oneOf(['on', 'off'], 'on'),
    'PETSTORE_PUBLIC_PAGES',
    '--public-pages',
    'The public adoption pages at `/adopt` (docs/adoption-pages.md); `off` answers 404 to every page, for a shelter that only wants the API',
  ),
  embedOrigins: setting(
    Type.String({ pattern: embedOriginsPattern, default: '*' }),
    'PETSTORE_EMBED_ORIGINS',
    '--embed-origins',
    'Origins whose pages may frame the embedded adoption pages (`/adopt…?embed=1`), separated by spaces or commas; `*` lets any site embed them (docs/adoption-pages.md#embedding)',
    {
      expected:
        '* or origins such as https://shelter.example or https://*.shelter.example, separated by spaces or commas',
    },
  ),
  productionUrl: setting(
    Type.String({ pattern: '^$|^https?://[^\\s]+/v1$', default: '' }),
    'PETSTORE_PRODUCTION_URL',
    '--production-url',
    'Production base URL listed in the OpenAPI `servers` (default: the public URL when this is production)',
    { expected: 'an http:// or https:// URL ending in /v1, e.g. https://api.example.org/v1' },
  ),
  stagingUrl: setting(
    Type.String({ pattern: '^$|^https?://[^\\s]+/v1$', default: '' }),
    'PETSTORE_STAGING_URL',
    '--staging-url',
    'Staging base URL listed in the OpenAPI `servers` (default: the public URL when this is staging)',
    { expected: 'an http:// or https:// URL ending in /v1, e.g. https://api.example.org/v1' },
  ),
  bodyLimit: setting(
    Type.Integer({ minimum: 1024, maximum: 10485760, default: 16384 }),
    'PETSTORE_BODY_LIMIT',
    '--body-limit',
    'Largest request body in bytes; larger bodies get 413',
  ),
  // Without it a client that sends a body a byte at a time holds its connection for ever (slowloris). Bodies are
  // at most 16 KiB by default, so 30 s is generous; a setting so that tests need not wait that long.
  requestTimeoutMs: setting(
    Type.Integer({ minimum: 100, maximum: 600000, default: 30000 }),
    'PETSTORE_REQUEST_TIMEOUT_MS',
    '--request-timeout-ms',
    'Longest a client may take to send a whole request, headers and body; a slower one gets 408 and is disconnected',
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
    { flagHelp: 'Do not run pending migrations at start (by default they run)' },
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
    {
      flagHelp:
        'Do not limit requests, and send no rate-limit headers (by default requests are limited by plan)',
    },
  ),
  redisUrl: setting(
    Type.String({ pattern: '^$|^rediss?://', default: '' }),
    'REDIS_URL',
    '--redis-url',
    "Redis URL; when set, instances share each key's budget there and, on PostgreSQL, the read caches' versions (give the `petstore` command it too; without it the versions are sequences in PostgreSQL)",
    { expected: 'a URL starting with redis:// or rediss://' },
  ),
  redisPrefix: setting(
    // The `:` that separates it from the rest of each key is the service's own.
    Type.String({ pattern: '^$|^[\\w.:-]*[\\w.-]$', default: '' }),
    'PETSTORE_REDIS_PREFIX',
    '--redis-prefix',
    'Prefix of every Redis key (default: `petstore:` and the deployment), so deployments can share one Redis',
    { expected: 'letters, digits and the characters _ . : -, not ending in :' },
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
    { expected: 'a hop count, or comma-separated IP addresses or CIDRs such as 10.0.0.0/8' },
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
  // Events and webhooks (docs/webhooks.md). Retry timings are settings so that tests need not wait.
  eventRetentionDays: setting(
    Type.Integer({ minimum: 1, maximum: 3650, default: defaultEventRetentionDays }),
    'PETSTORE_EVENT_RETENTION_DAYS',
    '--event-retention-days',
    'Days an event stays in `GET /v1/events` (and can be replayed) before it is pruned',
  ),
  webhookAllowedHosts: setting(
    Type.String({ pattern: '^[\\w.:/\\[\\],\\s-]*$', default: '' }),
    'PETSTORE_WEBHOOK_ALLOWED_HOSTS',
    '--webhook-allowed-hosts',
    'Comma-separated hosts, addresses or CIDRs webhooks may reach although private, loopback or plain http',
  ),
  webhookDelivery: setting(
    Type.Boolean({ default: true }),
    'PETSTORE_WEBHOOK_DELIVERY',
    '--no-webhook-delivery',
    'Deliver webhooks from this instance (`--no-webhook-delivery` leaves it to the other instances)',
  ),
  webhookPollIntervalMs: setting(
    Type.Integer({ minimum: 10, maximum: 60000, default: 500 }),
    'PETSTORE_WEBHOOK_POLL_INTERVAL_MS',
    '--webhook-poll-interval-ms',
    'How long the delivery worker waits after a pass that found nothing due (a pass that delivered looks again at once)',
  ),
  webhookRetryBaseMs: setting(
    Type.Integer({ minimum: 1, maximum: 3600000, default: 5000 }),
    'PETSTORE_WEBHOOK_RETRY_BASE_MS',
    '--webhook-retry-base-ms',
    'Wait before the first retry of a failed delivery; each later wait is 4 times longer, up to 12 hours',
  ),
  webhookGiveUpSeconds: setting(
    Type.Integer({ minimum: 1, maximum: 2592000, default: 259200 }),
    'PETSTORE_WEBHOOK_GIVE_UP_SECONDS',
    '--webhook-give-up-seconds',
    'How long an endpoint may keep failing before it is disabled (3 days)',
  ),
  webhookTimeoutMs: setting(
    Type.Integer({ minimum: 10, maximum: 60000, default: 10000 }),
    'PETSTORE_WEBHOOK_TIMEOUT_MS',
    '--webhook-timeout-ms',
    'How long a receiver has to answer 2xx before the attempt counts as failed',
  ),
  // Photos (docs/photos.md).
  photoUploadLimit: setting(
    Type.Integer({ minimum: 1024, maximum: 104857600, default: 15728640 }),
    'PETSTORE_PHOTO_UPLOAD_LIMIT',
    '--photo-upload-limit',
    'Largest photo upload in bytes (15 MiB); a larger one gets 413',
  ),
  photosPerPet: setting(
    Type.Integer({ minimum: 1, maximum: 100, default: 12 }),
    'PETSTORE_PHOTOS_PER_PET',
    '--photos-per-pet',
    'Most photos one animal may have; one more gets 409 `too_many_photos`',
  ),
  photoMaxPixels: setting(
    // sharp's own cap is 0x3FFF² pixels; an image above ours is refused from its header, before decoding.
    Type.Integer({ minimum: 1, maximum: 268402689, default: 50000000 }),
    'PETSTORE_PHOTO_MAX_PIXELS',
    '--photo-max-pixels',
    'Most pixels (width × height) an uploaded image may declare (50 megapixels); more gets 422 `image_too_large` before it is decoded',
  ),
  photoProcessingConcurrency: setting(
    Type.Integer({ minimum: 1, maximum: 64, default: 2 }),
    'PETSTORE_PHOTO_PROCESSING_CONCURRENCY',
    '--photo-processing-concurrency',
    'Uploads this process re-encodes at once, each in a child process of its own at a lower priority; one more waits for a slot',
  ),
  photoProcessingQueue: setting(
    Type.Integer({ minimum: 0, maximum: 1000, default: 8 }),
    'PETSTORE_PHOTO_PROCESSING_QUEUE',
    '--photo-processing-queue',
    'Uploads that may wait at once for a processing slot, in order of arrival; one more gets 503 with `Retry-After` at once (0: never wait)',
  ),
  photoProcessingWaitMs: setting(
    Type.Integer({ minimum: 1, maximum: 600000, default: 10000 }),
    'PETSTORE_PHOTO_PROCESSING_WAIT_MS',
    '--photo-processing-wait-ms',
    'Longest an upload waits for a processing slot; past it, 503 with `Retry-After`',
  ),
  photoRequestsPerMinute: setting(
    Type.Integer({ minimum: 1, maximum: 1000000, default: 3000 }),
    'PETSTORE_PHOTO_REQUESTS_PER_MINUTE',
    '--photo-requests-per-minute',
    'Photo downloads (`GET /v1/photos/…`, no key needed) allowed per client address per minute window, apart from every other budget',
  ),
  // Adoption applications (docs/applications.md).
  applicationBodyLimit: setting(
    Type.Integer({ minimum: 1024, maximum: 1048576, default: 32768 }),
    'PETSTORE_APPLICATION_BODY_LIMIT',
    '--application-body-limit',
    'Largest body of `POST /v1/applications`, in bytes (32 KiB); a larger one gets 413',
  ),
  applicationFormsPerHour: setting(
    Type.Integer({ minimum: 1, maximum: 1000000, default: 10 }),
    'PETSTORE_APPLICATION_FORMS_PER_HOUR',
    '--application-forms-per-hour',
    'Applications the adoption pages’ form accepts per client address per hour; one more gets 429 with `Retry-After` and the form back as typed (the API counts against the key instead)',
  ),
  applicationRetentionDays: setting(
    Type.Integer({ minimum: 1, maximum: 36500, default: 180 }),
    'PETSTORE_APPLICATION_RETENTION_DAYS',
    '--application-retention-days',
    'Days after its decision that a declined or withdrawn application’s personal data is erased',
  ),
  adopterRetentionDays: setting(
    Type.Integer({ minimum: 0, maximum: 36500, default: 0 }),
    'PETSTORE_ADOPTER_RETENTION_DAYS',
    '--adopter-retention-days',
    'Days after the adoption that an adopted application’s personal data is erased; 0 keeps it',
  ),
  applicationRetentionIntervalMs: setting(
    Type.Integer({ minimum: 1000, maximum: 86400000, default: 3600000 }),
    'PETSTORE_APPLICATION_RETENTION_INTERVAL_MS',
    '--application-retention-interval-ms',
    'How often the service erases the applications whose retention date has passed (hourly)',
  ),
  // The staff console (docs/console.md).
  consoleIdleHours: setting(
    Type.Integer({ minimum: 1, maximum: 720, default: 8 }),
    'PETSTORE_CONSOLE_IDLE_HOURS',
    '--console-idle-hours',
    'Hours without a request after which a console session ends and its user signs in again',
  ),
  consoleSessionDays: setting(
    Type.Integer({ minimum: 1, maximum: 365, default: 7 }),
    'PETSTORE_CONSOLE_SESSION_DAYS',
    '--console-session-days',
    'Days after signing in that a console session ends, however busy',
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

/** What a setting accepts, in words: for error messages and the settings table of docs/configuration.md. */
export function acceptedValues(s: Setting): string {
  const schema = s.schema as {
    type?: string;
    enum?: string[];
    minimum?: number;
    maximum?: number;
    minLength?: number;
  };
  if (s.expected) return s.expected;
  if (schema.enum) return `one of ${schema.enum.join(', ')}`;
  if (schema.type === 'boolean') return 'true or false';
  if (schema.type === 'integer') return `a whole number from ${schema.minimum} to ${schema.maximum}`;
  return schema.minLength ? 'a non-empty text' : 'a text';
}

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
      const s = settings[name] as Setting | undefined;
      if (!s) return `${name} ${e.message}`;
      return `${s.env} (${s.flag}) must be ${acceptedValues(s)}, got ${JSON.stringify(given[name])}`;
    });
    throw new ConfigError(`Invalid configuration: ${[...new Set(problems)].join('; ')}`);
  }
  return raw as Config;
}

/** The PostgreSQL schema this deployment uses when none is configured. */
export const databaseSchemaOf = (config: Pick<Config, 'databaseSchema' | 'env'>): string =>
  config.databaseSchema || (config.env === 'production' ? 'public' : 'staging');
