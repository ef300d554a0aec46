/**
 * Issue 15, operations: the readiness probe (and what it says when a dependency is down or hung),
 * Prometheus metrics behind a token, and request ids that follow a request from the proxy.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './helpers/ports.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { LocalStorage } from '../src/media/storage.js';
import { READY_CHECK_TIMEOUT_MS } from '../src/modules/health/routes.js';
import { openSocket, type Client } from './helpers/live.js';
import { createPost, createTestApp, signupCitizen, type TestApp } from './helpers/app.js';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});


async function timedReady(app: TestApp['app']) {
  const started = Date.now();
  const res = await app.inject({ method: 'GET', url: '/api/ready' });
  return { res, ms: Date.now() - started };
}

describe('readiness', () => {
  it('answers 200 with every part ok when the database and storage answer (Redis not configured)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', db: 'ok', redis: 'not configured', storage: 'ok' });
  });

  it('keeps /api/health as it was: liveness with the engine', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: t.engine });
  });

  it('answers 503 naming the database when it no longer answers', async () => {
    const broken = await createTestApp();
    try {
      await broken.app.ctx.database.destroy();
      const { res, ms } = await timedReady(broken.app);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not ready', db: 'failed', redis: 'not configured', storage: 'ok' });
      expect(ms).toBeLessThan(READY_CHECK_TIMEOUT_MS + 1000);
    } finally {
      await broken.close().catch(() => undefined);
    }
  });

  it('answers 503 naming Redis when REDIS_URL points at a closed port, within the check timeout', async () => {
    const port = await freePort();
    const broken = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${port}` });
    try {
      const { res, ms } = await timedReady(broken.app);
      expect(res.statusCode).toBe(503);
      const body = res.json<{ status: string; db: string; redis: string; storage: string }>();
      expect(body).toMatchObject({ status: 'not ready', db: 'ok', storage: 'ok' });
      expect(['failed', 'timed out']).toContain(body.redis);
      expect(ms).toBeLessThan(READY_CHECK_TIMEOUT_MS + 1000);
    } finally {
      await broken.close();
    }
  });

  it('answers 503 "timed out" for storage that hangs, after the check timeout and not later', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'civicpulse-ready-'));
    class HungStorage extends LocalStorage {
      override ready(): Promise<void> {
        return new Promise(() => undefined);
      }
    }
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'none') });
    const app = await buildApp(config, { logger: false, storage: new HungStorage(path.join(dataDir, 'uploads')) });
    try {
      const { res, ms } = await timedReady(app);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not ready', db: 'ok', redis: 'not configured', storage: 'timed out' });
      expect(ms).toBeGreaterThanOrEqual(READY_CHECK_TIMEOUT_MS - 50);
      expect(ms).toBeLessThan(READY_CHECK_TIMEOUT_MS + 1000);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('metrics', () => {
  it('answers 404 when METRICS_TOKEN is not set, and is not in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('http_request_duration_seconds');
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
    expect(Object.keys(doc.paths)).toContain('/api/ready');
  });

  describe('with METRICS_TOKEN', () => {
    let m: TestApp;
    const sockets: Client[] = [];
    beforeAll(async () => {
      m = await createTestApp({ METRICS_TOKEN });
    });
    afterAll(async () => {
      for (const s of sockets) s.disconnect();
      await m.close();
    });
    const scrape = (authorization?: string) =>
      m.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

    it('refuses a missing token (401) and a wrong one (403) without showing any metric', async () => {
      const missing = await scrape();
      expect(missing.statusCode).toBe(401);
      const wrong = await scrape('Bearer not-the-metrics-token-at-all');
      expect(wrong.statusCode).toBe(403);
      const scheme = await scrape(`Basic ${METRICS_TOKEN}`);
      expect(scheme.statusCode).toBe(403);
      for (const res of [missing, wrong, scheme]) expect(res.body).not.toContain('http_request');
    });

    it('reports latency per route pattern and status class, live sockets, event-loop lag and process metrics', async () => {
      const base = await m.app.listen({ port: 0, host: '127.0.0.1' });
      const citizen = await signupCitizen(m.app);
      const { _id } = await createPost(m.app, citizen);
      const seen = await m.app.inject({ method: 'GET', url: `/api/posts/post/${_id}`, headers: citizen.auth });
      expect(seen.statusCode).toBe(200);
      await openSocket(base, citizen.token, sockets);

      const res = await scrape(`Bearer ${METRICS_TOKEN}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toMatch(/http_request_duration_seconds_bucket\{le="[0-9.]+",method="GET",route="\/api\/posts\/post\/:id",status_class="2xx"\} 1/);
      expect(res.body).toMatch(/http_requests_total\{method="GET",route="\/api\/posts\/post\/:id",status_class="2xx"\} 1/);
      // The pattern, never the raw URL: one series per route however many posts there are.
      expect(res.body).not.toContain(_id);
      expect(res.body).toMatch(/^civicpulse_live_sockets 1$/m);
      expect(res.body).toContain('nodejs_eventloop_lag_seconds');
      expect(res.body).toContain('process_cpu_user_seconds_total');
    });

    it('counts unknown URLs under one label, so scanners cannot grow the series', async () => {
      await m.app.inject({ method: 'GET', url: '/api/no-such-route-a1' });
      await m.app.inject({ method: 'GET', url: '/api/no-such-route-b2' });
      const res = await scrape(`Bearer ${METRICS_TOKEN}`);
      expect(res.body).toMatch(/http_requests_total\{method="GET",route="unmatched",status_class="4xx"\} 2/);
      expect(res.body).not.toContain('no-such-route');
    });
  });
});

describe('request ids', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it('echoes a sane X-Request-Id from the proxy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-7f3a.9_Z-01' } });
    expect(res.headers['x-request-id']).toBe('lb-7f3a.9_Z-01');
  });

  it('generates a fresh id when none is given or the given one is not sane, also on errors', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/health' });
    const tooLong = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a'.repeat(65) } });
    const forged = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'x"\n{"level":60}' } });
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    const ids = [none, tooLong, forged, missing].map((r) => String(r.headers['x-request-id']));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(4);
  });
});
