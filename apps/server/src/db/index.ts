import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DB } from './types.js';
import { migrationProvider } from './migrations/index.js';

export type Engine = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  /** Statements run so far: tests use it to prove a page costs a fixed number of queries. */
  stats: { queries: number };
  destroy(): Promise<void>;
}

// COUNT(*) and other bigints come back from pg as strings; our counts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/**
 * Kysely prepares every statement anew; better-sqlite3 statements are reusable, and our queries
 * repeat (a feed page is the same six statements every time), so keep the last few hundred.
 */
function withStatementCache(sqlite: SQLite.Database, max = 256): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = (source: string): SQLite.Statement => {
    let statement = cache.get(source);
    if (statement) {
      // Refresh its place so the least recently used statement is the one dropped.
      cache.delete(source);
    } else {
      statement = sqlite.prepare(source);
      if (cache.size >= max) cache.delete(cache.keys().next().value!);
    }
    cache.set(source, statement);
    return statement;
  };
  return new Proxy(sqlite, {
    get(target, prop) {
      if (prop === 'prepare') return prepare;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export function openDatabase(opts: { databaseUrl?: string | undefined; dataDir: string; statementCache?: boolean }): Database {
  const stats = { queries: 0 };
  const log = () => {
    stats.queries += 1;
  };
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log });
    return { db, engine: 'postgres', stats, destroy: () => db.destroy() };
  }
  const file = path.join(opts.dataDir, 'civicpulse.db');
  // Only the server's user may read the database (password hashes, proofs' metadata). SQLite gives
  // its -wal and -shm files the main file's mode, so creating that one 0600 covers all three;
  // chmod again for files an older version created with the umask's mode.
  closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  for (const side of [`${file}-wal`, `${file}-shm`]) if (existsSync(side)) chmodSync(side, 0o600);
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: opts.statementCache === false ? sqlite : withStatementCache(sqlite) }), log });
  return { db, engine: 'sqlite', stats, destroy: () => db.destroy() };
}

export async function migrateToLatest(db: Kysely<DB>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

export async function pingDatabase(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}
