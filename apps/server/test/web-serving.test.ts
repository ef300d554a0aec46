/** The API server also serves the built web app: SPA fallback, cache headers, compression. */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
const dist = mkdtempSync(path.join(tmpdir(), 'civicpulse-dist-'));
const bigScript = `console.log(${JSON.stringify('civic '.repeat(4000))});`;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>CivicPulse</title></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), bigScript);
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // What vite-plugin-pwa writes (issue 17): the service worker and the web manifest.
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => undefined);');
  writeFileSync(path.join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'CivicPulse', start_url: '/' }));
  // What the build writes (apps/web/assets-plugin.ts): precompressed twins and the preload table.
  writeFileSync(path.join(dist, 'assets', 'Login-def456.js'), bigScript);
  writeFileSync(path.join(dist, 'assets', 'Login-def456.js.br'), brotliCompressSync(bigScript));
  writeFileSync(path.join(dist, 'assets', 'Login-def456.js.gz'), gzipSync(bigScript));
  writeFileSync(
    path.join(dist, 'preload.json'),
    JSON.stringify({
      '/login': { js: ['/assets/Login-def456.js', '/assets/shared-1.js'], css: [] },
      '/post/:postId': { js: ['/assets/PostPage-9.js'], css: ['/assets/map-2.css'] },
    }),
  );
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
});

describe('serving the web app', () => {
  it('answers client-side routes with index.html, revalidated on every load', async () => {
    for (const url of ['/', '/user/dashboard/createPost', '/post/abc', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBeLessThan(bigScript.length / 10);
  });

  it('keeps unhashed files revalidated', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the service worker revalidated on every load and the manifest as a web manifest', async () => {
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toMatchObject({ name: 'CivicPulse' });
  });

  it('answers a client that takes any type (curl) with the app on a screen path, not on a file or API path', async () => {
    // `curl http://localhost:3000/` sends Accept: */*; a bare HTTP client sends none.
    for (const headers of [{ accept: '*/*' }, {}]) {
      for (const url of ['/', '/login', '/post/abc?x=1.2']) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(200);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.body).toContain('<div id="root">');
      }
      for (const url of ['/assets/missing-abc.js', '/missing.png', '/api/nope', '/uploads/none', '/open311/v2/nothing', '/metrics/x']) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(404);
        expect(res.headers['content-type'], url).toContain('application/json');
        expect(res.json().message, url).toMatch(/not found/);
      }
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/user/dashboard/createPost', headers: { accept: '*/*' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
    // Asking for JSON only: the 404, not a page.
    const json = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
    expect(json.json()).toEqual({ message: 'Route not found' });
    const post = await t.app.inject({ method: 'POST', url: '/', headers: { accept: '*/*' } });
    expect(post.statusCode).toBe(404);
  });

  it('never answers API misses or non-HTML requests with the app', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Route not found' });
    const asset = await t.app.inject({ method: 'GET', url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(asset.statusCode).toBe(404);
  });

  it('sends the brotli or gzip file the build wrote, as is, with Vary', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/Login-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.equals(readFileSync(path.join(dist, 'assets', 'Login-def456.js.br')))).toBe(true);
    const gz = await t.app.inject({ method: 'GET', url: '/assets/Login-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(readFileSync(path.join(dist, 'assets', 'Login-def456.js.gz')))).toBe(true);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/Login-def456.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
  });

  it("preloads the chunks of the screen a URL shows in that URL's index.html", async () => {
    const login = await t.app.inject({ method: 'GET', url: '/login?next=%22%3E%3Cscript%3E', headers: { accept: 'text/html' } });
    expect(login.body).toContain('<link rel="modulepreload" crossorigin href="/assets/Login-def456.js">');
    expect(login.body).toContain('<link rel="modulepreload" crossorigin href="/assets/shared-1.js">');
    expect(login.body).not.toContain('<script>');
    expect(login.body.indexOf('modulepreload')).toBeLessThan(login.body.indexOf('</head>'));
    const post = await t.app.inject({ method: 'GET', url: '/post/abc123', headers: { accept: 'text/html' } });
    expect(post.body).toContain('href="/assets/PostPage-9.js"');
    expect(post.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/map-2.css">');
    const other = await t.app.inject({ method: 'GET', url: '/no/such/page', headers: { accept: 'text/html' } });
    expect(other.body).not.toContain('modulepreload');
  });
});
