import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, SqliteDialect, sql, type LogEvent } from 'kysely';
import pg from 'pg';
import type { DB } from './types.js';
import { migrationProvider } from './migrations/index.js';

export type Engine = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  /** Statements run so far: tests use it to prove a page costs a fixed number of queries. */
  stats: { queries: number };
  /** PostgreSQL only: the pool's connection counts, for /metrics (waiting = queries queued for a connection). */
  pool?: { readonly totalCount: number; readonly idleCount: number; readonly waitingCount: number };
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

/**
 * Starts the SQL of a statement each PostgreSQL connection keeps prepared even without
 * CIVICPULSE_PG_PREPARE (a comment, so SQLite and PostgreSQL read the statement as before): one that
 * runs on nearly every request and whose plan does not depend on its parameters (the session's account
 * by id). It must name its columns rather than `*` (see AccountsRepo).
 */
export const NAMED_STATEMENT = '/* named */ ';

/**
 * pg plans a query on every execution unless the query has a name, and Kysely's PostgresDialect
 * never passes one: planning a feed page cost 0.9 ms against 0.17 ms to run it. This wrapper lets
 * each pooled client name its statements by their SQL text (parsed once per connection, then only bound and
 * executed). A connection keeps at most `max` of them (queries with a variable IN list have many
 * shapes); past that, statements run unnamed as before. With `only`, just the statements it picks are named.
 */
export function withNamedStatements(pool: pg.Pool, max = 500, only?: (text: string) => boolean): pg.Pool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string => {
    let name = names.get(text);
    if (!name) {
      name = `k${names.size.toString(36)}`;
      names.set(text, name);
    }
    return name;
  };
  const prepared = new WeakMap<pg.PoolClient, Set<string>>();
  const wrap = (client: pg.PoolClient): pg.PoolClient => {
    let own = prepared.get(client);
    if (!own) {
      own = new Set();
      prepared.set(client, own);
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      const seen = own;
      (client as { query: unknown }).query = (text: unknown, values?: unknown) => {
        if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || (only && !only(text))) {
          return values === undefined ? query(text) : query(text, values);
        }
        const name = nameOf(text);
        if (!seen.has(name)) {
          if (seen.size >= max) return query(text, values);
          seen.add(name);
        }
        return query({ name, text, values });
      };
    }
    return client;
  };
  return new Proxy(pool, {
    get(target, prop) {
      if (prop === 'connect') return async () => wrap(await target.connect());
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export function openDatabase(opts: { databaseUrl?: string | undefined; dataDir: string; statementCache?: boolean; poolMax?: number }): Database {
  const stats = { queries: 0 };
  // CIVICPULSE_SLOW_QUERY_MS (a diagnostic for the benches): queries slower than that go to stderr.
  const slowMs = Number(process.env.CIVICPULSE_SLOW_QUERY_MS ?? 0);
  const log = (event: LogEvent) => {
    stats.queries += 1;
    if (slowMs > 0 && event.queryDurationMillis >= slowMs) {
      process.stderr.write(`slow query ${event.queryDurationMillis.toFixed(1)} ms: ${event.query.sql.replace(/\s+/g, ' ').slice(0, 300)}\n`);
    }
  };
  if (opts.databaseUrl) {
    const planMode = process.env.CIVICPULSE_PG_PLAN_CACHE_MODE;
    const plain = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolMax ?? 10, ...(planMode ? { options: `-c plan_cache_mode=${planMode}` } : {}) });
    // An idle connection the server ends (a restart, a failover, an administrator's terminate) is
    // re-emitted by the pool as 'error'; unheard, that would end the process. The pool drops the
    // connection and opens a new one on the next query, so there is nothing else to do.
    plain.on('error', () => undefined);
    // Named statements measured no faster on the feed here (bench/src/pg-driver.ts, 100k posts:
    // 288 vs 256-319 req/s, and 53 vs 170 in a noisier run), so naming every statement stays opt-in
    // for the bench: CIVICPULSE_PG_PREPARE=1, with CIVICPULSE_PG_PLAN_CACHE_MODE to try a
    // plan_cache_mode. Without it, only the statements marked NAMED_STATEMENT are named.
    // The postgres (postgres.js) driver through kysely-postgres-js, prepare: true, was measured the
    // same way and passed the whole PostgreSQL suite, but served the feed at 163-195 req/s against
    // pg's 210-216 (100k posts, 2026-11-23), so pg stays and postgres.js was not added.
    const pool =
      process.env.CIVICPULSE_PG_PREPARE === '1' ? withNamedStatements(plain) : withNamedStatements(plain, 500, (text) => text.startsWith(NAMED_STATEMENT));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log });
    return { db, engine: 'postgres', stats, pool: plain, destroy: () => db.destroy() };
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

/**
 * Runs the pending migrations. On PostgreSQL, N nodes starting together take turns on a session
 * advisory lock held on one pinned connection: Kysely's own lock table is created with
 * CREATE TABLE IF NOT EXISTS, which two processes racing on a fresh database can both attempt
 * (one fails). The first node migrates; the others find nothing left to do (issue 15).
 */
export async function migrateToLatest(db: Kysely<DB>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(hashtext('civicpulse:migrations'))`.execute(conn);
      try {
        await runMigrations(db);
      } finally {
        await sql`select pg_advisory_unlock(hashtext('civicpulse:migrations'))`.execute(conn);
      }
    });
    return;
  }
  await runMigrations(db);
}

async function runMigrations(db: Kysely<DB>): Promise<void> {
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
