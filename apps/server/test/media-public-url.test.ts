/**
 * Issue 15 item 1: MEDIA_PUBLIC_URL (a CDN or the bucket's public origin). Public image URLs point
 * there, the path under it is the path under our /uploads (what a CDN pulls from), the CSP lets
 * browsers load it, and our own URL parser still recognises those links (proof re-sent by URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '@civicpulse/shared';
import { ConfigError, loadConfig } from '../src/config.js';
import { uploadKeyOf } from '../src/lib/urls.js';
import { createPost, createTestApp, signupCitizen, type TestApp } from './helpers/app.js';

const CDN = 'https://cdn.example.in/media';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ MEDIA_PUBLIC_URL: `${CDN}/` });
});
afterAll(async () => {
  await t.close();
});

describe('MEDIA_PUBLIC_URL', () => {
  it('links public images to the CDN, whose paths our /uploads serves, and lets the CSP load them', async () => {
    const me = await signupCitizen(t.app);
    const post = (await createPost(t.app, me)) as unknown as Post;
    const image = post.images[0]!;
    expect(image.url.startsWith(`${CDN}/posts/${post._id}/`)).toBe(true);
    expect(image.thumbUrl.startsWith(`${CDN}/posts/${post._id}/`)).toBe(true);
    // The CDN's origin pull: the same path under /uploads on any node.
    const pulled = await t.app.inject({ method: 'GET', url: `/uploads/${image.url.slice(CDN.length + 1)}` });
    expect(pulled.statusCode).toBe(200);
    expect(pulled.headers['cache-control']).toContain('max-age=31536000');
    const page = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(page.headers['content-security-policy'])).toMatch(/img-src [^;]*https:\/\/cdn\.example\.in/);
    expect(uploadKeyOf(image.url, 'http://localhost')).toBe(`public/${image.url.slice(CDN.length + 1)}`);
    expect(uploadKeyOf(`${CDN}/../private/proofs/x.pdf`, 'http://localhost')).toBeNull();
  });

  it('refuses a value that is not an http(s) URL', () => {
    for (const bad of ['cdn.example.in', 'ftp://cdn.example.in', 'https://cdn.example.in/?q=1']) {
      expect(() => loadConfig({ MEDIA_PUBLIC_URL: bad, DATA_DIR: t.dataDir, JWT_SECRET: 'x'.repeat(40) }), bad).toThrow(ConfigError);
    }
  });
});
