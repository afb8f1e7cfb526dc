// Metrics of webhook delivery: attempts by outcome, their latency, endpoints disabled, and the age of the
// oldest undelivered event per endpoint (read from the store at each scrape, when the store answers).
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { Store } from '../store/store.js';
import { pendingByEndpoint } from '../store/repositories/webhooks-repository.js';

export type DeliveryOutcome = 'delivered' | 'failed' | 'blocked';

export interface WebhookMetrics {
  /** One attempt: `delivered` (2xx in time), `failed` (anything else), `blocked` (address refused). */
  observeAttempt(outcome: DeliveryOutcome, seconds: number): void;
  countDisabled(): void;
}

export function createWebhookMetrics(registry: Registry, store: Store, clock: () => number): WebhookMetrics {
  const registers = [registry];
  const attempts = new Counter({
    name: 'petstore_webhook_deliveries_total',
    help: 'Webhook delivery attempts, by outcome (delivered, failed, blocked)',
    labelNames: ['outcome'],
    registers,
  });
  const latency = new Histogram({
    name: 'petstore_webhook_delivery_duration_seconds',
    help: 'Time a receiver took to answer a webhook delivery attempt, by outcome',
    labelNames: ['outcome'],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const disabled = new Counter({
    name: 'petstore_webhook_endpoints_disabled_total',
    help: 'Webhook endpoints disabled after failing for the give-up time (3 days by default)',
    registers,
  });
  new Gauge({
    name: 'petstore_webhook_oldest_undelivered_seconds',
    help: 'Age of the oldest event not yet delivered, per endpoint',
    labelNames: ['endpoint'],
    registers,
    async collect() {
      this.reset();
      // A scrape during a database outage is when the 503 counts matter most: it goes on without this
      // gauge, whose series are absent until the database answers again. Any other failure is a fault.
      const pending = await pendingByEndpoint(store.db).catch((error: unknown) => {
        if (store.isUnavailable(error)) return [];
        throw error;
      });
      for (const { endpoint_id, oldest } of pending) {
        this.set({ endpoint: endpoint_id }, Math.max(0, (clock() - oldest) / 1000));
      }
    },
  });
  for (const outcome of ['delivered', 'failed', 'blocked']) attempts.inc({ outcome }, 0);
  return {
    observeAttempt(outcome, seconds) {
      attempts.inc({ outcome });
      latency.observe({ outcome }, seconds);
    },
    countDisabled: () => disabled.inc(),
  };
}
