// `petstore keys show`, `set-plan` and `unban` against each database, and with the counters in Redis.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends, redisUrl } from '../helpers/backends.js';
import { storeArgs } from '../helpers/deployment-process.js';
import { runCli } from '../helpers/run-cli.js';
import { clearRedisPrefixes, limiterBackends, startLimitedApp, type LimitedApp } from './setup.js';

after(() => clearRedisPrefixes());

for (const db of backends) {
  describe(`petstore keys show, set-plan and unban on ${db.name}`, () => {
    let t: LimitedApp;
    let args: string[];
    before(async () => {
      t = await startLimitedApp(limiterBackends[0]!, { banThreshold: 2 }, { db });
      args = storeArgs(t.config);
    });
    after(() => t.close());

    const cli = async (...command: string[]) => {
      const res = await runCli([...command, ...args]);
      assert.equal(res.code, 0, res.stderr);
      return res.stdout;
    };

    test('show: plan, quotas, ban state; usage unknown when the counters are in a server’s memory', async () => {
      const { id } = await t.newKey('free');
      const text = await cli('keys', 'show', id);
      assert.match(text, /Plan: +free, 60 per minute, 1,000 per day/);
      assert.match(text, /Usage: +unknown \(REDIS_URL is not set/);
      assert.match(text, /Ban: +none/);
      const json = JSON.parse(await cli('keys', 'show', id, '--json'));
      assert.equal(json.key.id, id);
      assert.equal(json.usage, null);
      assert.equal(json.banned, false);
      assert.match(json.countersUnavailable, /memory of the serving process/);
    });

    test('set-plan applies from the next request; enterprise takes its quotas', async () => {
      const { id, key } = await t.newKey('free');
      assert.equal((await t.get(key)).headers['x-ratelimit-limit'], '60');
      assert.match(
        await cli('keys', 'set-plan', id, 'business'),
        /now on business: 1,000 per minute, 100,000 per day/,
      );
      assert.equal((await t.get(key)).headers['x-ratelimit-limit'], '1000');
      await cli('keys', 'set-plan', id, 'enterprise', '--per-minute', '2', '--per-day', '5');
      const res = await t.get(key);
      assert.equal(res.statusCode, 429, 'two requests were already made this minute');
      const refused = await runCli(['keys', 'set-plan', id, 'pro', '--per-day', '5', ...args]);
      assert.match(refused.stderr, /apply only to the enterprise plan/);
      assert.match(
        (await runCli(['keys', 'set-plan', id, 'enterprise', ...args])).stderr,
        /needs --per-minute/,
      );
      assert.match((await runCli(['keys', 'set-plan', 'key_nope', 'pro', ...args])).stderr, /No API key/);
    });

    test('show reports a ban; unban lifts it for the next request', async () => {
      const { id, key } = await t.newKey('enterprise', { perMinute: 1, perDay: 10 });
      await t.get(key);
      assert.equal((await t.get(key)).json().code, 'rate_limited');
      assert.equal((await t.get(key)).json().code, 'api_key_banned');
      assert.match(await cli('keys', 'show', id), /Ban: +banned until \d{4}-.*\(1 offence remembered\)/);
      assert.match(await cli('keys', 'unban', id), /Unbanned/);
      assert.equal((await t.get(key)).json().code, 'rate_limited');
      assert.match(await cli('keys', 'unban', id), /was not banned/);
    });
  });
}

describe('petstore keys show with the counters in Redis', { skip: redisUrl ? false : 'needs Redis' }, () => {
  test('shows the usage of both windows as the server counted it', async () => {
    const redis = limiterBackends.find((b) => b.name === 'redis')!;
    const settings = redis.settings();
    const t = await startLimitedApp({ name: 'redis', settings: () => settings });
    try {
      const { id, key } = await t.newKey('pro');
      for (let i = 0; i < 3; i++) await t.get(key);
      const env = {
        REDIS_URL: String(settings.redisUrl),
        PETSTORE_REDIS_PREFIX: String(settings.redisPrefix),
      };
      const res = await runCli(['keys', 'show', id, '--json', ...storeArgs(t.config)], env);
      assert.equal(res.code, 0, res.stderr);
      const usage = JSON.parse(res.stdout).usage as Array<{
        window: string;
        used: number;
        limit: number;
        resetsAt: string;
      }>;
      assert.deepEqual(
        usage.map((u) => [u.window, u.used, u.limit]),
        [
          ['minute', 3, 300],
          ['day', 3, 10000],
        ],
      );
      assert.ok(Date.parse(usage[0]!.resetsAt) > Date.now());
      const text = await runCli(['keys', 'show', id, ...storeArgs(t.config)], env);
      assert.match(text.stdout, /Usage: +minute 3 of 300 used, window resets/);
    } finally {
      await t.close();
    }
  });
});
