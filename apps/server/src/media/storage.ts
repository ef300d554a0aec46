/**
 * Where uploaded bytes live. Keys are relative paths like `public/posts/ab/cd.webp` or
 * `private/proofs/<id>.pdf`; only `public/` keys are ever served without a permission check.
 * The local driver writes under DATA_DIR/uploads; the S3 driver (s3.ts, chosen by S3_BUCKET) keeps
 * the same keys in a bucket when processes must share files. test/storage.test.ts runs one suite
 * against both.
 */
import { access, chmod, constants, mkdir, open, opendir, readFile, rm, stat, writeFile, rename } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export interface StoredFile {
  data: Buffer;
}

/** A file read as it arrives, for answering a request without holding the whole file in memory. */
export interface StoredStream {
  body: Readable;
  /** Bytes, when the driver knows them (a Content-Length for the answer). */
  size: number | undefined;
}

export interface ListedFile {
  key: string;
  /** Last write, in ms since the epoch: the orphan sweep leaves young files (uploads in flight) alone. */
  modifiedAt: number;
}

export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  /** Like get, as a stream: the caller must consume or destroy the body. */
  stream(key: string): Promise<StoredStream | null>;
  /** Removes the file; a key that names no file is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored file, `*.tmp` leftovers of interrupted writes included. */
  list(): AsyncIterable<ListedFile>;
  /** Releases what the driver holds open (connections); called when the app closes. */
  close?(): void | Promise<void>;
  /** A cheap reachability check for the readiness probe (`GET /api/ready`): resolves when writes can succeed, throws otherwise. */
  ready?(): Promise<void>;
}

const SAFE_KEY = /^(public|private)\/[a-z0-9/_.-]+$/i;

export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes('..');
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
}

/** What reading a key that names no file can fail with (a folder, a name past the file system's limit). */
const NO_SUCH_FILE = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ENAMETOOLONG']);

export class LocalStorage implements Storage {
  constructor(readonly root: string) {}

  private file(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.file(key);
    const isPrivate = key.startsWith('private/');
    if (isPrivate) {
      // Private files (proof documents) are readable by the server's user only: folders 0700,
      // files 0600. chmod too, for a folder an older version created with the umask's mode.
      const privateRoot = path.join(this.root, 'private');
      await mkdir(privateRoot, { recursive: true, mode: 0o700 });
      await chmod(privateRoot, 0o700);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    } else {
      await mkdir(path.dirname(file), { recursive: true });
    }
    // Write then rename, so a reader never sees half a file and a crash leaves no partial upload.
    const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(tmp, data, isPrivate ? { mode: 0o600 } : {});
    await rename(tmp, file);
  }

  async get(key: string): Promise<StoredFile | null> {
    try {
      return { data: await readFile(this.file(key)) };
    } catch (err) {
      if (NO_SUCH_FILE.has((err as NodeJS.ErrnoException).code ?? '')) return null;
      throw err;
    }
  }

  async stream(key: string): Promise<StoredStream | null> {
    const file = this.file(key);
    let handle;
    try {
      handle = await open(file, 'r');
    } catch (err) {
      if (NO_SUCH_FILE.has((err as NodeJS.ErrnoException).code ?? '')) return null;
      throw err;
    }
    // Size from the opened file, so a concurrent rewrite (rename over it) cannot make them disagree.
    const info = await handle.stat();
    if (!info.isFile()) {
      await handle.close();
      return null;
    }
    return { body: handle.createReadStream(), size: info.size };
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async ready(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }

  async *list(): AsyncIterable<ListedFile> {
    for (const top of ['public', 'private']) yield* this.walk(top);
  }

  private async *walk(prefix: string): AsyncIterable<ListedFile> {
    let dir;
    try {
      dir = await opendir(path.join(this.root, prefix));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for await (const entry of dir) {
      const key = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) {
        yield* this.walk(key);
      } else if (entry.isFile() && isSafeKey(key)) {
        // Gone between listing and stat (deleted by a request, or by a sweep in another process).
        const info = await stat(path.join(this.root, key)).catch(() => null);
        if (info) yield { key, modifiedAt: info.mtimeMs };
      }
    }
  }
}
