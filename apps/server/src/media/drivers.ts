/** The storage driver a configuration asks for: a bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
import path from 'node:path';
import type { Config } from '../config.js';
import { S3Storage } from './s3.js';
import { LocalStorage, type Storage } from './storage.js';

export function createStorage(config: Config): Storage {
  if (config.s3) return new S3Storage(config.s3);
  return new LocalStorage(path.join(config.dataDir, 'uploads'));
}
