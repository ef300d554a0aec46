/**
 * Public reports at scale: the /reports list (every filter and sort it offers, the place filters
 * included) and its map (the country, a city, a neighbourhood and a street), beside the signed-in feed
 * page, per engine and size, in one run.
 *
 * Per engine and size: seeds the posts (bench/src/seed.ts: 30 cities, one pincode each, the 12
 * categories spread evenly), starts the real server and measures each case alone (10 connections,
 * BENCH_SECONDS each). Target: every public answer's p50 within 1.5x the feed page's, at every size.
 * BENCH_SIZES (default 10000,100000,1000000), BENCH_PG_URL adds PostgreSQL (BENCH_PG_SIZES, default
 * 10000,100000), BENCH_SEED_DIR keeps seeded SQLite files between runs (as bench:lists does).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { measure, table, type Measurement } from './measure.js';
import { freshPgDatabase, signIn } from './pgdb.js';
import { BENCH_PASSWORD, seed } from './seed.js';
import { startServer } from './server.js';

const sqliteSizes = (process.env.BENCH_SIZES ?? '10000,100000,1000000').split(',').filter(Boolean).map(Number);
const pgSizes = (process.env.BENCH_PG_SIZES ?? '10000,100000').split(',').filter(Boolean).map(Number);
const duration = Number(process.env.BENCH_SECONDS ?? 5);
const pgAdminUrl = process.env.BENCH_PG_URL;

interface Row extends Measurement {
  engine: string;
  size: number;
}
const results: Row[] = [];
const summaries: string[] = [];
const runs = [...sqliteSizes.map((size) => ({ engine: 'sqlite' as const, size })), ...(pgAdminUrl ? pgSizes.map((size) => ({ engine: 'postgres' as const, size })) : [])];

/** A box `w` x `h` degrees around a point, as the map sends it (minLng,minLat,maxLng,maxLat). */
const box = (lat: number, lng: number, w: number, h: number) => [lng - w / 2, lat - h / 2, lng + w / 2, lat + h / 2].map((v) => v.toFixed(4)).join(',');
const MUMBAI = { lat: 19.076, lng: 72.8777 };

for (const { engine, size } of runs) {
  const kept = process.env.BENCH_SEED_DIR && engine === 'sqlite' ? path.join(process.env.BENCH_SEED_DIR, `sqlite-${size}`) : undefined;
  const reuse = kept !== undefined && existsSync(path.join(kept, 'seed.json'));
  const dataDir = kept ?? mkdtempSync(path.join(tmpdir(), `civicpulse-public-${size}-`));
  mkdirSync(dataDir, { recursive: true });
  const pgDb = engine === 'postgres' ? await freshPgDatabase(pgAdminUrl!) : undefined;
  const t0 = performance.now();
  const seeded = reuse ? (JSON.parse(readFileSync(path.join(dataDir, 'seed.json'), 'utf8')) as Awaited<ReturnType<typeof seed>>) : await seed(dataDir, size, pgDb?.url);
  if (kept && !reuse) writeFileSync(path.join(dataDir, 'seed.json'), JSON.stringify(seeded));
  console.error(`${reuse ? 'reused' : 'seeded'} ${size} posts on ${engine} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  // Every request comes from one address here: the per-address limit on public reads is lifted.
  const server = await startServer({ DATA_DIR: dataDir, PUBLIC_READ_RATE_MAX: '100000000', ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) });
  try {
    const u = server.url;
    const viewer = await signIn(u, '/api/user/login', { email: seeded.viewerEmail, password: BENCH_PASSWORD });
    const sample = (await (await fetch(`${u}/api/public/posts/${seeded.samplePostId}`)).json()) as { post: { reference: string } };
    const cases: Array<{ name: string; url: string; headers?: Record<string, string> }> = [
      { name: 'feed page of 20 (signed in, the baseline)', url: `${u}/api/user/allPosts?limit=20&exclude=mine&shape=compact`, headers: viewer.headers },
      { name: 'list: newest', url: `${u}/api/public/posts` },
      { name: 'list: category water, most upvoted', url: `${u}/api/public/posts?category=water&sort=mostUpvotes` },
      { name: 'list: progress Work Started, oldest', url: `${u}/api/public/posts?progress=Work%20Started&sort=oldest` },
      { name: 'list: state Goa (1%), newest', url: `${u}/api/public/posts?state=Goa` },
      { name: 'list: city panaji (any case), most upvoted', url: `${u}/api/public/posts?city=panaji&sort=mostUpvotes` },
      { name: 'list: pincode 403001, oldest', url: `${u}/api/public/posts?pincode=403001&sort=oldest` },
      { name: 'list: pincode with no reports', url: `${u}/api/public/posts?pincode=999999&sort=mostUpvotes` },
      { name: 'list: state Maharashtra + category noise + Verified', url: `${u}/api/public/posts?state=Maharashtra&category=noise&progress=Verified` },
      { name: 'list: a reference number', url: `${u}/api/public/posts?q=${encodeURIComponent(sample.post.reference)}` },
      { name: 'map: India (1° groups)', url: `${u}/api/public/map?bbox=68,6,98,37` },
      { name: 'map: Mumbai region, 2° (0.1° groups)', url: `${u}/api/public/map?bbox=${box(MUMBAI.lat, MUMBAI.lng, 2, 1)}` },
      { name: 'map: a neighbourhood, 0.13° (0.01° groups)', url: `${u}/api/public/map?bbox=${box(MUMBAI.lat, MUMBAI.lng, 0.13, 0.065)}` },
      { name: 'map: neighbourhood, category roads + Unseen', url: `${u}/api/public/map?bbox=${box(MUMBAI.lat, MUMBAI.lng, 0.13, 0.065)}&category=roads&progress=Unseen` },
      { name: 'map: street level, 0.03° (reports)', url: `${u}/api/public/map?bbox=${box(MUMBAI.lat, MUMBAI.lng, 0.03, 0.015)}` },
      { name: 'map: street level, category roads', url: `${u}/api/public/map?bbox=${box(MUMBAI.lat, MUMBAI.lng, 0.03, 0.015)}&category=roads` },
    ];
    const notes: string[] = [];
    for (const c of cases) {
      const res = await fetch(c.url, c.headers ? { headers: c.headers } : {});
      if (!res.ok) throw new Error(`${c.name}: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { posts?: unknown[]; clusters?: Array<{ count: number }>; points?: unknown[]; truncated?: boolean };
      if (body.clusters) notes.push(`${c.name}: ${body.clusters.length} groups, ${body.points!.length} reports${body.truncated ? ' (truncated)' : ''}`);
    }
    console.error(notes.join('\n'));
    await measure('warmup', { url: cases[0]!.url, headers: viewer.headers, duration: 2 });
    const alone: Measurement[] = [];
    for (const c of cases) alone.push(await measure(c.name, { url: c.url, ...(c.headers ? { headers: c.headers } : {}), duration }));
    for (const m of alone) results.push({ ...m, name: `${engine} @ ${size}: ${m.name}`, engine, size });
    const feed = alone[0]!;
    const worst = alone.slice(1).reduce((a, b) => (b.p50 > a.p50 ? b : a));
    const ratio = worst.p50 / Math.max(feed.p50, 1);
    const errors = alone.reduce((n, m) => n + m.non2xx, 0);
    summaries.push(
      `| ${engine} | ${size.toLocaleString('en')} | ${feed.p50} ms | ${worst.name}: ${worst.p50} ms = ${ratio.toFixed(2)}x (${ratio <= 1.5 ? 'met' : 'NOT met'}) | ${errors} |`,
    );
    console.error(table(results.filter((r) => r.engine === engine && r.size === size)));
    console.error(summaries[summaries.length - 1]);
  } finally {
    await server.stop();
    if (!kept) rmSync(dataDir, { recursive: true, force: true });
    await pgDb?.drop();
  }
}

console.log(`\nCivicPulse public reports benchmark (${new Date().toISOString()}, 10 connections, ${duration} s each)\n`);
console.log(table(results));
console.log('\n| engine | posts | feed page p50 | slowest public answer p50 (target <= 1.5x the feed) | non-2xx |');
console.log('|---|---:|---:|---|---:|');
for (const s of summaries) console.log(s);
