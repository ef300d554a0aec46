/**
 * Probes for whatever runs the processes. `/api/health` is liveness: the process answers and its
 * database answers (its answer is the contract's and stays as it is). `/api/ready` is readiness:
 * every dependency a request may need (database, Redis when configured, file storage) answers, each
 * within READY_CHECK_TIMEOUT_MS, so a hung dependency turns into a prompt 503 naming it instead of a
 * probe that hangs; a load balancer then sends traffic to the other processes.
 */
import type { FastifyInstance } from 'fastify';
import { API, type ReadyPartState as PartState } from '@civicpulse/shared';
import { route } from '../../lib/route.js';
import { pingDatabase } from '../../db/index.js';
import type { Database } from '../../db/index.js';
import type { Redis } from 'ioredis';
import type { Storage } from '../../media/storage.js';

/** What the health routes are given (see lib/module.ts). */
export interface HealthDeps {
  database: Database;
  redis: Redis | undefined;
  storage: Storage;
}

export const READY_CHECK_TIMEOUT_MS = 2000;

class CheckTimeout extends Error {}

/** Runs one check against the clock; the check itself is left to finish (or fail) on its own. */
async function check(run: () => Promise<unknown>, onError: (err: unknown) => void): Promise<PartState> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout()), READY_CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([run(), deadline]);
    return 'ok';
  } catch (err) {
    onError(err);
    return err instanceof CheckTimeout ? 'timed out' : 'failed';
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(app: FastifyInstance, deps: HealthDeps): void {
  route(app, API.health.health, { schema: { tags: ['health'] } }, async () => {
    await pingDatabase(deps.database.db);
    return { status: 'ok' as const, db: deps.database.engine };
  });

  route(
    app,
    API.health.ready,
    { schema: { tags: ['health'], description: `Readiness: database, Redis (when REDIS_URL is set) and storage each answer within ${READY_CHECK_TIMEOUT_MS} ms (200), or 503 naming the part that did not` } },
    async (request, reply) => {
      const failed = (part: string) => (err: unknown) => request.log.warn({ err, part }, 'readiness check failed');
      const { redis } = deps;
      const storageReady = deps.storage.ready?.bind(deps.storage);
      const [db, redisState, storageState] = await Promise.all([
        check(() => pingDatabase(deps.database.db), failed('db')),
        redis ? check(() => redis.ping(), failed('redis')) : ('not configured' as const),
        storageReady ? check(storageReady, failed('storage')) : ('not configured' as const),
      ]);
      const ok = db === 'ok' && (redisState === 'ok' || redisState === 'not configured') && storageState !== 'failed' && storageState !== 'timed out';
      return reply.code(ok ? 200 : 503).send({ status: ok ? 'ready' : 'not ready', db, redis: redisState, storage: storageState });
    },
  );
}
