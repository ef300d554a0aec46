// The plugin's request and route-config types, for every program that compiles this file (the bench too).
import type {} from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/**
 * The per-account limit on writes (reports, votes, edits, comments, progress moves): route config for
 * @fastify/rate-limit. Its hook runs after the route's auth guard (both are onRequest hooks, the guard
 * first), so it counts per account, and a crowd behind one address does not share one budget.
 * With REDIS_URL the counters are shared by every process.
 */
export function writeRateLimit(config: Pick<Config, 'rateLimit'>) {
  return {
    rateLimit: {
      max: config.rateLimit.writeMax,
      timeWindow: config.rateLimit.windowMs,
      keyGenerator: (request: FastifyRequest) => `account:${request.account?.id ?? request.ip}`,
    },
  };
}
