import { sql } from 'kysely';
import type { Database } from './index.js';

/** How often SQLite refreshes its planner statistics (PRAGMA optimize re-analyses only what changed). */
const OPTIMIZE_EVERY_MS = 60 * 60 * 1000;

/**
 * Keeps SQLite's query planner informed (issue 10). A file that was never analysed can choose a
 * wrong index: the 1M-post database once read a multi-post comments query in 1.3 s instead of
 * 0.06 ms. As SQLite advises for long-lived connections: `PRAGMA optimize=0x10002` when the
 * connection opens (analyses every table that needs it), then `PRAGMA optimize` every hour.
 * analysis_limit bounds each ANALYZE to a sample, so neither ever stalls requests on a big file.
 * PostgreSQL's autovacuum gathers its own statistics. (Plans do not hang on statistics either way:
 * PostsRepo pins the join order, and every list has an index of its own.)
 */
export async function startDatabaseMaintenance(database: Database, onError: (err: unknown) => void): Promise<{ stop(): void }> {
  if (database.engine !== 'sqlite') return { stop: () => undefined };
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
  return { stop: () => clearInterval(timer) };
}
