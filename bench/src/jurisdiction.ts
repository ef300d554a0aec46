/**
 * Issue 16 item 4, View Issues by jurisdiction at scale: the list seed (bench/src/seed.ts: posts over
 * 30 cities, 40% unassigned, categories cycling) plus BENCH_JUR_DEPARTMENTS (1,000) departments, each
 * with a jurisdiction over the seed's cities (a city, a pincode, both, or a whole state; 1 to 4
 * categories or all) and its routes (post_routes) written as the server writes them (the shared
 * matchesJurisdiction over the candidates from the same keys).
 *
 * Measured in one run, 10 connections, BENCH_SECONDS each: the feed page of 20, and View Issues
 * (scope=unassigned) for a typical department (Pune, water and drainage): default first page with
 * counts, a later page (by cursor), most upvoted, High priority, All of India; and for a broad
 * department (a whole state, every category). Target: each View Issues p50 <= 1.5x the feed's.
 * Also the time to match one new report against the 1,000 jurisdictions (JurisdictionsService.matches,
 * in process), and the time to re-route one department after a jurisdiction change.
 *
 * BENCH_JUR_SIZES (default 1000000), BENCH_SEED_DIR keeps the seeded SQLite files (jurisdiction-<size>).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { CATEGORY_CODES, jurisdictionKeys, matchesJurisdiction, reportKeys, type Category, type Jurisdiction } from '@civicpulse/shared';
import { openDatabase } from '../../apps/server/src/db/index.js';
import { hashPassword } from '../../apps/server/src/lib/password.js';
import { UnitOfWork } from '../../apps/server/src/events/unitOfWork.js';
import { JurisdictionsRepo } from '../../apps/server/src/modules/jurisdictions/repo.js';
import { PostListingRepo } from '../../apps/server/src/modules/posts/listing.js';
import { PostReads } from '../../apps/server/src/modules/posts/readService.js';
import { PostReadsRepo } from '../../apps/server/src/modules/posts/reads.js';
import { JurisdictionsService } from '../../apps/server/src/modules/jurisdictions/service.js';
import { measure, table, type Measurement } from './measure.js';
import { signIn } from './pgdb.js';
import { BENCH_PASSWORD, CITIES, seed } from './seed.js';
import { startServer } from './server.js';

const sizes = (process.env.BENCH_JUR_SIZES ?? '1000000').split(',').filter(Boolean).map(Number);
const DEPARTMENTS = Number(process.env.BENCH_JUR_DEPARTMENTS ?? 1000);
const duration = Number(process.env.BENCH_SECONDS ?? 5);
/** Bumped when the seeded jurisdictions change. */
const JUR_SEED_VERSION = 2; // 2: routes carry their posts' sort and filter keys (migration 013)

const deptId = (k: number) => `d${k.toString(16).padStart(23, '0')}`;

/** Department k's jurisdiction: spread over the seed's cities, with varied shapes and categories. */
function jurisdictionOf(k: number): Jurisdiction {
  if (k === 0) return { state: 'Maharashtra', cities: ['Pune'], pincodes: [], categories: ['water', 'drainage'], area: null };
  if (k === 1) return { state: 'Maharashtra', cities: [], pincodes: [], categories: [], area: null };
  const city = CITIES[k % CITIES.length]!;
  const shape = k % 4;
  const n = 1 + (k % 4);
  const categories: Category[] = k % 10 === 0 ? [] : Array.from({ length: n }, (_, j) => CATEGORY_CODES[(k * 7 + j * 3) % CATEGORY_CODES.length]!);
  return {
    state: city.state,
    cities: shape === 0 || shape === 2 ? [city.name] : [],
    pincodes: shape === 1 || shape === 2 ? [city.pincode] : [],
    categories: [...new Set(categories)],
    area: null,
  };
}

async function seedJurisdictions(dataDir: string): Promise<void> {
  const database = openDatabase({ dataDir });
  const { db } = database;
  const hash = await hashPassword(BENCH_PASSWORD, 16384);
  const now = new Date().toISOString();
  const jurisdictions = Array.from({ length: DEPARTMENTS }, (_, k) => jurisdictionOf(k));
  for (let from = 0; from < DEPARTMENTS; from += 200) {
    await db.transaction().execute(async (trx) => {
      const ks = Array.from({ length: Math.min(200, DEPARTMENTS - from) }, (_, i) => from + i);
      await trx
        .insertInto('accounts')
        .values(
          ks.map((k) => ({
            id: deptId(k),
            role: 'government' as const,
            email: `jdept${k}@bench.in`,
            password_hash: hash,
            name: `Jurisdiction Department ${k}`,
            department: 'Municipal Corporation',
            city: jurisdictions[k]!.cities[0] ?? '',
            phone: '9876543210',
            is_verified: 1,
            resolved_issues_count: 0,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      await trx
        .insertInto('jurisdictions')
        .values(
          ks.map((k) => {
            const j = jurisdictions[k]!;
            return { department_id: deptId(k), state: j.state, cities: JSON.stringify(j.cities), pincodes: JSON.stringify(j.pincodes), categories: JSON.stringify(j.categories), area: null, updated_at: now };
          }),
        )
        .execute();
      const keys = ks.flatMap((k) => jurisdictionKeys(jurisdictions[k]!).map((key) => ({ key, department_id: deptId(k) })));
      for (let i = 0; i < keys.length; i += 400) await trx.insertInto('jurisdiction_keys').values(keys.slice(i, i + 400)).execute();
    });
  }
  // Routes: every open, unassigned post against its candidates (the same key index the server uses).
  const byKey = new Map<string, number[]>();
  jurisdictions.forEach((j, k) => {
    for (const key of jurisdictionKeys(j)) byKey.set(key, [...(byKey.get(key) ?? []), k]);
  });
  let after = '';
  let routes = 0;
  for (;;) {
    const rows = await db
      .selectFrom('posts')
      .select(['id', 'state', 'city', 'pincode', 'address', 'category', 'lat', 'lng', 'priority', 'upvote_count', 'downvote_count'])
      .where('assigned_government', 'is', null)
      .where('finished', '=', 0)
      .where('id', '>', after)
      .orderBy('id')
      .limit(5000)
      .execute();
    if (rows.length === 0) break;
    const pairs: Array<{ department_id: string; post_id: string } & Pick<(typeof rows)[number], 'priority' | 'upvote_count' | 'downvote_count' | 'category'>> = [];
    for (const r of rows) {
      const candidates = new Set(reportKeys(r).flatMap((key) => byKey.get(key) ?? []));
      const keys = { priority: r.priority, upvote_count: r.upvote_count, downvote_count: r.downvote_count, category: r.category };
      for (const k of candidates) if (matchesJurisdiction(jurisdictions[k]!, r)) pairs.push({ department_id: deptId(k), post_id: r.id, ...keys });
    }
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < pairs.length; i += 400) await trx.insertInto('post_routes').values(pairs.slice(i, i + 400)).execute();
    });
    routes += pairs.length;
    after = rows[rows.length - 1]!.id;
  }
  console.error(`routed: ${routes} routes for ${DEPARTMENTS} departments`);
  await sql`pragma optimize = 0x10002`.execute(db);
  await database.destroy();
}

/** Matching one report against every jurisdiction, in process (candidates from the key index): p50/p99 in ms. */
async function matchTimes(dataDir: string): Promise<{ p50: number; p99: number; reroute: number; rerouted: number }> {
  const database = openDatabase({ dataDir });
  const service = new JurisdictionsService(
    new JurisdictionsRepo(new UnitOfWork(database.db, database.engine)),
    new PostReads(new PostReadsRepo(database.db), new PostListingRepo(database.db)),
  );
  const times: number[] = [];
  for (let i = 0; i < 500; i++) {
    const city = CITIES[i % CITIES.length]!;
    const t0 = performance.now();
    await service.matches({ state: city.state, city: city.name, pincode: city.pincode, address: `${i} Market Road, ${city.name}`, category: CATEGORY_CODES[i % 12]!, lat: city.lat, lng: city.lng });
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  // Re-routing the typical department after a change (its state's open posts, in batches).
  const admin = { id: 'bench', name: 'bench', role: 'government' } as never;
  const t0 = performance.now();
  const saved = await service.save(admin, deptId(0), jurisdictionOf(0));
  const reroute = performance.now() - t0;
  await database.destroy();
  const q = (p: number) => Math.round(times[Math.min(times.length - 1, Math.floor(p * times.length))]! * 100) / 100;
  return { p50: q(0.5), p99: q(0.99), reroute: Math.round(reroute), rerouted: saved.rerouted };
}

const results: Measurement[] = [];
const summaries: string[] = [];
for (const size of sizes) {
  const kept = process.env.BENCH_SEED_DIR ? path.join(process.env.BENCH_SEED_DIR, `jurisdiction-${size}`) : undefined;
  const marker = kept && path.join(kept, 'seed.json');
  const reuse = marker !== undefined && existsSync(marker) && (JSON.parse(readFileSync(marker, 'utf8')) as { version?: number }).version === JUR_SEED_VERSION;
  const dataDir = kept ?? mkdtempSync(path.join(tmpdir(), `civicpulse-jur-${size}-`));
  if (kept && !reuse) rmSync(kept, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const t0 = performance.now();
  let seeded: Awaited<ReturnType<typeof seed>>;
  if (reuse) seeded = (JSON.parse(readFileSync(marker, 'utf8')) as { seeded: typeof seeded }).seeded;
  else {
    seeded = await seed(dataDir, size);
    await seedJurisdictions(dataDir);
    if (marker) writeFileSync(marker, JSON.stringify({ version: JUR_SEED_VERSION, seeded }));
  }
  console.error(`${reuse ? 'reused' : 'seeded'} ${size} posts and ${DEPARTMENTS} jurisdictions in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const match = await matchTimes(dataDir);
  const server = await startServer({ DATA_DIR: dataDir });
  try {
    const u = server.url;
    const viewer = await signIn(u, '/api/user/login', { email: seeded.viewerEmail, password: BENCH_PASSWORD });
    const pune = await signIn(u, '/api/gov/login', { officialEmail: 'jdept0@bench.in', password: BENCH_PASSWORD });
    const state = await signIn(u, '/api/gov/login', { officialEmail: 'jdept1@bench.in', password: BENCH_PASSWORD });
    const list = `${u}/api/gov/allPosts?scope=unassigned&limit=20`;
    // A later page: follow the cursor ten pages in.
    const laterOf = async (headers: Record<string, string>, base: string) => {
      let cursor = '';
      for (let i = 0; i < 10; i++) {
        const res = await fetch(`${base}${cursor ? `&cursor=${cursor}` : ''}`, { headers });
        const body = (await res.json()) as { nextCursor?: string | null };
        if (!body.nextCursor) break;
        cursor = encodeURIComponent(body.nextCursor);
      }
      return `${base}&cursor=${cursor}`;
    };
    const first = (await (await fetch(list, { headers: pune.headers })).json()) as { total?: number; matching?: number; area?: string };
    const broad = (await (await fetch(list, { headers: state.headers })).json()) as { total?: number };
    console.error(`typical department: ${first.total} reports in its jurisdiction (area ${first.area}); whole-state department: ${broad.total}`);
    const cases = [
      { name: 'feed page of 20', url: `${u}/api/user/allPosts?limit=20`, headers: viewer.headers },
      { name: 'View Issues (Pune water), default: mine, first page with counts', url: list, headers: pune.headers },
      { name: 'View Issues (Pune water), mine, page 11', url: await laterOf(pune.headers, list), headers: pune.headers },
      { name: 'View Issues (Pune water), mine, mostUpvotes', url: `${list}&sort=mostUpvotes`, headers: pune.headers },
      { name: 'View Issues (Pune water), mine, High priority', url: `${list}&priority=High`, headers: pune.headers },
      { name: 'View Issues (Pune water), All of India, first page with counts', url: `${list}&area=all`, headers: pune.headers },
      { name: 'View Issues (Pune water), All of India, page 11', url: await laterOf(pune.headers, `${list}&area=all`), headers: pune.headers },
      { name: 'View Issues (all Maharashtra), mine, first page with counts', url: list, headers: state.headers },
      { name: 'View Issues (all Maharashtra), mine, page 11', url: await laterOf(state.headers, list), headers: state.headers },
      { name: 'View Issues (all Maharashtra), mine, mostUpvotes', url: `${list}&sort=mostUpvotes`, headers: state.headers },
      { name: 'View Issues (all Maharashtra), mine, High priority, mostUpvotes', url: `${list}&priority=High&sort=mostUpvotes`, headers: state.headers },
      { name: 'View Issues (all Maharashtra), mine, category water', url: `${list}&category=water`, headers: state.headers },
    ];
    for (const c of cases) {
      const probe = await fetch(c.url, { headers: c.headers });
      if (!probe.ok) throw new Error(`${c.name}: ${probe.status} ${await probe.text()}`);
    }
    await measure('warmup', { url: cases[0]!.url, headers: viewer.headers, duration: 2 });
    const rows: Measurement[] = [];
    for (const c of cases) rows.push(await measure(c.name, { url: c.url, headers: c.headers, duration }));
    const feed = rows[0]!;
    for (const r of rows) results.push({ ...r, name: `sqlite @ ${size}: ${r.name}` });
    const worst = rows.slice(1).reduce((a, b) => (b.p50 > a.p50 ? b : a));
    const ratio = worst.p50 / Math.max(feed.p50, 1);
    summaries.push(
      `| sqlite | ${size.toLocaleString('en')} | ${DEPARTMENTS} | slowest View Issues: ${worst.name}, p50 ${worst.p50} ms = ${ratio.toFixed(2)}x feed (${ratio <= 1.5 ? 'met' : 'NOT met'}) | match a report: p50 ${match.p50} ms, p99 ${match.p99} ms | re-route one department: ${match.reroute} ms (${match.rerouted} routes) |`,
    );
    console.error(table(rows));
    console.error(summaries[summaries.length - 1]);
  } finally {
    await server.stop();
    if (!kept) rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`\nCivicPulse View Issues by jurisdiction (${new Date().toISOString()}, 10 connections, ${duration} s each)\n`);
console.log(table(results));
console.log('\n| engine | posts | departments | View Issues p50 <= 1.5x feed | matching a new report | jurisdiction change |');
console.log('|---|---:|---:|---|---|---|');
for (const s of summaries) console.log(s);
