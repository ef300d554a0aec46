/**
 * Votes under contention (issue 31): how many votes a second one server process takes on PostgreSQL
 * when they all land on one hot report (each vote holds that report's row lock for its transaction's
 * round trips), against the same votes spread over many reports (no lock is shared).
 *
 * A fresh PostgreSQL database (BENCH_PG_URL) with BENCH_VOTES_POSTS seeded reports (default 1000,
 * bench/src/seed.ts) and one server process. BENCH_VOTES_CONNECTIONS (default 16) keep-alive
 * connections, each signed in as its own seeded citizen, PUT /api/posts/votePost with `upvote` for
 * BENCH_SECONDS (default 10) each case, after BENCH_WARMUP_SECONDS (default 5) of the same: every
 * vote toggles that citizen's vote on and off, so each is a real write (an insert or a delete and the
 * recount). Cases: "hot" (every connection votes on the same report) and "spread" (each connection on
 * a report of its own). Reported: votes/s, p50/p99, non-2xx and the server's CPU per vote. Runs
 * BENCH_VOTES_ROUNDS (default 2) alternating rounds of the two cases.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cpuMs, total } from './chat-probes.js';
import { measure, type Measurement } from './measure.js';
import { freshPgDatabase, signIn } from './pgdb.js';
import { BENCH_PASSWORD, seed } from './seed.js';
import { startServer } from './server.js';

const pgAdminUrl = process.env.BENCH_PG_URL;
if (!pgAdminUrl) {
  console.error('bench:votes needs BENCH_PG_URL (a PostgreSQL server it may create databases on)');
  process.exit(2);
}
const POSTS = Number(process.env.BENCH_VOTES_POSTS ?? 1000);
const CONNECTIONS = Number(process.env.BENCH_VOTES_CONNECTIONS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_VOTES_ROUNDS ?? 2);

type Row = Measurement & { cpuPerVote: number };

const pgDb = await freshPgDatabase(pgAdminUrl);
const tmp = mkdtempSync(path.join(tmpdir(), 'civicpulse-votes-'));
let server: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  await seed(tmp, POSTS, pgDb.url);
  server = await startServer({ DATABASE_URL: pgDb.url });
  const srv = server;
  const voters: Array<{ headers: Record<string, string> }> = [];
  for (let i = 0; i < CONNECTIONS; i++) voters.push(await signIn(srv.url, '/api/user/login', { email: `citizen${i}@bench.in`, password: BENCH_PASSWORD }));
  const feed = (await (await fetch(`${srv.url}/api/user/allPosts?limit=${CONNECTIONS}`, { headers: voters[0]!.headers })).json()) as { posts: Array<{ _id: string }> };
  const postIds = feed.posts.map((p) => p._id);
  if (postIds.length < CONNECTIONS) throw new Error(`need ${CONNECTIONS} reports, the feed gave ${postIds.length}`);

  const run = async (name: string, hot: boolean, seconds: number): Promise<Row> => {
    let client = 0;
    const before = total(cpuMs(srv.pid));
    const m = await measure(name, {
      url: `${srv.url}/api/posts/votePost`,
      method: 'PUT',
      connections: CONNECTIONS,
      duration: seconds,
      setupClient: (c) => {
        const i = client++ % CONNECTIONS;
        c.setHeadersAndBody({ 'content-type': 'application/json', ...voters[i]!.headers }, JSON.stringify({ postId: hot ? postIds[0] : postIds[i], type: 'upvote' }));
      },
    });
    return { ...m, cpuPerVote: (total(cpuMs(srv.pid)) - before) / Math.max(m.requests, 1) };
  };

  await run('warm-up', true, WARMUP);
  const rows: Row[] = [];
  for (let r = 1; r <= ROUNDS; r++) {
    rows.push(await run(`hot report (round ${r})`, true, SECONDS));
    rows.push(await run(`spread over ${CONNECTIONS} reports (round ${r})`, false, SECONDS));
  }
  console.log(`\nCivicPulse vote benchmark (${new Date().toISOString()}, PostgreSQL, ${CONNECTIONS} connections, ${SECONDS} s each)\n`);
  console.log('| case | votes/s | p50 ms | p99 ms | votes | non-2xx | server CPU ms per vote |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.requests} | ${r.non2xx} | ${r.cpuPerVote.toFixed(2)} |`);
  if (rows.some((r) => r.non2xx > 0)) process.exitCode = 1;
} finally {
  await server?.stop();
  await pgDb.drop();
  rmSync(tmp, { recursive: true, force: true });
}
