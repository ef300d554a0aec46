/**
 * Counters for limits that are not one HTTP route's (a chat message may come by POST or by the live
 * connection, and both spend one budget). rate-limiter-flexible keeps them in Redis when REDIS_URL is
 * set, so every process counts together; in memory otherwise (one process). If Redis fails, an
 * in-memory limiter stands in rather than refusing everyone.
 */
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface Limiter {
  /** Spends one point of `key`'s budget: false when it is used up for this window. */
  take(key: string): Promise<boolean>;
}

export function createLimiter(redis: Redis | undefined, opts: { name: string; max: number; windowMs: number }): Limiter {
  const duration = Math.max(1, Math.ceil(opts.windowMs / 1000));
  const memory = new RateLimiterMemory({ keyPrefix: opts.name, points: opts.max, duration });
  const limiter: RateLimiterAbstract = redis
    ? new RateLimiterRedis({ storeClient: redis, keyPrefix: `civicpulse-${opts.name}`, points: opts.max, duration, insuranceLimiter: memory })
    : memory;
  return {
    async take(key: string) {
      try {
        await limiter.consume(key);
        return true;
      } catch (err) {
        if (err instanceof RateLimiterRes) return false;
        throw err;
      }
    },
  };
}
