/**
 * One storage suite, two drivers: the local folder and an S3-compatible bucket (a real S3-protocol
 * server on loopback, s3rver). Whatever a request or the orphan sweep relies on must hold for both,
 * so switching a deployment to S3_BUCKET changes where bytes live and nothing else.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { LocalStorage, type Storage } from '../src/media/storage.js';
import { S3Storage } from '../src/media/s3.js';
import { S3RVER_KEYS, startS3, type TestS3 } from './helpers/s3.js';
import { createPost, createTestApp, loginAdmin, signupCitizen, signupGovernment, tinyPng, type TestApp } from './helpers/app.js';

let s3: TestS3;
const folders: string[] = [];
let buckets = 0;

beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3.stop();
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

/** Every byte value, then random ones: nothing in the path may treat the body as text. */
function binary(size: number): Buffer {
  const head = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length))]).subarray(0, size);
}

async function listed(storage: Storage): Promise<string[]> {
  const keys: string[] = [];
  for await (const f of storage.list()) keys.push(f.key);
  return keys.sort();
}

/** The S3 commands a driver sends (CreateMultipartUploadCommand...) and the headers of each request. */
function recordRequests(client: S3Client): Array<{ command: string; headers: Record<string, string> }> {
  const sent: Array<{ command: string; headers: Record<string, string> }> = [];
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const request = args.request as { headers?: Record<string, string> };
      sent.push({ command: context.commandName ?? '', headers: { ...request.headers } });
      return next(args);
    },
    { step: 'finalizeRequest', name: 'recordRequests' },
  );
  return sent;
}

const drivers: Array<{ name: string; make: () => Promise<Storage> }> = [
  {
    name: 'local folder',
    make: async () => {
      const folder = mkdtempSync(path.join(tmpdir(), 'civicpulse-storage-'));
      folders.push(folder);
      return new LocalStorage(folder);
    },
  },
  // Two keys per listing page, so any listing of more than two files needs continuation tokens.
  { name: 'S3 bucket', make: () => s3.storage(`storage-suite-${++buckets}`, { pageSize: 2 }) },
];

describe.each(drivers)('storage on a $name', ({ make }) => {
  let storage: Storage;
  beforeEach(async () => {
    storage = await make();
  });

  it('answers the readiness probe', async () => {
    await expect(storage.ready!()).resolves.toBeUndefined();
  });

  it('gives back exactly the bytes it was given, whole and as a stream', async () => {
    const data = binary(70_000);
    await storage.put('public/posts/p1/a.webp', data);
    expect((await storage.get('public/posts/p1/a.webp'))?.data.equals(data)).toBe(true);
    const streamed = await storage.stream('public/posts/p1/a.webp');
    expect(streamed?.size).toBe(data.length);
    expect((await buffer(streamed!.body)).equals(data)).toBe(true);
  });

  it('replaces a key written twice with the second bytes', async () => {
    await storage.put('private/proofs/x.pdf', Buffer.from('first version, longer than the second'));
    await storage.put('private/proofs/x.pdf', Buffer.from('second'));
    expect((await storage.get('private/proofs/x.pdf'))?.data.toString()).toBe('second');
    expect(await listed(storage)).toEqual(['private/proofs/x.pdf']);
  });

  it('answers null for a key that names no file', async () => {
    await storage.put('public/posts/p1/a.webp', Buffer.from('a'));
    expect(await storage.get('public/posts/p1/missing.webp')).toBeNull();
    expect(await storage.get('public/posts/p1')).toBeNull();
    expect(await storage.stream('private/proofs/missing.pdf')).toBeNull();
  });

  it('deletes a file, and deleting it again (or a key never written) is not an error', async () => {
    await storage.put('public/avatars/u1.webp', Buffer.from('avatar'));
    await storage.delete('public/avatars/u1.webp');
    expect(await storage.get('public/avatars/u1.webp')).toBeNull();
    await expect(storage.delete('public/avatars/u1.webp')).resolves.toBeUndefined();
    await expect(storage.delete('private/proofs/never.pdf')).resolves.toBeUndefined();
    expect(await listed(storage)).toEqual([]);
  });

  it('lists every file under public/ and private/, nested folders included, across pages', async () => {
    const keys = [
      'private/proofs/a.pdf',
      'private/proofs/b.png',
      'public/avatars/u1-64.webp',
      'public/posts/p1/a.webp',
      'public/posts/p1/a-thumb.webp',
      'public/posts/p2/deep/er/still/b.webp',
      'public/posts/p3/c.webp',
    ];
    const before = Date.now();
    for (const key of keys) await storage.put(key, Buffer.from(key));
    const files: Array<{ key: string; modifiedAt: number }> = [];
    for await (const f of storage.list()) files.push(f);
    expect(files.map((f) => f.key).sort()).toEqual([...keys].sort());
    // The sweep compares these with its age threshold: they must be real write times (S3: seconds).
    for (const f of files) expect(Math.abs(f.modifiedAt - before)).toBeLessThan(60_000);
    expect((await storage.get('public/posts/p2/deep/er/still/b.webp'))?.data.toString()).toBe('public/posts/p2/deep/er/still/b.webp');
  });

  it('refuses keys outside public/ and private/ or with dots that climb, for every call', async () => {
    const unsafe = ['../outside.txt', 'public/../private/proofs/a.pdf', 'other/a.webp', 'public/a b.webp', '/public/a.webp', 'public/', 'private/x?y'];
    for (const key of unsafe) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.get(key), key).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.stream(key), key).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.delete(key), key).rejects.toThrow(/Unsafe storage key/);
    }
    expect(await listed(storage)).toEqual([]);
  });

  it('stores a 12 MB file (in parts, on S3) and gives it back intact', async () => {
    const data = binary(12 * 1024 * 1024);
    await storage.put('public/posts/big/huge.webp', data);
    expect((await storage.get('public/posts/big/huge.webp'))?.data.equals(data)).toBe(true);
    const streamed = await storage.stream('public/posts/big/huge.webp');
    expect(streamed?.size).toBe(data.length);
    expect((await buffer(streamed!.body)).equals(data)).toBe(true);
  });
});

describe('the S3 driver on the wire', () => {
  let storage: S3Storage;
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(async () => {
    storage = await s3.storage(`storage-wire-${++buckets}`, { pageSize: 2 });
    sent = recordRequests(storage.client);
  });

  it('uploads a big file in parts and a small one in one request, never with an ACL', async () => {
    await storage.put('public/posts/p/small.webp', Buffer.alloc(1000, 1));
    expect(sent.map((s) => s.command)).toEqual(['PutObjectCommand']);
    // What a CDN or the bucket's own origin would serve it with (MEDIA_PUBLIC_URL).
    expect(sent[0]!.headers).toMatchObject({ 'content-type': 'image/webp', 'cache-control': 'public, max-age=31536000, immutable' });
    sent.length = 0;
    await storage.put('private/proofs/big.pdf', binary(12 * 1024 * 1024));
    const commands = sent.map((s) => s.command);
    expect(commands[0]).toBe('CreateMultipartUploadCommand');
    expect(commands.filter((c) => c === 'UploadPartCommand')).toHaveLength(2);
    expect(commands.at(-1)).toBe('CompleteMultipartUploadCommand');
    // Objects take the bucket's (private) default: no request may ask for a public ACL.
    for (const s of sent) expect(Object.keys(s.headers).map((h) => h.toLowerCase())).not.toContain('x-amz-acl');
  });

  it('follows continuation tokens page after page', async () => {
    for (let i = 0; i < 5; i++) await storage.put(`public/posts/p/${i}.webp`, Buffer.from([i]));
    sent.length = 0;
    expect(await listed(storage)).toHaveLength(5);
    // public/: pages of 2, 2 and 1; private/: one empty page.
    expect(sent.filter((s) => s.command === 'ListObjectsV2Command')).toHaveLength(4);
  });
});

describe('readiness of a missing bucket', () => {
  it('fails, so /api/ready answers 503 instead of accepting uploads that cannot be stored', async () => {
    const storage = await s3.storage(`ready-${++buckets}`);
    const missing = new S3Storage({ bucket: 'no-such-bucket-here', endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, ...S3RVER_KEYS });
    await expect(storage.ready()).resolves.toBeUndefined();
    await expect(missing.ready()).rejects.toThrow();
    missing.close();
  });
});

describe('S3 configuration', () => {
  const dir = () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'civicpulse-config-'));
    folders.push(folder);
    return folder;
  };

  it('keeps uploads in DATA_DIR without S3_BUCKET, and reads every S3_* variable with it', () => {
    expect(loadConfig({ DATA_DIR: dir() }).s3).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir(), S3_BUCKET: 'city-uploads' }).s3).toEqual({
      bucket: 'city-uploads',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
    const env = { ...s3.env('city-uploads'), S3_ENDPOINT: 'http://minio:9000/', S3_REGION: 'ap-south-1', S3_FORCE_PATH_STYLE: '1' };
    expect(loadConfig({ DATA_DIR: dir(), ...env }).s3).toMatchObject({ endpoint: 'http://minio:9000', region: 'ap-south-1', forcePathStyle: true });
  });

  it('refuses bad values at start, naming the variable', () => {
    const bad: Array<[Record<string, string>, RegExp]> = [
      [{ S3_BUCKET: 'Not_A_Bucket' }, /S3_BUCKET/],
      [{ S3_BUCKET: 'b-1', S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT/],
      [{ S3_BUCKET: 'b-1', S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE/],
      [{ S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'only-the-id' }, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/],
      // A misspelt bucket variable must not quietly leave uploads on one machine's disk.
      [{ S3_ENDPOINT: 'http://minio:9000' }, /S3_ENDPOINT set without S3_BUCKET/],
    ];
    for (const [env, message] of bad) {
      expect(() => loadConfig({ DATA_DIR: dir(), ...env }), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dir(), ...env }), JSON.stringify(env)).toThrow(message);
    }
  });
});

describe('an app whose uploads live in an S3 bucket', () => {
  const bucket = 'civicpulse-app';
  let t: TestApp;
  let inBucket: S3Storage;
  beforeAll(async () => {
    inBucket = await s3.storage(bucket);
    t = await createTestApp(s3.env(bucket));
  });
  afterAll(async () => {
    await t.close();
  });

  it("serves a report's photo from the bucket, keeps a proof private there, and sweeps orphans in it", async () => {
    const citizen = await signupCitizen(t.app);
    const post = await createPost(t.app, citizen);
    const image = (post.images as Array<{ url: string; thumbUrl: string }>)[0]!;
    const paths = [image.url, image.thumbUrl].map((u) => new URL(u).pathname);
    const keys = paths.map((p) => `public/${p.replace(/^\/uploads\//, '')}`);

    for (const [i, p] of paths.entries()) {
      const res = await t.app.inject({ method: 'GET', url: p });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.equals((await inBucket.get(keys[i]!))!.data)).toBe(true);
    }

    const gov = await signupGovernment(t.app);
    const proofKey = (await t.app.ctx.repos.accounts.findById(gov.id))!.proof_doc_key!;
    expect(proofKey).toMatch(/^private\/proofs\//);
    expect((await inBucket.get(proofKey))?.data.equals(tinyPng())).toBe(true);
    expect(await listed(inBucket)).toEqual([proofKey, ...keys].sort());
    // Nothing went to the local folder.
    expect(existsSync(path.join(t.dataDir, 'uploads'))).toBe(false);

    // The proof is not a public file under any spelling; only the authenticated route reads it.
    const rest = proofKey.replace(/^private\//, '');
    for (const url of [`/uploads/${rest}`, `/uploads/private/${rest}`, `/uploads/../${proofKey}`, `/uploads/%2e%2e/${proofKey}`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    const admin = await loginAdmin(t.app);
    const proof = await t.app.inject({ method: 'GET', url: `/api/gov/proofDocument/${gov.id}`, headers: admin.auth });
    expect(proof.statusCode).toBe(200);
    expect(proof.headers['content-type']).toBe('image/png');
    expect(proof.rawPayload.equals(tinyPng())).toBe(true);
    const stranger = await t.app.inject({ method: 'GET', url: `/api/gov/proofDocument/${gov.id}`, headers: citizen.auth });
    expect(stranger.statusCode).toBe(403);

    // The orphan sweep lists the bucket: an unreferenced object goes once old enough, the rest stay.
    const orphan = 'public/posts/0123456789abcdef01234567/0123456789abcdef01234567.webp';
    await inBucket.put(orphan, Buffer.from('left behind by a killed upload'));
    await t.app.mediaSweeper.idle();
    expect((await t.app.mediaSweeper.sweepOnce()).removed).toEqual([]);
    const swept = await t.app.mediaSweeper.sweepOnce(Date.now() + 11 * 60_000);
    expect(swept.removed).toEqual([orphan]);
    expect(await listed(inBucket)).toEqual([proofKey, ...keys].sort());
  });
});
