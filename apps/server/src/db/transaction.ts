import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from './types.js';

/** PostgreSQL's deadlock_detected and serialization_failure: the transaction was rolled back whole and may simply run again. */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 4;

/**
 * Runs `work` in a transaction, again (up to ATTEMPTS times, after a short random pause) when
 * PostgreSQL rolled it back as a deadlock's victim. Writes that race a deletion lock posts, comments,
 * accounts and the kept counters their triggers update, in orders no single rule can fix for every
 * pair (an account's deletion cascades through all of them); the database breaks such a cycle by
 * aborting one side, which then runs again and sees the other's committed outcome (a row gone, a
 * compare-and-set that no longer matches). `work` must be safe to repeat: it may only write through
 * `trx`, which rolled back with it. SQLite runs one write transaction at a time and never deadlocks.
 */
export async function transact<T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (err) {
      const code = (err as { code?: unknown } | null)?.code;
      if (attempt >= ATTEMPTS || typeof code !== 'string' || !RETRYABLE.has(code)) throw err;
      await sleep(5 + Math.random() * 20 * attempt);
    }
  }
}
