// The service's Prometheus metrics, in a registry of each app's own (so that tests can build many apps),
// and the small functions the rest of the service calls to record what happened.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { planNames, type PlanName } from '../domain/plans.js';
import type { Store } from '../store/store.js';

export interface Metrics {
  registry: Registry;
  /** One finished HTTP request; `route` is the route's pattern, never the raw URL, to bound the series. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /**
   * A request Node's HTTP server refused before it was answered through Fastify (malformed, too large, too
   * late): counted with route `unparsed`, and not timed, since when it began is not known.
   */
  countRefusedRequest(method: string, status: number): void;
  /** A request refused with 429 because its key's budget was spent. */
  countRateLimitRejection(plan: PlanName): void;
  /** A key banned for a while after retrying through its 429s. */
  countBan(plan: PlanName): void;
  /** The shared limiter could not be reached, so this instance limited on its own. */
  countLimiterFallback(): void;
  /** One photo upload answered: `stored`, `replayed`, or the error code it was refused with. */
  countPhotoUpload(outcome: string): void;
  /** The time one upload's image took to process (decode, rotate, re-encode every size). */
  observePhotoProcessing(seconds: number): void;
}

/** Where the metrics read what they report on demand (at each scrape). */
export interface MetricsSources {
  /** Bytes the photos take in storage, every size counted. */
  storedPhotoBytes?: () => Promise<number>;
}

/** Latency buckets in seconds, from a cached read to a request that waited on a slow database. */
const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Processing times in seconds, from a thumbnail-sized upload to a large photo on a busy machine. */
const processingBuckets = [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16];

export function createMetrics(store: Store, sources: MetricsSources = {}): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const httpLabels = ['method', 'route', 'status'] as const;

  const requests = new Counter({
    name: 'petstore_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: httpLabels,
    registers,
  });
  const duration = new Histogram({
    name: 'petstore_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames: httpLabels,
    buckets: latencyBuckets,
    registers,
  });
  const rejections = new Counter({
    name: 'petstore_rate_limit_rejections_total',
    help: 'Requests refused with 429 because the key spent its budget, by plan',
    labelNames: ['plan'],
    registers,
  });
  const bans = new Counter({
    name: 'petstore_api_key_bans_total',
    help: 'API keys banned for a while after retrying through 429s, by plan',
    labelNames: ['plan'],
    registers,
  });
  const fallbacks = new Counter({
    name: 'petstore_rate_limiter_fallbacks_total',
    help: 'Times the shared limiter could not be reached and this instance limited requests on its own',
    registers,
  });
  const uploads = new Counter({
    name: 'petstore_photo_uploads_total',
    help: 'Photo uploads answered, by outcome: stored, replayed, or the error code of the refusal',
    labelNames: ['outcome'],
    registers,
  });
  uploads.inc({ outcome: 'stored' }, 0);
  const processing = new Histogram({
    name: 'petstore_photo_processing_seconds',
    help: 'Time to process one uploaded image: decode, turn upright, re-encode every size',
    buckets: processingBuckets,
    registers,
  });
  // Every plan's series exists from the start, so that alerts on a rate see zero rather than nothing.
  for (const plan of planNames) {
    rejections.inc({ plan }, 0);
    bans.inc({ plan }, 0);
  }

  if (store.poolStats()) {
    new Gauge({
      name: 'petstore_database_pool_connections',
      help: 'Database connections of this process, by state (busy, idle) and the most allowed (max)',
      labelNames: ['state'],
      registers,
      collect() {
        const stats = store.poolStats();
        if (!stats) return;
        this.set({ state: 'busy' }, stats.total - stats.idle);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'max' }, stats.max);
      },
    });
    new Gauge({
      name: 'petstore_database_pool_waiting',
      help: 'Queries waiting for a free database connection',
      registers,
      collect() {
        this.set(store.poolStats()?.waiting ?? 0);
      },
    });
  }

  // After the pool's gauges: its query, at each scrape, is then not counted in them.
  const { storedPhotoBytes } = sources;
  if (storedPhotoBytes) {
    new Gauge({
      name: 'petstore_photo_stored_bytes',
      help: 'Bytes the photos take in storage, every size of every photo counted',
      registers,
      async collect() {
        // A scrape while the database is away keeps the last value rather than failing whole.
        const bytes = await storedPhotoBytes().catch(() => undefined);
        if (bytes !== undefined) this.set(bytes);
      },
    });
  }
  return {
    registry,
    observeRequest(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
    countRefusedRequest: (method, status) =>
      requests.inc({ method, route: 'unparsed', status: String(status) }),
    countRateLimitRejection: (plan) => rejections.inc({ plan }),
    countBan: (plan) => bans.inc({ plan }),
    countLimiterFallback: () => fallbacks.inc(),
    countPhotoUpload: (outcome) => uploads.inc({ outcome }),
    observePhotoProcessing: (seconds) => processing.observe(seconds),
  };
}

/**
 * Adds the process's own metrics under their usual names (process_cpu_seconds_total, nodejs_heap_size_used_bytes,
 * nodejs_eventloop_lag_seconds ...). Only for a process that serves metrics: the collectors run for its life.
 */
export function collectProcessMetrics(metrics: Metrics): void {
  collectDefaultMetrics({ register: metrics.registry });
}
