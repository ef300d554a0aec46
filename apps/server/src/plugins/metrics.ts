/**
 * Prometheus metrics at GET /metrics (issue 15), for the operators of a deployment: request latency
 * per route pattern and status class, open live sockets, database pool queue, and prom-client's
 * default process metrics (CPU, memory, event-loop lag, handles). Behind `METRICS_TOKEN` as a bearer
 * token; without one nothing is collected and /metrics answers the same 404 as an unknown route, so
 * an unprotected deployment leaks nothing. Kept out of the OpenAPI document: it is not API.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { TEXTS } from '@civicpulse/shared';
import type { Database } from '../db/index.js';
import type { LiveHub } from '../live/hub.js';

export const METRICS_PATH = '/metrics';

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

/** Compares digests, so the time taken says nothing about how much of the token matched. */
function tokenMatches(header: string | undefined, expected: Buffer): boolean {
  const m = /^Bearer (.+)$/.exec(header ?? '');
  return !!m && timingSafeEqual(digest(m[1]!), expected);
}

export function registerMetrics(app: FastifyInstance, opts: { token: string | undefined; live: LiveHub; database: Database }): void {
  const { token } = opts;
  if (!token) {
    app.get(METRICS_PATH, { schema: { hide: true } }, async (_request, reply) => reply.code(404).send({ message: TEXTS.http.routeNotFound }));
    return;
  }
  const expected = digest(token);
  const register = new Registry();
  collectDefaultMetrics({ register });

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    // Our API answers in milliseconds; uploads and exports take seconds.
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [register],
  });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers: [register],
  });
  new Gauge({
    name: 'civicpulse_live_sockets',
    help: 'Live connections (Socket.IO) open on this process',
    registers: [register],
    collect() {
      this.set(opts.live.io.engine.clientsCount);
    },
  });
  const { pool } = opts.database;
  if (pool) {
    new Gauge({
      name: 'civicpulse_db_pool_connections',
      help: 'PostgreSQL pool connections by state (waiting: queries queued for a connection)',
      labelNames: ['state'] as const,
      registers: [register],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  app.addHook('onResponse', (request, reply, done) => {
    // The pattern (/api/posts/post/:id), never the raw URL: one series per route, not per post id.
    // Unmatched URLs share one label so scanners cannot grow the series without bound.
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status_class: `${Math.floor(reply.statusCode / 100)}xx` };
    duration.observe(labels, reply.elapsedTime / 1000);
    requests.inc(labels);
    done();
  });

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization;
    if (!header) return reply.code(401).header('www-authenticate', 'Bearer').send({ message: TEXTS.auth.tokenMissing });
    if (!tokenMatches(header, expected)) return reply.code(403).send({ message: TEXTS.auth.forbidden });
    return reply.header('content-type', register.contentType).header('cache-control', 'no-store').send(await register.metrics());
  });
}
