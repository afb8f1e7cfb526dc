// The pure rules of the limiter: decisions from counts, the binding window, ban lengths, address units.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { addressSubject } from '../../src/limits/address.js';
import { nextBan } from '../../src/limits/ban-policy.js';
import { bindingWindow, decide, limitFor, type WindowState } from '../../src/limits/decision.js';
import { windowSpecs } from '../../src/limits/windows.js';

const specs = windowSpecs({ minuteWindowSeconds: 60, dayWindowSeconds: 86400 });
const free = { perMinute: 60, perDay: 1000 };
const count = (used: number, msBeforeReset: number, fallback = false) => ({ used, msBeforeReset, fallback });

describe('decide', () => {
  test('an allowed request reports the window with fewest requests left', () => {
    const early = decide(specs, [count(10, 50_000), count(10, 86_000_000)], free, 1);
    assert.equal(early.refusal, undefined);
    assert.equal(early.binding.name, 'minute');
    assert.equal(early.binding.remaining, 50);
    const late = decide(specs, [count(1, 60_000), count(990, 3_600_000)], free, 1);
    assert.equal(late.binding.name, 'day');
    assert.equal(late.binding.remaining, 10);
  });

  test('a request over the minute window is refused, named, and not counted in the day window', () => {
    const d = decide(specs, [count(61, 41_200), count(100, 3_600_000)], free, 1);
    assert.equal(d.refusal?.code, 'rate_limited');
    assert.match(d.refusal!.detail, /60 requests per minute window/);
    assert.equal(d.refusal!.retryAfterSeconds, 42);
    assert.equal(d.binding.name, 'minute');
    assert.equal(d.binding.remaining, 0);
    assert.equal(d.windows[1]!.remaining, 901, 'the day window gets the request back');
  });

  test('when both windows refuse, Retry-After waits for the later reset', () => {
    const d = decide(specs, [count(61, 41_000), count(1001, 3_600_000)], free, 1);
    assert.equal(d.refusal!.retryAfterSeconds, 3600);
    assert.equal(d.binding.name, 'day');
  });

  test('the last allowed request of the day binds the day even while the minute has room', () => {
    const d = decide(specs, [count(5, 55_000), count(1000, 3_600_000)], free, 1);
    assert.equal(d.refusal, undefined);
    assert.equal(d.binding.name, 'day');
    assert.equal(d.binding.remaining, 0);
  });

  test('Retry-After is at least one second', () => {
    const d = decide(specs, [count(61, 3), count(1, 1000)], free, 1);
    assert.equal(d.refusal!.retryAfterSeconds, 1);
  });

  test('counts made in process while Redis is away are held to this instance’s share', () => {
    assert.equal(limitFor(60, true, 4), 15);
    assert.equal(limitFor(1000, true, 3), 334);
    assert.equal(limitFor(60, false, 4), 60);
    const d = decide(specs, [count(16, 30_000, true), count(16, 30_000, true)], free, 4);
    assert.equal(d.refusal?.code, 'rate_limited');
    assert.equal(d.binding.limit, 15);
    assert.match(d.refusal!.detail, /share/);
  });
});

test('bindingWindow breaks ties on remaining by the later reset', () => {
  const w = (name: 'minute' | 'day', remaining: number, resetMs: number): WindowState => ({
    name,
    seconds: 60,
    limit: 10,
    remaining,
    resetMs,
    exhausted: false,
  });
  assert.equal(bindingWindow([w('minute', 0, 100), w('day', 0, 900)]).name, 'day');
  assert.equal(bindingWindow([w('minute', 3, 100), w('day', 4, 900)]).name, 'minute');
});

describe('nextBan', () => {
  const policy = { threshold: 30, windowSeconds: 60, firstSeconds: 900, maxSeconds: 86_400 };
  const now = 1_800_000_000_000;

  test('a first ban lasts the first length; each repeat doubles it up to the ceiling', () => {
    let record = { bannedUntil: null as number | null, offences: 0 };
    const lengths: number[] = [];
    let t = now;
    for (let i = 0; i < 9; i++) {
      const ban = nextBan(record, t, policy);
      lengths.push((ban.until - t) / 1000);
      record = { bannedUntil: ban.until, offences: ban.offences };
      t = ban.until + 1000;
    }
    assert.deepEqual(lengths, [900, 1800, 3600, 7200, 14400, 28800, 57600, 86400, 86400]);
  });

  test('offences are forgotten a ceiling’s length after the last ban ended', () => {
    const last = { bannedUntil: now, offences: 5 };
    assert.equal(nextBan(last, now + 86_399_000, policy).offences, 6);
    const fresh = nextBan(last, now + 86_400_000, policy);
    assert.equal(fresh.offences, 1);
    assert.equal(fresh.until - (now + 86_400_000), 900_000);
  });
});

test('addresses: IPv4 as is, IPv4-mapped IPv6 as IPv4, IPv6 by its /64', () => {
  assert.equal(addressSubject('203.0.113.9'), '203.0.113.9');
  assert.equal(addressSubject('::ffff:203.0.113.9'), '203.0.113.9');
  assert.equal(addressSubject('2001:db8:1:2:3:4:5:6'), '2001:db8:1:2::/64');
  assert.equal(addressSubject('2001:db8:1:2::9'), '2001:db8:1:2::/64');
  assert.equal(addressSubject('2001:0db8:0:0:ffff::1'), '2001:db8:0:0::/64');
  assert.equal(addressSubject('::1'), '0:0:0:0::/64');
});
