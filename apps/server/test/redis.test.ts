/** Runs when TEST_REDIS_URL is set (CI sets it): limits are shared by every process on one Redis. */
import { randomBytes, randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock.js';
import { RedisGuardStore, takeAttempt, type GuardState } from '../src/lib/loginGuard.js';
import { createTestApp, uniqueEmail, type TestApp } from './helpers/app.js';

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('with Redis', () => {
  it('counts login attempts across two server processes', async () => {
    const env = { REDIS_URL: redisUrl!, RATE_LIMIT_AUTH_MAX: '3' };
    const a = await createTestApp(env);
    const b = await createTestApp(env);
    // A fresh address and email per run, so earlier runs' counters in the same Redis (the address's
    // route limit, the email's sign-in budget) do not interfere.
    const remoteAddress = `10.${randomInt(255)}.${randomInt(255)}.${randomInt(1, 255)}`;
    const email = uniqueEmail('nobody');
    try {
      const codes: number[] = [];
      for (const app of [a, b, a, b]) {
        const res = await app.app.inject({
          method: 'POST',
          url: '/api/user/login',
          payload: { email, password: 'secret1' },
          remoteAddress,
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe.skipIf(!redisUrl)('REDIS_KEY_PREFIX', () => {
  it('two deployments on one Redis keep their counters and their live channel apart; one deployment\'s processes share them', async () => {
    const run = randomBytes(4).toString('hex');
    const env = (prefix: string) => ({ REDIS_URL: redisUrl!, RATE_LIMIT_AUTH_MAX: '3', REDIS_KEY_PREFIX: prefix });
    const staging = `staging-${run}:`;
    const production = `production-${run}:`;
    const a = await createTestApp(env(staging));
    const b = await createTestApp(env(production));
    const a2 = await createTestApp(env(staging));
    const raw = new Redis(redisUrl!);
    const remoteAddress = `10.${randomInt(255)}.${randomInt(255)}.${randomInt(1, 255)}`;
    const email = uniqueEmail('prefixed');
    const login = (t: TestApp) =>
      t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password: 'secret1' }, remoteAddress }).then((r) => r.statusCode);
    try {
      // Three tries on staging spend its budget; production, on the same Redis, still has its own.
      const codes = [await login(a), await login(a), await login(a), await login(b), await login(b), await login(b)];
      expect(codes).toEqual([401, 401, 401, 401, 401, 401]);
      // Staging's second process counts with the first: its next try is over the limit.
      expect(await login(a2)).toBe(429);
      expect(await login(b)).toBe(429);

      // Every key either deployment wrote is under its prefix.
      const keys = async (match: string) => {
        const found: string[] = [];
        let cursor = '0';
        do {
          const [next, batch] = await raw.scan(cursor, 'MATCH', match, 'COUNT', 1000);
          cursor = next;
          found.push(...batch);
        } while (cursor !== '0');
        return found;
      };
      expect((await keys(`${staging}*`)).length).toBeGreaterThan(0);
      expect((await keys(`${production}*`)).length).toBeGreaterThan(0);
      // The address's route counter: one per deployment, each under its own prefix, none bare.
      expect((await keys(`*${remoteAddress}`)).sort()).toEqual([`${production}civicpulse-rl:POST/api/user/login-${remoteAddress}`, `${staging}civicpulse-rl:POST/api/user/login-${remoteAddress}`]);

      // The live connection's channel (Socket.IO's Redis adapter) carries the prefix too.
      const channels = (await raw.pubsub('CHANNELS', `*civicpulse-live*`)) as string[];
      expect(channels.some((c) => c.startsWith(`${staging}civicpulse-live`))).toBe(true);
      expect(channels.some((c) => c.startsWith(`${production}civicpulse-live`))).toBe(true);
    } finally {
      raw.disconnect();
      await Promise.all([a.close(), b.close(), a2.close()]);
    }
  });
});

describe.skipIf(!redisUrl)('login budget on Redis', () => {
  const MIN = 60_000;

  it('wrong guesses on two server processes add up to one lockout of the account, and a success on either forgets it', async () => {
    // One clock for both processes, as one wall clock would be; the email is new each run, so the
    // record in the shared Redis is too.
    const clock = new ManualClock();
    const env = { REDIS_URL: redisUrl! };
    const a = await createTestApp(env, { clock });
    const b = await createTestApp(env, { clock });
    const email = uniqueEmail('shared');
    const password = 'shared-pass';
    const login = (t: TestApp, pw: string) => t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password: pw } });
    try {
      // Two processes, two databases here: the same account in each, as one shared database would hold.
      for (const t of [a, b]) {
        const s = await t.app.inject({ method: 'POST', url: '/api/user/signup', payload: { name: 'Shared Person', email, password } });
        expect(s.statusCode).toBe(201);
      }
      const codes: number[] = [];
      for (const t of [a, b, a, b, a]) codes.push((await login(t, 'wrong-guess')).statusCode);
      expect(codes).toEqual([401, 401, 401, 401, 429]);
      const refused = await login(b, password);
      expect(refused.statusCode).toBe(429);
      expect(refused.json<{ message: string }>().message).toBe('Too many failed sign-in attempts for this account. Try again in a minute.');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(50);
      clock.advance(MIN);
      expect((await login(a, password)).statusCode).toBe(200);
      // A's success forgot the shared record: B counts from zero again.
      const again: number[] = [];
      for (const t of [b, b, b, b, a]) again.push((await login(t, 'wrong-guess')).statusCode);
      expect(again).toEqual([401, 401, 401, 401, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('the Lua script follows the same rule as takeAttempt, attempt by attempt', async () => {
    const redis = new Redis(redisUrl!);
    const rule = { max: 3, lockMs: MIN, capMs: 4 * MIN, forgetMs: 24 * 60 * MIN };
    // A prefix of its own per run, so runs never share a record.
    const prefix = `civicpulse-test-login:${randomBytes(6).toString('hex')}:`;
    const store = new RedisGuardStore(redis, rule, prefix, (err) => {
      throw err;
    });
    try {
      let state: GuardState | undefined;
      let now = 1_700_000_000_000;
      const steps = [0, 0, 0, 1_000, 59_000, 1, 0, 0, 30_000, 90_000, 0, 0, 0, 240_000, 0, 0, 0, 4 * MIN, 24 * 60 * MIN];
      for (const [i, dt] of steps.entries()) {
        now += dt;
        const expected = takeAttempt(state, now, rule);
        const got = await store.take('k', now);
        expect(got, `step ${i}`).toEqual(expected);
        state = expected.state;
      }
      // A refund gives back one attempt; a reset forgets the record.
      await store.refund('k');
      expect(await redis.hget(`${prefix}k`, 'spent')).toBe(String(state!.spent - 1));
      await store.reset('k');
      expect(await redis.exists(`${prefix}k`)).toBe(0);
    } finally {
      await redis.del(`${prefix}k`);
      redis.disconnect();
    }
  });
});
