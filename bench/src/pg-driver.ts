/**
 * PostgreSQL driver configurations on the feed page (GET /api/user/allPosts?limit=20), one seeded
 * database shared by every configuration so only the driver differs:
 *   - pg, unnamed statements (Kysely's PostgresDialect as is: every execution is parsed and planned)
 *   - pg, named statements (apps/server/src/db/index.ts withNamedStatements: parsed once per connection)
 * BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) is the admin URL; a fresh
 * database is created and dropped. BENCH_SIZE posts (default 100000), BENCH_SECONDS per case.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readyFeedPage } from './feedPage.js';
import { measure, table, type Measurement } from './measure.js';
import { freshPgDatabase } from './pgdb.js';
import { seed } from './seed.js';
import { startServer } from './server.js';

const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const size = Number(process.env.BENCH_SIZE ?? 100_000);
const duration = Number(process.env.BENCH_SECONDS ?? 5);
const configs: Array<{ name: string; env: Record<string, string> }> = [
  { name: 'pg, unnamed statements (before)', env: { CIVICPULSE_PG_PREPARE: '0' } },
  { name: 'pg, named prepared statements', env: { CIVICPULSE_PG_PREPARE: '1' } },
  { name: 'pg, named, plan_cache_mode=force_custom_plan', env: { CIVICPULSE_PG_PREPARE: '1', CIVICPULSE_PG_PLAN_CACHE_MODE: 'force_custom_plan' } },
  { name: 'pg, unnamed statements (again)', env: { CIVICPULSE_PG_PREPARE: '0' } },
];

const dataDir = mkdtempSync(path.join(tmpdir(), `civicpulse-pgdriver-${size}-`));
const pgDb = await freshPgDatabase(adminUrl);
const databaseUrl = pgDb.url;
const rows: Measurement[] = [];
try {
  const t0 = performance.now();
  const { viewerEmail } = await seed(dataDir, size, databaseUrl);
  console.error(`seeded ${size} posts in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  for (const config of configs) {
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ...config.env });
    try {
      const { feedUrl, headers } = await readyFeedPage(server.url, viewerEmail);
      rows.push(await measure(`${config.name}: feed page of 20 @ ${size}`, { url: feedUrl, headers, duration }));
    } finally {
      await server.stop();
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  await pgDb.drop();
}

console.log(`\nCivicPulse PostgreSQL driver benchmark (${new Date().toISOString()}, ${size} posts, 10 connections, ${duration} s each)\n`);
console.log(table(rows, rows[0]?.name));
