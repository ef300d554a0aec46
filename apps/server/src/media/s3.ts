/**
 * The S3-compatible storage driver: the same keys as the local folder, as objects in one bucket,
 * so N processes behind a load balancer share every upload (docs/operator.md "Scaling out"). Works with AWS
 * S3 and with stores that speak its protocol (MinIO, Ceph, R2...; tests run it against s3rver).
 *
 * Objects are written without any ACL: they take the bucket's default, which must stay private.
 * Public images reach browsers through our `/uploads/*` route (or a CDN the operator points at the
 * `public/` prefix, MEDIA_PUBLIC_URL); `private/` keys (proof documents) only through the
 * authenticated route, which reads them here with the server's own credentials.
 */
import type { Readable } from 'node:stream';
import {
  HeadBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertSafeKey, isSafeKey, type ListedFile, type Storage, type StoredFile, type StoredStream } from './storage.js';

export interface S3StorageOptions {
  bucket: string;
  /** An S3-compatible store's URL; unset means AWS itself, found from the region. */
  endpoint?: string | undefined;
  region: string;
  /** Both or neither: without them the SDK's own chain applies (instance role, AWS_* variables). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`: what most self-hosted stores need. */
  forcePathStyle: boolean;
  /** Keys per ListObjectsV2 page; S3's maximum by default, small in tests to cross pages. */
  pageSize?: number;
  /** Bodies larger than this go up in parts (several requests, each retried on its own). */
  multipartThreshold?: number;
}

export const MULTIPART_THRESHOLD = 8 * 1024 * 1024;
const PART_SIZE = 8 * 1024 * 1024;

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

/** A missing object: S3 answers NoSuchKey, some stores (and HEAD requests) a bare 404. */
function isMissing(err: unknown): boolean {
  return err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);
}

export class S3Storage implements Storage {
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly pageSize: number;
  private readonly multipartThreshold: number;

  constructor(opts: S3StorageOptions) {
    this.bucket = opts.bucket;
    this.pageSize = opts.pageSize ?? 1000;
    this.multipartThreshold = opts.multipartThreshold ?? MULTIPART_THRESHOLD;
    this.client = new S3Client({
      region: opts.region,
      ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
      forcePathStyle: opts.forcePathStyle,
      ...(opts.accessKeyId && opts.secretAccessKey
        ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } }
        : {}),
      // Since SDK 3.729 every upload carries a CRC32 checksum (and a chunked body) by default, which
      // many S3-compatible stores (s3rver, older MinIO, Ceph) reject or mis-store. Checksums only
      // where the API requires them: the TLS connection and S3's own Content-MD5 handling suffice.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, data: Buffer): Promise<void> {
    assertSafeKey(key);
    const ext = key.split('.').pop()?.toLowerCase() ?? '';
    const params = {
      Bucket: this.bucket,
      Key: key,
      Body: data,
      ContentType: CONTENT_TYPES[ext] ?? 'application/octet-stream',
      // Keys embed a fresh id, so their bytes never change: a CDN in front of the bucket
      // (MEDIA_PUBLIC_URL) may keep public ones forever. Private ones are never cached.
      CacheControl: key.startsWith('public/') ? 'public, max-age=31536000, immutable' : 'private, no-store',
    };
    if (data.length <= this.multipartThreshold) {
      await this.client.send(new PutObjectCommand(params));
      return;
    }
    // Upload aborts the multipart upload when a part fails (leavePartsOnError: false), so a failed
    // big upload leaves no billed parts behind; like PutObject, the object appears only when complete.
    await new Upload({ client: this.client, params, partSize: PART_SIZE, queueSize: 2, leavePartsOnError: false }).done();
  }

  private async getObject(key: string): Promise<GetObjectCommandOutput | null> {
    assertSafeKey(key);
    try {
      return await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    const object = await this.getObject(key);
    if (!object?.Body) return null;
    return { data: Buffer.from(await object.Body.transformToByteArray()) };
  }

  async stream(key: string): Promise<StoredStream | null> {
    const object = await this.getObject(key);
    if (!object?.Body) return null;
    // In Node the SDK's body is the HTTP response itself (an IncomingMessage): a Readable.
    return { body: object.Body as Readable, size: object.ContentLength };
  }

  /** The readiness probe: the bucket answers and our keys may use it. */
  async ready(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    try {
      // S3 answers 204 for a key that does not exist; a store that answers 404 means the same.
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
  }

  async *list(): AsyncIterable<ListedFile> {
    for (const prefix of ['public/', 'private/']) {
      let token: string | undefined;
      do {
        const page = await this.client.send(
          new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, MaxKeys: this.pageSize, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          // Something another tool put in the bucket under a name we would refuse: not ours to sweep.
          if (!object.Key || !isSafeKey(object.Key)) continue;
          yield { key: object.Key, modifiedAt: object.LastModified?.getTime() ?? Date.now() };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    }
  }

  close(): void {
    // Ends the client's keep-alive sockets, so a closed app holds no connection to the store.
    this.client.destroy();
  }
}
