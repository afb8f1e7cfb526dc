// When Redis fails or is slow, this instance limits in process (with its share of each quota) and probes
// Redis every so often; the first probe Redis answers in time switches it back. Only the first failure of
// an outage is reported, so a dead Redis costs one warning, not one per request.
import type { Redis } from 'ioredis';
import type { LimiterEvents } from './events.js';
import type { LimiterLog } from './log.js';

export class Failover {
  /** True while counting in process. */
  inProcess = false;
  #lastError: Error | undefined;
  #probe: NodeJS.Timeout | undefined;
  #probing = false;

  constructor(
    private readonly client: Redis,
    private readonly events: LimiterEvents,
    private readonly log: LimiterLog,
    private readonly timeoutMs: number,
    private readonly probeIntervalMs: number,
  ) {
    // ioredis reports each failed (re)connection here; without a listener it would print them all.
    client.on('error', (error: Error) => {
      this.#lastError = error;
    });
  }

  /** The last connection error ioredis reported, for messages. */
  get lastError(): Error | undefined {
    return this.#lastError;
  }

  /** Called whenever a Redis call failed or timed out and the in-process limiter answered instead. */
  readonly fail = (): void => {
    if (this.inProcess) return;
    this.inProcess = true;
    const reason =
      this.client.status === 'ready'
        ? `a Redis call took longer than ${this.timeoutMs} ms or failed`
        : `Redis is ${this.client.status}${this.#lastError ? ` (${this.#lastError.message})` : ''}`;
    this.events.emit({ type: 'fallback', reason });
    this.log.warn(
      { reason },
      'rate limiting falls back to this process (each instance allows its share of every quota) until Redis answers again',
    );
    this.#probe = setInterval(() => void this.#check(), this.probeIntervalMs);
    this.#probe.unref();
  };

  async #check(): Promise<void> {
    if (this.#probing || this.client.status !== 'ready') return;
    this.#probing = true;
    try {
      await this.client.ping();
    } catch {
      return;
    } finally {
      this.#probing = false;
    }
    this.stop();
    this.inProcess = false;
    this.events.emit({ type: 'recovered' });
    this.log.info({}, 'Redis answers again: rate-limit counters are shared again');
  }

  stop(): void {
    clearInterval(this.#probe);
    this.#probe = undefined;
  }
}
