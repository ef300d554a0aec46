/** Runs when TEST_REDIS_URL is set (CI sets it): limits are shared by every process on one Redis. */
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/app.js';

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('with Redis', () => {
  it('counts login attempts across two server processes', async () => {
    const env = { REDIS_URL: redisUrl!, RATE_LIMIT_AUTH_MAX: '3' };
    const a = await createTestApp(env);
    const b = await createTestApp(env);
    // A fresh address per run, so earlier runs' counters in the same Redis do not interfere.
    const remoteAddress = `10.${randomInt(255)}.${randomInt(255)}.${randomInt(1, 255)}`;
    try {
      const codes: number[] = [];
      for (const app of [a, b, a, b]) {
        const res = await app.app.inject({
          method: 'POST',
          url: '/api/user/login',
          payload: { email: 'x@example.in', password: 'secret1' },
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
