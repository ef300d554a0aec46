/**
 * What a deployment relies on: production names its public origin (file URLs never echo a Host
 * header), and the data folder's secrets are readable by the server's user only.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { createTestApp, postForm, signupCitizen, signupGovernment } from './helpers/app.js';

describe('production origin', () => {
  it('refuses to start without PUBLIC_URL, naming the variable', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'civicpulse-cfg-'));
    try {
      expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir })).toThrow(ConfigError);
      expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir })).toThrow(
        /PUBLIC_URL must be set when NODE_ENV=production/,
      );
      expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, PUBLIC_URL: 'https://civicpulse.example.in/' }).publicUrl).toBe(
        'https://civicpulse.example.in',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('builds file URLs on PUBLIC_URL whatever Host header a request carries', async () => {
    const t = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://civicpulse.example.in' });
    try {
      const citizen = await signupCitizen(t.app);
      const form = await postForm();
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/user/createPost',
        headers: { ...citizen.auth, ...form.headers, host: 'evil.example' },
        payload: form.payload,
      });
      expect(created.statusCode).toBe(201);
      const id = created.json<{ post: { _id: string } }>().post._id;
      const read = await t.app.inject({ method: 'GET', url: `/api/posts/post/${id}`, headers: { ...citizen.auth, host: 'evil.example' } });
      const images = read.json<{ post: { images: Array<{ url: string; thumbUrl: string }> } }>().post.images;
      expect(images.length).toBe(1);
      for (const u of [images[0]!.url, images[0]!.thumbUrl]) expect(u).toMatch(/^https:\/\/civicpulse\.example\.in\/uploads\//);
      expect(read.body).not.toContain('evil.example');
    } finally {
      await t.close();
    }
  });
});

describe('file modes', () => {
  it('creates DATA_DIR and private folders 0700, the database, its WAL files, the secret and proofs 0600', async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'civicpulse-modes-'));
    const dataDir = path.join(parent, 'fresh', 'data');
    // No JWT_SECRET: the generated one is written into DATA_DIR.
    const t = await createTestApp({ DATA_DIR: dataDir, JWT_SECRET: '' });
    const mode = (p: string) => (statSync(path.join(dataDir, p)).mode & 0o777).toString(8);
    try {
      const gov = await signupGovernment(t.app);
      await signupCitizen(t.app);
      expect(mode('.')).toBe('700');
      expect(mode('jwt-secret')).toBe('600');
      if (t.engine === 'sqlite') {
        for (const f of ['civicpulse.db', 'civicpulse.db-wal', 'civicpulse.db-shm']) expect(mode(f), f).toBe('600');
      }
      const proof = (await t.app.ctx.repos.accounts.findById(gov.id))!.proof_doc_key!;
      expect(proof).toMatch(/^private\//);
      expect(mode('uploads/private')).toBe('700');
      expect(mode(path.dirname(path.join('uploads', proof)))).toBe('700');
      expect(mode(path.join('uploads', proof))).toBe('600');
    } finally {
      await t.close();
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
