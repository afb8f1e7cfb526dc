// The webhook delivery worker that runs inside every serving instance: it leases endpoints with due
// deliveries (one instance per endpoint at a time), sends their events in order, records every attempt,
// schedules retries, and disables an endpoint that has failed for the give-up time. A crash leaves the
// delivery pending and the lease expiring: another pass delivers it again (at least once, never lost).
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { Config } from '../config.js';
import type { WebhookMetrics } from '../metrics/webhook-metrics.js';
import { eventJson } from '../services/events-service.js';
import type { Store } from '../store/store.js';
import {
  leaseDueEndpoint,
  nextDeliveries,
  recordAttempt,
  releaseAllLeases,
  releaseLease,
  renewLease,
  updateEndpoint,
} from '../store/repositories/webhooks-repository.js';
import { blockedDeliveryLog } from './blocked-delivery-log.js';
import { retryDelayMs } from './retry-schedule.js';
import { sendWebhook, type AttemptResult } from './send-webhook.js';
import { urlPolicyOf } from '../services/webhook-url-safety.js';

export interface WorkerLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface DeliveryWorkerOptions {
  store: Store;
  config: Pick<
    Config,
    | 'env'
    | 'webhookAllowedHosts'
    | 'webhookPollIntervalMs'
    | 'webhookRetryBaseMs'
    | 'webhookGiveUpSeconds'
    | 'webhookTimeoutMs'
  >;
  log: WorkerLog;
  metrics?: WebhookMetrics;
  clock?: () => number;
  random?: () => number;
  /** Endpoints delivered to at once by this instance. */
  concurrency?: number;
}

export interface DeliveryWorker {
  /** Delivers what is due now; resolves when this pass is done, with the number of attempts it made. */
  runOnce(): Promise<number>;
  /** Stops polling and waits for the pass under way. */
  stop(): Promise<void>;
}

/** Deliveries sent per lease before the endpoint is given back, so that instances take turns. */
const batchSize = 50;

export function startDeliveryWorker(options: DeliveryWorkerOptions, poll = true): DeliveryWorker {
  const { store, config, log, metrics, clock = Date.now, random = Math.random, concurrency = 4 } = options;
  const owner = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const policy = urlPolicyOf({ env: config.env, allowedHosts: config.webhookAllowedHosts });
  const blockedLog = blockedDeliveryLog(log);
  // A lease outlives the slowest attempt with room to record it; a crashed holder's lease expires after it.
  const leaseMs = 2 * config.webhookTimeoutMs + 2000;
  const giveUpMs = config.webhookGiveUpSeconds * 1000;

  let stopped = false;

  /** Sends the endpoint's due deliveries in order, up to a batch; returns the number of attempts made. */
  async function deliverTo(endpoint: NonNullable<Awaited<ReturnType<typeof leaseDueEndpoint>>>) {
    const deliveries = await nextDeliveries(store.db, endpoint.id, batchSize);
    const lease = { endpointId: endpoint.id, owner };
    const target = { url: endpoint.url, signer: new Webhook(endpoint.secret) };
    let failingSince = endpoint.failing_since;
    let leaseUntil = endpoint.lease_until ?? 0;
    let attempts = 0;
    for (const delivery of deliveries) {
      if (stopped) break;
      const now = clock();
      if (delivery.next_attempt_at > now) break;
      // Renewed only when what is left of it might not cover one more attempt: one write less per event.
      if (leaseUntil - now < config.webhookTimeoutMs + 1000) {
        if (!(await renewLease(store.db, endpoint.id, owner, now + leaseMs))) break;
        leaseUntil = now + leaseMs;
      }
      const event = {
        id: delivery.event_id,
        type: delivery.type,
        created_at: delivery.event_created_at,
        data: delivery.data,
        changes: delivery.changes,
        actor: delivery.actor,
      };
      const result: AttemptResult = await sendWebhook(
        target,
        { id: `evt_${event.id}`, payload: eventJson(event) },
        { policy, timeoutMs: config.webhookTimeoutMs, now: clock },
      );
      attempts++;
      blockedLog.attempted(endpoint, result);
      const attempt = { deliveryId: delivery.id, attemptedAt: now, ...result };
      const outcome = result.ok ? 'delivered' : result.blocked ? 'blocked' : 'failed';
      metrics?.observeAttempt(outcome, result.durationMs / 1000);
      const after = clock();
      const recorded = await recordAttempt(
        store.db,
        lease,
        attempt,
        result.ok
          ? { delivered: true }
          : {
              delivered: false,
              nextAttemptAt: after + retryDelayMs(delivery.attempts + 1, config.webhookRetryBaseMs, random),
            },
      );
      // The lease ran out and another instance took the endpoint over: it goes on from here, in order.
      if (!recorded) break;
      if (result.ok) {
        if (failingSince !== null) {
          failingSince = null;
          await updateEndpoint(store.db, endpoint.id, { failing_since: null });
        }
        continue;
      }
      if (failingSince === null) {
        failingSince = now;
        await updateEndpoint(store.db, endpoint.id, { failing_since: now });
      } else if (after - failingSince >= giveUpMs) {
        // Its deliveries stay pending: `webhooks enable` resumes them in order.
        await updateEndpoint(store.db, endpoint.id, {
          disabled_at: after,
          disabled_reason: `failing since ${new Date(failingSince).toISOString()}: ${result.error ?? ''}`,
        });
        metrics?.countDisabled();
        log.warn(
          // The host, not the URL: its path or query may carry a token.
          {
            endpoint: endpoint.id,
            host: new URL(endpoint.url).host,
            failingSince: new Date(failingSince).toISOString(),
          },
          'webhook endpoint disabled after failing for the give-up time',
        );
      }
      // In order: nothing later goes to this endpoint before this delivery succeeds.
      break;
    }
    return attempts;
  }

  /** Leases endpoints not yet served in this pass, one after another; returns the attempts made. */
  async function worker(claimed: string[]) {
    let attempts = 0;
    while (!stopped) {
      const endpoint = await leaseDueEndpoint(store, {
        owner,
        now: clock(),
        leaseMs,
        skip: claimed,
      });
      if (!endpoint) break;
      claimed.push(endpoint.id);
      try {
        attempts += await deliverTo(endpoint);
      } finally {
        await releaseLease(store.db, endpoint.id, owner);
      }
    }
    return attempts;
  }

  // Each endpoint is served once per pass (one batch), so that endpoints and instances take turns.
  const runOnce = async () => {
    const claimed: string[] = [];
    // Settled, not all: a pass is over only when every worker is, even if one of them failed.
    const results = await Promise.allSettled(Array.from({ length: concurrency }, () => worker(claimed)));
    let attempts = 0;
    for (const result of results) {
      if (result.status === 'fulfilled') attempts += result.value;
      else log.error({ err: result.reason as unknown }, 'webhook delivery pass failed');
    }
    return attempts;
  };

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  // A pass that sent something starts the next one at once (a backlog is drained batch after batch); only a
  // pass that found nothing due waits the poll interval.
  const loop = () => {
    running = runOnce()
      .catch((err: unknown) => {
        log.error({ err }, 'webhook delivery pass failed');
        return 0;
      })
      .then((attempts) => {
        if (!stopped) timer = setTimeout(loop, attempts > 0 ? 0 : config.webhookPollIntervalMs);
      });
  };
  if (poll) {
    // One instance, one delivering process: a lease left by its own crash need not wait to expire.
    const start = store.servedByOneInstance ? releaseAllLeases(store.db) : Promise.resolve();
    void start.then(loop, (err: unknown) => log.error({ err }, 'webhook delivery could not start'));
  }
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
