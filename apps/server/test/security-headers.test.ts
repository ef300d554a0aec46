/**
 * Security headers as a browser or client sees them: a Content-Security-Policy the web app works under
 * (e2e/tests/csp.spec.ts loads every main screen under it), HSTS only over HTTPS, no caching of answers
 * that depend on the caller or carry a token.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tileSource } from '../src/plugins/security.js';
import { ADMIN, createPost, createTestApp, signupCitizen, signupGovernment, type TestApp } from './helpers/app.js';

let t: TestApp;
let plain: TestApp;
let web: string;
beforeAll(async () => {
  // A stand-in for the built web app, so the SPA's index.html is served.
  web = mkdtempSync(path.join(tmpdir(), 'civicpulse-web-'));
  mkdirSync(path.join(web, 'assets'), { recursive: true });
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>');
  writeFileSync(path.join(web, 'assets/app.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST: web, TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png', TRUST_PROXY: 'true' });
  plain = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await plain.close();
  rmSync(web, { recursive: true, force: true });
});

function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

describe('Content-Security-Policy', () => {
  it('lets the web app load only our scripts, tiles from the configured server, and nothing frame it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://*.tiles.example.org']);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    // Issue 17: the service worker and the web manifest load from our origin.
    expect(csp.get('worker-src')).toEqual(["'self'"]);
    expect(csp.get('manifest-src')).toEqual(["'self'"]);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // A client-side route falls back to index.html under the same policy.
    const route = await t.app.inject({ method: 'GET', url: '/user/dashboard/createPost', headers: { accept: 'text/html' } });
    expect(route.statusCode).toBe(200);
    expect(directives(route.headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
  });

  it('comes with every answer, a 404 and a refused request as much as a page, with helmet’s other headers', async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({ method: 'GET', url: '/api/no-such-route' }),
      t.app.inject({ method: 'GET', url: '/api/user/allPosts' }),
      t.app.inject({ method: 'GET', url: '/uploads/none.png' }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 404, 401, 404]);
    for (const res of answers) {
      expect(directives(res.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
      expect(res.headers).toMatchObject({
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'x-content-type-options': 'nosniff',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-frame-options': 'DENY',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('takes the tile server and public origin from configuration', async () => {
    expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileSource('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(tileSource('https://tiles-{s}.example.org/{z}/{x}/{y}.png')).toBe('https:');
    expect(tileSource('/tiles/{z}/{x}/{y}.png')).toBeUndefined();
    const app = await createTestApp({ PUBLIC_URL: 'https://civicpulse.example.in' });
    try {
      const csp = directives((await app.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org', 'https://civicpulse.example.in']);
      expect(csp.get('connect-src')).toEqual(["'self'", 'wss://civicpulse.example.in']);
    } finally {
      await app.close();
    }
  });

  it('still serves the API documentation at /api/docs, with its scripts from our own origin', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui-bundle.js');
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    expect(page.body).not.toMatch(/<script[^>]+src="https?:/);
    expect(directives(page.headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
    const bundle = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.json<{ openapi: string }>().openapi).toMatch(/^3\./);
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent only when the request came over HTTPS, as TRUST_PROXY lets the proxy tell', async () => {
    const overHttps = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000');
    const overHttp = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY the header is any client's word, and is ignored.
    const claimed = await plain.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('Cache-Control', () => {
  it('is no-store on the three login answers, which carry a token', async () => {
    const citizen = await signupCitizen(plain.app);
    const gov = await signupGovernment(plain.app);
    const logins = await Promise.all([
      plain.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: citizen.email, password: citizen.password } }),
      plain.app.inject({ method: 'POST', url: '/api/gov/login', payload: { officialEmail: gov.email, password: gov.password } }),
      plain.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: ADMIN.email, password: ADMIN.password, secretKey: ADMIN.secret },
      }),
    ]);
    for (const res of logins) {
      expect(res.statusCode).toBe(200);
      expect(res.json<{ token: string }>().token).toBeTruthy();
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('is no-store on API answers that depend on the caller; uploads stay cacheable and embeddable anywhere', async () => {
    const citizen = await signupCitizen(plain.app);
    const post = await createPost(plain.app, citizen);
    const feed = await plain.app.inject({ method: 'GET', url: '/api/user/allPosts', headers: citizen.auth });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['cache-control']).toBe('no-store');
    const detail = await plain.app.inject({ method: 'GET', url: `/api/posts/post/${post._id}`, headers: citizen.auth });
    expect(detail.headers['cache-control']).toBe('no-store');
    const image = new URL((post.images as Array<{ url: string }>)[0]!.url).pathname;
    const file = await plain.app.inject({ method: 'GET', url: image });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});
