/**
 * A real S3-protocol server on loopback (s3rver: S3's REST API over a temp folder), for the S3
 * storage driver's tests, in a child process (s3rver-process.mjs says why). Port 0, so parallel
 * suites never collide.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { S3Storage, type S3StorageOptions } from '../../src/media/s3.js';

/** s3rver's fixed credentials: it checks request signatures against them. */
export const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3 {
  endpoint: string;
  /** The S3_* variables that point an app at `bucket` on this server. */
  env(bucket: string): Record<string, string>;
  /** A driver on a new, empty bucket. */
  storage(bucket: string, opts?: Partial<S3StorageOptions>): Promise<S3Storage>;
  stop(): Promise<void>;
}

export async function startS3(): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'civicpulse-s3-'));
  const script = fileURLToPath(new URL('./s3rver-process.mjs', import.meta.url));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', script, directory], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = once(child, 'exit');
  const [line] = (await Promise.race([
    once(createInterface({ input: child.stdout }), 'line'),
    exited.then(([code]) => Promise.reject(new Error(`s3rver exited with ${String(code)} before listening`))),
  ])) as [string];
  const { port } = JSON.parse(line) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  const drivers: S3Storage[] = [];
  return {
    endpoint,
    env: (bucket) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    async storage(bucket, opts = {}) {
      const storage = new S3Storage({ bucket, endpoint, region: 'us-east-1', forcePathStyle: true, ...S3RVER_KEYS, ...opts });
      await storage.client.send(new CreateBucketCommand({ Bucket: bucket }));
      drivers.push(storage);
      return storage;
    },
    async stop() {
      for (const d of drivers) d.close();
      child.kill('SIGTERM');
      await exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
