import { spawn } from 'node:child_process';
import { mkdtempSync, statSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './helpers/ports.js';
import { scratchDirs } from './helpers/scratch.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { createPost, createTestApp, loginAdmin, signupCitizen, type TestApp } from './helpers/app.js';
import { openSocket, type Client } from './helpers/live.js';

const scratchDir = scratchDirs();

const repoRoot = path.resolve(import.meta.dirname, '../../..');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('health', () => {
  it('reports ok and the engine in use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite' });
  });

  it('publishes the OpenAPI document at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/user/signup', '/api/gov/login', '/api/health']));
  });
});

describe('client configuration', () => {
  it('tells the web app the tile server and whether routing is configured, nothing secret', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toEqual({ tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', routing: false });
    const custom = await createTestApp({ TILE_URL: 'https://tiles.example.in/{z}/{x}/{y}.png', ORS_API_KEY: 'k-secret' });
    try {
      const body = (await custom.app.inject({ method: 'GET', url: '/api/config' })).body;
      expect(JSON.parse(body)).toEqual({ tileUrl: 'https://tiles.example.in/{z}/{x}/{y}.png', routing: true });
      expect(body).not.toContain('k-secret');
    } finally {
      await custom.close();
    }
  });
});

describe('contact form', () => {
  it('stores a message for admins to read, newest first, paged', async () => {
    const citizen = await signupCitizen(t.app);
    for (const text of ['First question', 'Second question', 'Third question']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: citizen.auth,
        payload: { name: 'Asha', email: 'ASHA@example.in', message: text },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: 'Thank you! Your message has been sent.' });
    }
    const admin = await loginAdmin(t.app);
    const page1 = await t.app.inject({ method: 'GET', url: '/api/admin/contactMessages?limit=2', headers: admin.auth });
    const body1 = page1.json<{ messages: Array<{ message: string; email: string; accountId: string }>; nextCursor: string }>();
    expect(body1.messages.map((m) => m.message)).toEqual(['Third question', 'Second question']);
    expect(body1.messages[0]).toMatchObject({ email: 'asha@example.in', accountId: citizen.id });
    const page2 = await t.app.inject({
      method: 'GET',
      url: `/api/admin/contactMessages?limit=2&cursor=${body1.nextCursor}`,
      headers: admin.auth,
    });
    expect(page2.json()).toMatchObject({ messages: [{ message: 'First question' }], nextCursor: null });
  });

  it('refuses an empty message and a bad email with 400', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'A', email: 'a@b.in', message: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'Please fill in all fields' });
    const bad = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'A', email: 'ab.in', message: 'Hi' } });
    expect(bad.json()).toEqual({ message: 'Invalid email address' });
  });
});

describe('cross-origin use', () => {
  it('grants only the origins in CORS_ORIGINS', async () => {
    const cors = await createTestApp({ CORS_ORIGINS: 'https://app.example.in' });
    try {
      const preflight = (origin: string) =>
        cors.app.inject({
          method: 'OPTIONS',
          url: '/api/user/login',
          headers: { origin, 'access-control-request-method': 'POST' },
        });
      const allowed = await preflight('https://app.example.in');
      expect(allowed.statusCode).toBe(204);
      expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.in');
      const denied = await preflight('https://evil.example');
      expect(denied.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await cors.close();
    }
  });
});

describe('configuration', () => {
  it('generates the dev secret once, with mode 0600', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'civicpulse-cfg-'));
    try {
      const first = loadConfig({ DATA_DIR: dir });
      const second = loadConfig({ DATA_DIR: dir });
      expect(first.jwtSecret).toHaveLength(64);
      expect(second.jwtSecret).toBe(first.jwtSecret);
      expect(statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
      expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first.jwtSecret);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails fast on bad values with the variable named', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATA_DIR: scratchDir() })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x', DATA_DIR: scratchDir() })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ JWT_SECRET: 'short', DATA_DIR: scratchDir() })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.in', DATA_DIR: scratchDir() })).toThrow(/ADMIN_EMAIL, ADMIN_PASSWORD and ADMIN_SECRET/);
  });

  it('takes a Redis key prefix of letters, digits and : . _ - up to 64 characters, and refuses others at start', () => {
    expect(() => loadConfig({ REDIS_KEY_PREFIX: 'my app:', DATA_DIR: scratchDir() })).toThrow(/REDIS_KEY_PREFIX may hold only letters, digits and : \. _ -/);
    expect(() => loadConfig({ REDIS_KEY_PREFIX: 'x'.repeat(65), DATA_DIR: scratchDir() })).toThrow(/REDIS_KEY_PREFIX must be at most 64 characters/);
    expect(loadConfig({ REDIS_KEY_PREFIX: 'civic.staging_1-a:', DATA_DIR: scratchDir() }).redisKeyPrefix).toBe('civic.staging_1-a:');
    expect(loadConfig({ DATA_DIR: scratchDir() }).redisKeyPrefix).toBe('');
  });
});

describe('process lifecycle', () => {
  it('starts from main.ts, serves, and exits 0 on SIGTERM after finishing in-flight requests and sending live clients away', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'civicpulse-main-'));
    const port = await freePort();
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      WEB_DIST: path.join(dataDir, 'none'),
    };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: repoRoot, env, stdio: 'pipe' });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    let live: Client | undefined;
    try {
      let health: Response | undefined;
      for (let i = 0; i < 100 && !health; i++) {
        health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
        if (!health) await new Promise((r) => setTimeout(r, 150));
      }
      expect(health?.status, stderr).toBe(200);
      expect(await health!.json()).toEqual({ status: 'ok', db: 'sqlite' });
      // A live client is connected when the signal arrives: it must be told to go (a transport
      // close, after which a Socket.IO client reconnects elsewhere), not keep the process alive.
      const signup = await fetch(`http://127.0.0.1:${port}/api/user/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Live', email: 'live@example.in', password: 'secret1' }),
      });
      expect(signup.status).toBe(201);
      const login = await fetch(`http://127.0.0.1:${port}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'live@example.in', password: 'secret1' }),
      });
      const { token } = (await login.json()) as { token: string };
      live = await openSocket(`http://127.0.0.1:${port}`, token, []);
      const liveGone = new Promise<string>((resolve) => live!.once('disconnect', resolve));
      // A signup (scrypt) is in flight when the signal arrives; it must still complete.
      const inFlight = fetch(`http://127.0.0.1:${port}/api/user/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Late', email: 'late@example.in', password: 'secret1' }),
      });
      // Signal only once the server has logged that the signup arrived.
      // (the second signup logged: the first was the live client's account).
      const signupsLogged = () => stdout.split('"url":"/api/user/signup"').length - 1;
      for (let i = 0; i < 400 && signupsLogged() < 2; i++) await new Promise((r) => setTimeout(r, 5));
      child.kill('SIGTERM');
      const signalled = Date.now();
      const res = await inFlight;
      expect(res.status).toBe(201);
      expect(await liveGone).toBe('transport close');
      expect(await exited).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(5000);
    } finally {
      live?.disconnect();
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('write rate limits', () => {
  it('count per account, so one noisy account does not block its neighbours on the same network', async () => {
    const limited = await createTestApp({ RATE_LIMIT_WRITE_MAX: '2' });
    try {
      const a = await signupCitizen(limited.app, 'Noisy');
      const b = await signupCitizen(limited.app, 'Quiet');
      const { _id: postId } = await createPost(limited.app, b);
      const comment = (who: typeof a) =>
        limited.app.inject({ method: 'POST', url: '/api/posts/addComment', headers: who.auth, payload: { postId, content: 'Hello' } });
      expect([(await comment(a)).statusCode, (await comment(a)).statusCode]).toEqual([201, 201]);
      const third = await comment(a);
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({ message: 'Too many attempts. Please wait a minute and try again.' });
      expect((await comment(b)).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
