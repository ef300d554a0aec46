/**
 * Work that must run once across every process sharing the database (the media sweep): on
 * PostgreSQL a session advisory lock held on one pinned connection (pg_try_advisory_lock: a process
 * that finds it taken skips this round instead of waiting); SQLite serves one process, which runs it.
 */
import { sql } from 'kysely';
import type { Database } from './index.js';

export function exclusiveRunner(database: Database) {
  return async function exclusive<T>(name: string, fn: () => Promise<T>): Promise<T | undefined> {
    if (database.engine !== 'postgres') return fn();
    return database.db.connection().execute(async (conn) => {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(hashtext(${`civicpulse:${name}`})) as locked`.execute(conn);
      if (!rows[0]?.locked) return undefined;
      try {
        return await fn();
      } finally {
        await sql`select pg_advisory_unlock(hashtext(${`civicpulse:${name}`}))`.execute(conn);
      }
    });
  };
}
