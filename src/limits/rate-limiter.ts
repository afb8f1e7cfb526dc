// The rate limiter of the API: a key's minute and day windows, the anonymous budget of client addresses,
// and temporary bans of keys that go on after 429s (docs/rate-limits.md). Counters come from a backend
// (memory or Redis); bans live on the key's record, which every request reads anyway.
import type { PlanName, Quota } from '../domain/plans.js';
import { addressSubject } from './address.js';
import { AddressBlocks } from './address-blocks.js';
import { nextBan, type BanPolicy } from './ban-policy.js';
import type { Counter, CounterBackend } from './counters.js';
import { bannedDecision, bindingWindow, decide, rateLimited, type Decision } from './decision.js';
import { LimiterEvents, type LimiterListener, type Subject } from './events.js';
import type { LimiterLog } from './log.js';
import type { ReadAlong, ReadsAlong } from './read-along.js';
import { windowSpecs, type WindowName, type WindowSpec } from './windows.js';

/** What the limiter needs of a key: the record the auth hook loaded for this request. */
export interface LimitedKey {
  id: string;
  plan: PlanName;
  quota: Quota;
  /** ISO time; may be in the past (kept for repeat offences). */
  bannedUntil: string | null;
  banOffences: number;
}

export interface RateLimiterSettings {
  minuteWindowSeconds: number;
  dayWindowSeconds: number;
  anonymousPerMinute: number;
  anonymousPerDay: number;
  /** Photo downloads per client address per minute window: a budget of their own (docs/photos.md). */
  photoRequestsPerMinute: number;
  /** Applications sent from the adoption pages' form per client address per hour: their own budget. */
  applicationFormsPerHour: number;
  rateLimitInstances: number;
  banThreshold: number;
  banWindowSeconds: number;
  banSeconds: number;
  banMaxSeconds: number;
}

export interface RateLimiterOptions {
  settings: RateLimiterSettings;
  backend: CounterBackend;
  events?: LimiterEvents;
  log: LimiterLog;
  clock?: () => number;
  /** Persists a ban so that every instance sees it on the key's next request. */
  recordBan?: (keyId: string, ban: { until: number; offences: number }) => Promise<void>;
}

/** One window of a key's usage, for `petstore keys show`. */
export interface WindowUsage {
  window: WindowName;
  seconds: number;
  limit: number;
  used: number;
  /** ISO time the window starts afresh; null when the key has no request in it. */
  resetsAt: string | null;
}

interface CountedWindow extends WindowSpec {
  counter: Counter;
}

export class RateLimiter implements ReadsAlong {
  readonly events: LimiterEvents;
  readonly #backend: CounterBackend;
  readonly #keyWindows: CountedWindow[];
  readonly #addressWindows: CountedWindow[];
  readonly #photoWindows: CountedWindow[];
  readonly #photoQuota: Quota;
  readonly #formWindows: CountedWindow[];
  readonly #formQuota: Quota;
  readonly #rejections: Counter;
  readonly #anonymousQuota: Quota;
  readonly #instances: number;
  readonly #ban: BanPolicy;
  readonly #blocks = new AddressBlocks();
  readonly #log: LimiterLog;
  readonly #clock: () => number;
  readonly #recordBan: NonNullable<RateLimiterOptions['recordBan']>;

  constructor({ settings, backend, events, log, clock = Date.now, recordBan }: RateLimiterOptions) {
    this.events = events ?? new LimiterEvents();
    this.#backend = backend;
    const specs = windowSpecs(settings);
    this.#keyWindows = specs.map((spec) => ({ ...spec, counter: backend.counter(spec.name, spec.seconds) }));
    this.#addressWindows = specs.map((spec) => ({
      ...spec,
      counter: backend.counter(`anonymous-${spec.name}`, spec.seconds),
    }));
    // Photos are counted in the minute window alone: a page of thumbnails comes in a burst, and each costs a
    // read of a few kilobytes, so no day's budget is needed to protect the service.
    this.#photoWindows = specs
      .filter((spec) => spec.name === 'minute')
      .map((spec) => ({ ...spec, counter: backend.counter(`photos-${spec.name}`, spec.seconds) }));
    this.#photoQuota = {
      perMinute: settings.photoRequestsPerMinute,
      perDay: settings.photoRequestsPerMinute,
    };
    // The form's window is an hour, counted as the minute window is (its quota in the minute's field).
    this.#formWindows = [
      {
        name: 'minute',
        seconds: formWindowSeconds,
        quotaField: 'perMinute',
        counter: backend.counter('forms-hour', formWindowSeconds),
      },
    ];
    this.#formQuota = {
      perMinute: settings.applicationFormsPerHour,
      perDay: settings.applicationFormsPerHour,
    };
    this.#rejections = backend.counter('rejected', settings.banWindowSeconds);
    this.#anonymousQuota = { perMinute: settings.anonymousPerMinute, perDay: settings.anonymousPerDay };
    this.#instances = settings.rateLimitInstances;
    this.#ban = {
      threshold: settings.banThreshold,
      windowSeconds: settings.banWindowSeconds,
      firstSeconds: settings.banSeconds,
      maxSeconds: Math.max(settings.banSeconds, settings.banMaxSeconds),
    };
    this.#log = log;
    this.#clock = clock;
    this.#recordBan = recordBan ?? (async () => {});
  }

  /** The limiter's clock, for headers that give absolute times. */
  now(): number {
    return this.#clock();
  }

  /** Calls `listener` with every limiter event; returns a function that stops it. */
  observe(listener: LimiterListener): () => void {
    return this.events.observe(listener);
  }

  /** Counts one request of an authenticated key, or refuses it. */
  async limitKey(key: LimitedKey): Promise<Decision> {
    if (key.bannedUntil !== null) {
      const until = Date.parse(key.bannedUntil);
      const now = this.#clock();
      if (until > now)
        return bannedDecision(this.#keyWindows, key.quota, until - now, until, key.banOffences);
    }
    const decision = await this.#count(this.#keyWindows, key.id, key.quota, 'key', key.plan);
    if (!decision.refusal) return decision;
    decision.refusal.detail += ` for this API key (plan ${key.plan})`;
    return (await this.#banIfPersistent(key)) ?? decision;
  }

  /** The answer for a client address that exhausted its anonymous budget; undefined when it has not. */
  blockedAddress(ip: string): Decision | undefined {
    if (this.#blocks.size === 0) return undefined; // the usual case, checked before any address work
    const windows = this.#blocks.get(addressSubject(ip), this.#clock());
    if (!windows) return undefined;
    const binding = bindingWindow(windows.filter((w) => w.exhausted));
    return { windows, binding, refusal: rateLimited(windows, binding, '', anonymous) };
  }

  /** Counts one request without a valid key against its client address, or refuses it. */
  async limitAddress(ip: string): Promise<Decision> {
    const subject = addressSubject(ip);
    const decision = await this.#count(this.#addressWindows, subject, this.#anonymousQuota, 'address');
    if (decision.refusal) {
      this.#blocks.add(subject, decision.windows, this.#clock());
      decision.refusal = rateLimited(decision.windows, decision.binding, '', anonymous);
    }
    return decision;
  }

  /**
   * Counts one photo download against its client address, or refuses it: a budget apart from the anonymous
   * one, so that pages full of photos never use up what protects the keyed API, and the other way round.
   */
  async limitPhotos(ip: string): Promise<Decision> {
    const subject = addressSubject(ip);
    const decision = await this.#count(this.#photoWindows, subject, this.#photoQuota, 'address');
    if (decision.refusal) {
      decision.refusal = rateLimited(decision.windows, decision.binding, '', ' of photos from this address');
    }
    return decision;
  }

  /**
   * Counts one application sent from the adoption pages' form against its client address, or refuses it:
   * the form needs no key, so the address is what holds robots back (10 an hour by default).
   */
  async limitFormSubmissions(ip: string): Promise<Decision> {
    return this.#count(this.#formWindows, addressSubject(ip), this.#formQuota, 'address');
  }

  /** A key's usage in each window (needs counters this process can see: Redis, or the serving process). */
  async usage(keyId: string, quota: Quota): Promise<WindowUsage[]> {
    const counts = await Promise.all(this.#keyWindows.map((w) => w.counter.peek(keyId)));
    const now = this.#clock();
    return this.#keyWindows.map((w, i) => {
      const count = counts[i];
      return {
        window: w.name,
        seconds: w.seconds,
        limit: quota[w.quotaField],
        used: count?.used ?? 0,
        resetsAt: count ? new Date(now + count.msBeforeReset).toISOString() : null,
      };
    });
  }

  /** Sets a key's count in one window (a test fixture and an operator's tool). */
  async setUsage(keyId: string, window: WindowName, used: number): Promise<void> {
    await this.#keyWindows.find((w) => w.name === window)!.counter.set(keyId, used);
  }

  /** Forgets the rejected requests counted towards a key's next ban (on unban). */
  async forgetRejections(keyId: string): Promise<void> {
    await this.#rejections.reset(keyId);
  }

  /** Has each count also read `along`'s keys, where the counters are shared (Redis): the seam of read-along.ts. */
  readAlong(along: ReadAlong): void {
    this.#backend.readAlong?.(along);
  }

  close(): Promise<void> {
    return this.#backend.close();
  }

  async #count(
    windows: CountedWindow[],
    subject: string,
    quota: Quota,
    kind: Subject,
    plan?: PlanName,
  ): Promise<Decision> {
    const counts = await this.#backend.consumeEach(
      windows.map((w) => w.counter),
      subject,
    );
    const decision = decide(windows, counts, quota, this.#instances);
    if (decision.refusal) {
      // A request one window refused must not drain the others.
      await Promise.all(
        windows.filter((_, i) => !decision.windows[i]!.exhausted).map((w) => w.counter.refund(subject)),
      );
      const exhausted = decision.windows.filter((w) => w.exhausted).map((w) => w.name);
      this.events.emit({ type: 'rejected', subject: kind, windows: exhausted, ...(plan ? { plan } : {}) });
    }
    return decision;
  }

  /** Counts a rejected request; the one that reaches the threshold bans the key. */
  async #banIfPersistent(key: LimitedKey): Promise<Decision | undefined> {
    const rejected = await this.#rejections.consume(key.id);
    // Exactly one request reaches the threshold, even across instances: the count is atomic.
    if (rejected.used !== this.#ban.threshold) return undefined;
    const now = this.#clock();
    const previous = {
      bannedUntil: key.bannedUntil ? Date.parse(key.bannedUntil) : null,
      offences: key.banOffences,
    };
    const ban = nextBan(previous, now, this.#ban);
    try {
      await this.#recordBan(key.id, ban);
    } catch (error) {
      this.#log.error({ err: error, keyId: key.id }, 'could not record a ban; the key is only rate limited');
      return undefined;
    }
    await this.#rejections.reset(key.id);
    this.events.emit({
      type: 'banned',
      keyId: key.id,
      plan: key.plan,
      until: ban.until,
      offences: ban.offences,
    });
    this.#log.warn(
      { keyId: key.id, until: new Date(ban.until).toISOString(), offences: ban.offences },
      `API key banned: ${this.#ban.threshold} rejected requests within ${this.#ban.windowSeconds} s`,
    );
    return bannedDecision(this.#keyWindows, key.quota, ban.until - now, ban.until, ban.offences);
  }
}

const anonymous = ' from this address without a valid API key';
const formWindowSeconds = 3600;
