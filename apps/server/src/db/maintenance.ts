import { sql } from 'kysely';
import type { Database } from './index.js';

/** How often SQLite refreshes its planner statistics (PRAGMA optimize re-analyses only what changed). */
const OPTIMIZE_EVERY_MS = 60 * 60 * 1000;

/**
 * Keeps the query planner informed (issue 10). A file that was never analysed can choose a
 * wrong index: the 1M-post database once read a multi-post comments query in 1.3 s instead of
 * 0.06 ms. As SQLite advises for long-lived connections: `PRAGMA optimize=0x10002` when the
 * connection opens (analyses every table that needs it), then `PRAGMA optimize` every hour.
 * analysis_limit bounds each ANALYZE to a sample, so neither ever stalls requests on a big file.
 *
 * PostgreSQL's autovacuum keeps statistics up to date, but a restored or bulk-loaded database has
 * none until it gets there (pg_restore does not carry them): then the server analyses, after it
 * starts and without holding it up, each of its tables PostgreSQL has no statistics for (stop()
 * waits for the table being analysed). The reads that once hung on statistics no longer do
 * (the card reads are LATERAL per post, PostsRepo pins the join order, every list has an index of
 * its own), but a list's own read still chooses better with them.
 */
export async function startDatabaseMaintenance(database: Database, onError: (err: unknown) => void): Promise<{ stop(): Promise<void> }> {
  if (database.engine === 'postgres') {
    let stopped = false;
    const analyzed = analyzeUnanalyzed(database, () => stopped).catch((err: unknown) => {
      // A hint, which autovacuum gives too: a failure is logged (where the logger is up yet), never thrown.
      try {
        onError(err);
      } catch {
        /* the app's logger did not exist yet */
      }
    });
    return {
      stop: async () => {
        stopped = true;
        await analyzed;
      },
    };
  }
  // Lists sorted by votes read posts all over the file; a 64 MB page cache and memory-mapped reads
  // keep those pages from being read and decoded again on every request.
  await sql`pragma cache_size = -65536`.execute(database.db);
  await sql`pragma mmap_size = 268435456`.execute(database.db);
  await sql`pragma analysis_limit = 1000`.execute(database.db);
  await sql`pragma optimize = 0x10002`.execute(database.db);
  const timer = setInterval(() => {
    sql`pragma optimize`.execute(database.db).catch(onError);
  }, OPTIMIZE_EVERY_MS);
  timer.unref();
  return { stop: async () => clearInterval(timer) };
}

/**
 * PostgreSQL: ANALYZE each table of the schema that holds rows and that pg_stats knows nothing of
 * (pg_stats shows only tables the server's own role may read: the ones it made). An empty table is
 * left alone: a new database's start-up costs two queries. Stops between tables once `stopped`.
 */
async function analyzeUnanalyzed(database: Database, stopped: () => boolean): Promise<void> {
  const { db } = database;
  const { rows } = await sql<{ name: string }>`
    select t.tablename as name from pg_tables t
    where t.schemaname = current_schema()
      and not exists (select 1 from pg_stats s where s.schemaname = t.schemaname and s.tablename = t.tablename)
    order by t.tablename`.execute(db);
  if (rows.length === 0 || stopped()) return;
  const holding = await sql<{ name: string }>`${sql.join(
    rows.map(({ name }) => sql`select ${name}::text as name where exists (select 1 from ${sql.table(name)})`),
    sql` union all `,
  )}`.execute(db);
  for (const { name } of holding.rows) {
    if (stopped()) return;
    await sql`analyze ${sql.table(name)}`.execute(db);
  }
}
