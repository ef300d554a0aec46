/**
 * Feed scaling: the same server code at 10,000 and 100,000 posts (with votes, comments, replies),
 * measured in one run: a feed page of 20, a single post, and a bare route for reference.
 * Target: the feed page's p50 at 100k within 1.2x of its p50 at 10k.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readyFeedPage } from './feedPage.js';
import { measure, table, type Measurement } from './measure.js';
import { freshPgDatabase } from './pgdb.js';
import { seed } from './seed.js';
import { startServer } from './server.js';

const sizes = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const duration = Number(process.env.BENCH_SECONDS ?? 5);
/** With BENCH_PG_URL (a PostgreSQL server URL), each size also runs on a fresh PostgreSQL database. */
const pgAdminUrl = process.env.BENCH_PG_URL;
const engines: Array<'sqlite' | 'postgres'> = pgAdminUrl ? ['sqlite', 'postgres'] : ['sqlite'];
const rows: Measurement[] = [];

const runs = engines.flatMap((engine) => sizes.map((size) => ({ engine, size })));
for (const { engine, size } of runs) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `civicpulse-feed-${size}-`));
  const pgDb = engine === 'postgres' ? await freshPgDatabase(pgAdminUrl!) : undefined;
  const databaseUrl = pgDb?.url;
  const t0 = performance.now();
  const { viewerEmail, samplePostId } = await seed(dataDir, size, databaseUrl);
  console.error(`seeded ${size} posts on ${engine} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const server = await startServer({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  try {
    const { feedUrl, headers } = await readyFeedPage(server.url, viewerEmail);
    rows.push(await measure(`${engine}: feed page of 20 @ ${size}`, { url: feedUrl, headers, duration }));
    rows.push(await measure(`${engine}: single post @ ${size}`, { url: `${server.url}/api/posts/post/${samplePostId}`, headers, duration }));
    rows.push(await measure(`${engine}: GET /api/health @ ${size}`, { url: `${server.url}/api/health`, duration }));
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await pgDb?.drop();
  }
}

console.log(`\nCivicPulse feed benchmark (${new Date().toISOString()}, ${engines.join(' and ')}, 10 connections, ${duration} s each)\n`);
console.log(table(rows));
for (const engine of engines) {
  const small = rows.find((r) => r.name === `${engine}: feed page of 20 @ ${sizes[0]}`);
  const large = rows.find((r) => r.name === `${engine}: feed page of 20 @ ${sizes[sizes.length - 1]}`);
  if (small && large && sizes.length > 1) {
    const ratio = large.p50 / Math.max(small.p50, 0.001);
    console.log(
      `${engine}: feed p50 at ${sizes[sizes.length - 1]} / at ${sizes[0]}: ${ratio.toFixed(2)}x (target <= 1.2x); req/s ratio ${(large.rps / small.rps).toFixed(2)}x`,
    );
  }
}
