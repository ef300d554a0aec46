/**
 * Issue 11, the admin console at scale: every admin read, at each size, in one run.
 *
 * Per engine and size: seeds the posts (bench/src/seed.ts: three years of reports around 30 cities,
 * with take-over and finish times), starts the real server and measures, 10 connections each:
 * a bare route of the same server (`/api/health`), the admin home's figures (`/api/admin/stats`,
 * kept counters), the heatmap over all of India and over one city (kept grid cells), the users and
 * departments lists, the posts search for a word in every caption and for a word in none (the walk
 * reads every post: the worst case), then downloads `export.csv` once to the end (seconds, rows/s).
 * Each case is also timed alone (median of 3 requests one after another, nothing beside them) before
 * its load: a request slower than the load's duration completes none under load; that column still shows it.
 * Target: stats p50 < 200 ms at 1M reports.
 * BENCH_ADMIN_SIZES (default 100000,1000000), BENCH_SECONDS (default 5), BENCH_SEED_DIR keeps the
 * seeded SQLite files; BENCH_PG_URL adds PostgreSQL at BENCH_ADMIN_PG_SIZES (default 100000).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { AdminStats, Heatmap } from '@civicpulse/shared';
import type { Measurement } from './measure.js';
import { freshPgDatabase, signIn } from './pgdb.js';
import { SEED_VERSION, seed } from './seed.js';
import { startServer } from './server.js';

const sqliteSizes = (process.env.BENCH_ADMIN_SIZES ?? '100000,1000000').split(',').filter(Boolean).map(Number);
const pgSizes = (process.env.BENCH_ADMIN_PG_SIZES ?? '100000').split(',').filter(Boolean).map(Number);
const duration = Number(process.env.BENCH_SECONDS ?? 5);
const pgAdminUrl = process.env.BENCH_PG_URL;
const ADMIN = { email: 'admin@bench.in', password: 'bench-admin-password', secretKey: 'bench-admin-secret' };
/** In no caption the seed writes: the search reads every post and finds nothing. */
const RARE_WORD = 'zebracrossing';
const STATS_TARGET_MS = 200;
const TARGET_SIZE = 1_000_000;

interface Row extends Measurement {
  engine: string;
  size: number;
  case: string;
  /** Requests that failed or timed out (autocannon's errors, timeouts included). */
  errors: number;
  /** The median of three requests one after another, before the load (ms). */
  alone: number;
}
interface Seeded extends Awaited<ReturnType<typeof seed>> {
  version?: number;
  seconds?: number;
}

const results: Row[] = [];
const seedings: string[] = [];
const exports: string[] = [];
const notes: string[] = [];

const runs = [
  ...sqliteSizes.map((size) => ({ engine: 'sqlite' as const, size })),
  ...(pgAdminUrl ? pgSizes.map((size) => ({ engine: 'postgres' as const, size })) : []),
];

async function timed<T>(f: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = performance.now();
  const value = await f();
  return { value, ms: performance.now() - t0 };
}

async function load(url: string, headers: Record<string, string>): Promise<Omit<Row, 'engine' | 'size' | 'case' | 'alone' | 'name'>> {
  const result = await autocannon({ url, headers, connections: 10, duration, timeout: 60 });
  return {
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

function table(rows: Row[]): string {
  const lines = [
    '| case | req/s | p50 ms | p99 ms | requests | non-2xx | errors | alone ms (median of 3) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) lines.push(`| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.requests} | ${r.non2xx} | ${r.errors} | ${r.alone.toFixed(1)} |`);
  return lines.join('\n');
}

for (const { engine, size } of runs) {
  // BENCH_SEED_DIR keeps seeded SQLite files between runs (a million posts take minutes to write);
  // a seed written by an older seed.ts (other columns, other spread) is written again.
  const kept = process.env.BENCH_SEED_DIR && engine === 'sqlite' ? path.join(process.env.BENCH_SEED_DIR, `sqlite-${size}`) : undefined;
  const seedFile = kept && path.join(kept, 'seed.json');
  let reuse = seedFile !== undefined && existsSync(seedFile);
  if (reuse && (JSON.parse(readFileSync(seedFile!, 'utf8')) as Seeded).version !== SEED_VERSION) {
    console.error(`${kept} holds an older seed: seeding again`);
    rmSync(kept!, { recursive: true, force: true });
    reuse = false;
  }
  const dataDir = kept ?? mkdtempSync(path.join(tmpdir(), `civicpulse-admin-${size}-`));
  mkdirSync(dataDir, { recursive: true });
  const pgDb = engine === 'postgres' ? await freshPgDatabase(pgAdminUrl!) : undefined;
  const databaseUrl = pgDb?.url;
  let seeded: Seeded;
  if (reuse) {
    seeded = JSON.parse(readFileSync(seedFile!, 'utf8')) as Seeded;
  } else {
    const { value, ms } = await timed(() => seed(dataDir, size, databaseUrl));
    seeded = { ...value, version: SEED_VERSION, seconds: ms / 1000 };
    if (seedFile) writeFileSync(seedFile, JSON.stringify(seeded));
  }
  const seedLine = `| ${engine} | ${size.toLocaleString('en')} | ${seeded.seconds?.toFixed(1) ?? '?'} s${reuse ? ' (reused from BENCH_SEED_DIR; time of its seeding)' : ''} | ${
    seeded.seconds ? Math.round(size / seeded.seconds).toLocaleString('en') : '?'
  } |`;
  seedings.push(seedLine);
  console.error(`${reuse ? 'reused' : 'seeded'} ${size} posts on ${engine}: ${seedLine}`);

  const server = await startServer({
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_SECRET: ADMIN.secretKey,
  });
  try {
    const admin = await signIn(server.url, '/api/admin/login', ADMIN);
    const u = server.url;
    const cases: Array<{ name: string; url: string; headers: Record<string, string> }> = [
      { name: 'bare route: GET /api/health', url: `${u}/api/health`, headers: {} },
      { name: 'stats', url: `${u}/api/admin/stats`, headers: admin.headers },
      { name: 'heatmap, all India (bbox 68,6,98,38)', url: `${u}/api/admin/heatmap?bbox=68,6,98,38`, headers: admin.headers },
      { name: 'heatmap, Mumbai (bbox 72.75,18.9,73.0,19.3)', url: `${u}/api/admin/heatmap?bbox=72.75,18.9,73.0,19.3`, headers: admin.headers },
      { name: 'allUsers, limit 20', url: `${u}/api/admin/allUsers?limit=20`, headers: admin.headers },
      { name: 'allGovernments, limit 20', url: `${u}/api/admin/allGovernments?limit=20`, headers: admin.headers },
      { name: 'allPosts q=pothole (in every caption), limit 20', url: `${u}/api/admin/allPosts?q=pothole&limit=20`, headers: admin.headers },
      { name: `allPosts q=${RARE_WORD} (in no caption), limit 20`, url: `${u}/api/admin/allPosts?q=${RARE_WORD}&limit=20`, headers: admin.headers },
    ];
    // Every case answers 200 with what the seed implies, before anything is timed.
    const answers: unknown[] = [];
    for (const c of cases) {
      const res = await fetch(c.url, { headers: c.headers });
      if (!res.ok) throw new Error(`${c.name}: ${res.status} ${await res.text()}`);
      answers.push(await res.json());
    }
    const stats = answers[1] as AdminStats;
    if (stats.totals.posts !== size) throw new Error(`stats counts ${stats.totals.posts} posts, seeded ${size}`);
    const [india, city] = [answers[2] as Heatmap, answers[3] as Heatmap];
    const pothole = (answers[6] as { posts: unknown[] }).posts.length;
    const rare = (answers[7] as { posts: unknown[] }).posts.length;
    if (pothole !== 20 || rare !== 0) throw new Error(`allPosts search: ${pothole} posts for pothole, ${rare} for ${RARE_WORD}`);
    notes.push(
      `${engine} @ ${size.toLocaleString('en')}: ${stats.totals.open.toLocaleString('en')} open, ${stats.totals.resolved.toLocaleString('en')} resolved; ` +
        `take-over median ${stats.timeToTakeOver.medianHours} h (p90 ${stats.timeToTakeOver.p90Hours} h), ` +
        `finish median ${stats.timeToFinish.medianHours} h (p90 ${stats.timeToFinish.p90Hours} h); ${stats.byState.length} states, ` +
        `${stats.byDepartment.length} departments timed; reported in the last 90 days ${stats.perDay.reduce((s, d) => s + d.reported, 0).toLocaleString('en')}; ` +
        `heatmap: India ${india.cells.length} cells of ${india.cellSize}°, Mumbai ${city.cells.length} cells of ${city.cellSize}°`,
    );

    await load(cases[1]!.url, admin.headers); // warm-up: JIT, page cache, statement caches
    for (const c of cases) {
      const alone = [];
      for (let k = 0; k < 3; k++) alone.push((await timed(() => fetch(c.url, { headers: c.headers }).then((r) => r.arrayBuffer()))).ms);
      const m = await load(c.url, c.headers);
      const median = alone.sort((a, b) => a - b)[1]!;
      results.push({ ...m, name: `${engine} @ ${size.toLocaleString('en')}: ${c.name}`, case: c.name, engine, size, alone: median });
    }

    // The export, downloaded once to its end.
    const exp = await timed(async () => {
      const res = await fetch(`${u}/api/admin/export.csv`, { headers: admin.headers });
      if (!res.ok || !res.body) throw new Error(`export.csv: ${res.status}`);
      let bytes = 0;
      let lines = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        for (let k = 0; k < chunk.length; k++) if (chunk[k] === 10) lines++;
      }
      return { bytes, rows: lines - 1 };
    });
    const seconds = exp.ms / 1000;
    if (exp.value.rows !== size) notes.push(`${engine} @ ${size}: export.csv had ${exp.value.rows} rows, not ${size}`);
    exports.push(
      `| ${engine} | ${size.toLocaleString('en')} | ${seconds.toFixed(1)} s | ${exp.value.rows.toLocaleString('en')} | ${Math.round(exp.value.rows / seconds).toLocaleString('en')} | ${(exp.value.bytes / 1e6).toFixed(0)} MB |`,
    );
    // As it goes, so a long run that fails later still leaves its figures.
    console.error(table(results.filter((r) => r.engine === engine && r.size === size)));
    console.error(exports[exports.length - 1]);
  } finally {
    await server.stop();
    if (!kept) rmSync(dataDir, { recursive: true, force: true });
    await pgDb?.drop();
  }
}

console.log(`\nCivicPulse admin benchmark (${new Date().toISOString()}, 10 connections, ${duration} s each)\n`);
console.log(table(results));
console.log('\n| engine | posts | seeding took | posts/s |\n|---|---:|---:|---:|');
for (const s of seedings) console.log(s);
console.log('\n| engine | posts | export.csv downloaded in | rows | rows/s | size |\n|---|---:|---:|---:|---:|---:|');
for (const e of exports) console.log(e);
console.log('');
for (const n of notes) console.log(`- ${n}`);
console.log('');
for (const engine of [...new Set(runs.map((r) => r.engine))]) {
  const at = results.find((r) => r.engine === engine && r.size === TARGET_SIZE && r.case === 'stats');
  if (at) {
    console.log(`${engine}: stats p50 < ${STATS_TARGET_MS} ms at 1M: ${at.p50 < STATS_TARGET_MS ? 'met' : 'NOT met'} (p50 ${at.p50} ms, p99 ${at.p99} ms)`);
  } else {
    const largest = results.filter((r) => r.engine === engine && r.case === 'stats').sort((a, b) => b.size - a.size)[0];
    console.log(
      `${engine}: stats p50 < ${STATS_TARGET_MS} ms at 1M: not measured at 1M` +
        (largest ? ` (largest measured: ${largest.size.toLocaleString('en')} posts, p50 ${largest.p50} ms)` : ''),
    );
  }
}
