/**
 * Where uploaded bytes live. Keys are relative paths like `public/posts/ab/cd.webp` or
 * `private/proofs/<id>.pdf`; only `public/` keys are ever served without a permission check.
 * The local driver writes under DATA_DIR/uploads; another driver (an S3-compatible bucket) can
 * implement the same three calls when processes must share files.
 */
import { mkdir, readFile, rm, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export interface StoredFile {
  data: Buffer;
}

export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^(public|private)\/[a-z0-9/_.-]+$/i;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
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
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file and a crash leaves no partial upload.
    const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(tmp, data);
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

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }
}
