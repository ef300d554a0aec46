/**
 * Soak: a realistic mix of citizens' requests and live sockets for SOAK_SECONDS (default 600) at 80%
 * of the measured capacity, on PostgreSQL (BENCH_PG_URL, a fresh database) and Redis
 * (BENCH_REDIS_URL), watching for errors, stalls and leaks.
 *
 * The mix (bench/src/soak-load.ts, DEFAULT_MIX; SOAK_MIX overrides shares, e.g. `vote=30,create=1`):
 * the feed's first page and a next page by cursor, single reports, the public list and a public
 * report, votes, comments, new reports with a real photo (multipart, a JPEG or PNG made with sharp)
 * and chat messages, from SOAK_ACCOUNTS seeded citizens (default 20) whose SOAK_SOCKETS live sockets
 * (default 40, connected as the web app does: LIVE_DEFAULTS, the token in `auth`, WebSocket only)
 * watch the reports on screen and receive post updates, notifications and chat. Every owed live
 * delivery is checked (see soak-load.ts).
 *
 * 1. Capacity, in two parts:
 *    a. the same mix in a closed loop (each worker sends its next request when the last one answered)
 *       for SOAK_PROBE_SECONDS (default 20) at each of SOAK_PROBE_CONCURRENCY (default 4,8,16,32; it
 *       stops when more workers bring less than 5% more): the peak throughput;
 *    b. (SOAK_CAPACITY=open, the default) the rate the server sustains: open-loop steps of
 *       SOAK_STEP_SECONDS (default 60) from 60% of that peak up by 10% of it, until a step's p99 (of
 *       the requests due in either half of the step) passes SOAK_SLO_MS (default 1000) or a request
 *       fails; a step stops early once more requests wait for their answer than twice the SLO's worth
 *       at its rate (it has failed, and more would push the server deeper past capacity). The capacity
 *       is the highest sustained step. A closed-loop peak is not a rate the server
 *       can take for minutes: this server's throughput falls as more requests are in flight (137 req/s
 *       at 8 workers, 115-121 at 32), so at 80% of the peak a short hold-up grows a queue that does
 *       not drain (issue 31: p99 0.3 s in minute 1, 3.6-8.3 s later). SOAK_CAPACITY=closed takes the
 *       peak as the capacity, as before.
 *    Then the bench waits until the machine is quiet (bench/src/soak-watch.ts settle(): 5 seconds in a
 *    row with the machine's CPU under 25%, no query waiting for the server's pool and at most one
 *    PostgreSQL session running; at most SOAK_SETTLE_MAX_SECONDS, default 300), so the soak does not
 *    start while work the last step queued still runs; the report says how long.
 * 2. Soak: an OPEN loop at SOAK_LOAD (default 0.8) of that capacity, or at SOAK_RATE requests/s when
 *    set (no probe then): requests go at fixed times whatever the answers, and each one's latency
 *    counts from its scheduled time, so a stall shows as latency instead of as fewer requests
 *    (no coordinated omission).
 *
 * Measured per minute: p50/p99/max latency, the server's event-loop delay (bench/src/eld-probe.mjs,
 * SIGUSR2 at each minute's end), its CPU, the bench's own event-loop delay; every SOAK_SAMPLE_SECONDS
 * (default 5) the server's RSS (/proc/<pid>/status VmRSS) and its V8 heap (bench/src/soak-probe.mjs
 * writes process.memoryUsage() to a file every second, and both right after each major GC: the
 * floors a leak raises); the least-squares slope of each in MB/min
 * after a warm-up minute (SOAK_WARMUP_SECONDS, default 60, at most a third of the run), "flat" when
 * |slope| is at most SOAK_FLAT_PERCENT (default 0.5) % of the mean per minute.
 * Beside them, every second (bench/src/soak-watch.ts): the machine's CPU, the server's PostgreSQL pool
 * (connections in use, queries waiting; /metrics with a token of the bench's), PostgreSQL's sessions
 * (running, waiting on locks or I/O, idle in a transaction), autovacuum and checkpoint writes; printed
 * per minute (the worst second) and for the seconds whose requests were slowest.
 *
 * Exits 1 on any error: a non-2xx answer or failed request, a socket error or disconnect, an owed
 * live delivery missing 15 s after the end, or no memory figures collected. No timing assertion.
 * The server runs with MALLOC_ARENA_MAX=2, as the image does (the bench's own MALLOC_ARENA_MAX overrides it).
 * SOAK_POSTS (default 10000) reports are seeded first (bench/src/seed.ts). SOAK_SERVER_NODE_OPTIONS adds
 * Node options to the server's (heap snapshots on a signal, for instance).
 *
 * The Socket.IO Redis adapter's channel is one for every server on that Redis: another server's chat
 * reaches these sockets (counted as not owed, no error) and this run's chat reaches its sockets. Beside
 * other servers, give the soak a Redis of its own.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { freshPgDatabase, signIn } from './pgdb.js';
import { BENCH_PASSWORD, seed } from './seed.js';
import { repoRoot, startServer, type RunningServer } from './server.js';
import { DEFAULT_MIX, KINDS, Workload, type Kind, type Sample } from './soak-load.js';
import { SoakWatch, minuteWatchTable, settle, settleLine, worstSecondsTable } from './soak-watch.js';
import { cpuSeconds, lineFit, memoryTable, minuteTable, kindTable, pct, probeTable, stepTable, liveTable, type Minute, type MemPoint, type ProbeRow, type StepRow } from './soak-report.js';

const num = (name: string, fallback: number): number => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(v) || v < 0) throw new Error(`${name} must be a number >= 0`);
  return v;
};
const SECONDS = num('SOAK_SECONDS', 600);
const FIXED_RATE = process.env.SOAK_RATE ? num('SOAK_RATE', 0) : undefined;
const LOAD = num('SOAK_LOAD', 0.8);
const PROBE_SECONDS = num('SOAK_PROBE_SECONDS', 20);
const PROBE_CONCURRENCY = (process.env.SOAK_PROBE_CONCURRENCY ?? '4,8,16,32').split(',').map(Number).filter((n) => n >= 1);
const ACCOUNTS = Math.min(200, Math.max(2, Math.round(num('SOAK_ACCOUNTS', 20))));
const SOCKETS = Math.max(1, Math.round(num('SOAK_SOCKETS', 40)));
const POSTS = Math.max(100, Math.round(num('SOAK_POSTS', 10_000)));
const SAMPLE_MS = Math.max(1, num('SOAK_SAMPLE_SECONDS', 5)) * 1000;
const WARMUP_MS = Math.min(num('SOAK_WARMUP_SECONDS', 60), SECONDS / 3) * 1000;
const FLAT_PERCENT = num('SOAK_FLAT_PERCENT', 0.5);
const CAPACITY_MODE = process.env.SOAK_CAPACITY ?? 'open';
if (CAPACITY_MODE !== 'open' && CAPACITY_MODE !== 'closed') throw new Error('SOAK_CAPACITY must be open or closed');
const STEP_SECONDS = Math.max(5, num('SOAK_STEP_SECONDS', 60));
const SLO_MS = Math.max(1, num('SOAK_SLO_MS', 1000));
const HOT = Math.max(1, Math.round(num('SOAK_HOT', 40)));
const MINUTE_MS = Math.min(60_000, SECONDS * 1000);
const DRAIN_MS = 15_000;
const SETTLE_MAX_SECONDS = num('SOAK_SETTLE_MAX_SECONDS', 300);

const mix: Record<Kind, number> = { ...DEFAULT_MIX };
for (const part of (process.env.SOAK_MIX ?? '').split(',').filter(Boolean)) {
  const [k, v] = part.split('=');
  if (!(KINDS as readonly string[]).includes(k!) || !(Number(v) >= 0)) throw new Error(`SOAK_MIX: ${part} is not kind=share (kinds: ${KINDS.join(', ')})`);
  mix[k as Kind] = Number(v);
}

const pgAdminUrl = process.env.BENCH_PG_URL;
const redisUrl = process.env.BENCH_REDIS_URL;
if (!pgAdminUrl) {
  console.log('bench:soak needs BENCH_PG_URL (and BENCH_REDIS_URL for Redis); skipped.');
  process.exit(0);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => bytes / 1024 / 1024;

// ---- the photos a new report carries: real images, re-encoded by the server like any upload ----

async function photo(width: number, height: number, format: 'jpeg' | 'png'): Promise<{ data: Buffer; type: string; name: string }> {
  // Noise, so the encoders have real work (a flat colour compresses to nothing).
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  const img = sharp(raw, { raw: { width, height, channels: 3 } }).blur(1.5);
  return format === 'jpeg'
    ? { data: await img.jpeg({ quality: 80 }).toBuffer(), type: 'image/jpeg', name: 'pothole.jpg' }
    : { data: await img.png().toBuffer(), type: 'image/png', name: 'streetlight.png' };
}

// ---- setup ----

const tStart = performance.now();
const tmp = mkdtempSync(path.join(tmpdir(), 'civicpulse-soak-'));
const eldFile = path.join(tmp, 'eld.json');
const memFile = path.join(tmp, 'mem.jsonl');
const pgDb = await freshPgDatabase(pgAdminUrl);
let server: RunningServer | undefined;
let load: Workload | undefined;
let watch: SoakWatch | undefined;
// The pool's gauges for soak-watch.ts (GET /metrics answers only with this token).
const METRICS_TOKEN = 'soak-metrics-token-'.padEnd(32, 'x');
let failed = false;
try {
  await seed(tmp, POSTS, pgDb.url);
  console.error(`seeded ${POSTS} reports on PostgreSQL in ${((performance.now() - tStart) / 1000).toFixed(1)} s`);
  const probes = ['eld-probe.mjs', 'soak-probe.mjs'].map((f) => `--import ${pathToFileURL(path.join(repoRoot, 'bench/src', f)).href}`).join(' ');
  server = await startServer({
    DATA_DIR: path.join(tmp, 'data'),
    DATABASE_URL: pgDb.url,
    // A key prefix of its own: other servers on the same Redis neither see its chat nor share its counters.
    ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `soak-${process.pid}:` } : {}),
    JWT_SECRET: 'bench-soak-secret-'.padEnd(48, 'x'),
    PUBLIC_READ_RATE_MAX: '100000000',
    RATE_LIMIT_CHAT_MAX: '100000000',
    LIVE_SOCKETS_PER_ACCOUNT: '1000',
    LIVE_SOCKETS_PER_ADDRESS: '100000',
    METRICS_TOKEN,
    // As the image runs it (Dockerfile): without it glibc's per-thread arenas keep photo bursts' memory
    // and RSS climbs while the heap is flat. MALLOC_ARENA_MAX in the bench's environment overrides it.
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    BENCH_ELD_FILE: eldFile,
    BENCH_MEM_FILE: memFile,
    BENCH_MEM_INTERVAL_MS: '1000',
    // SOAK_SERVER_NODE_OPTIONS adds to the server's, e.g. `--heapsnapshot-signal=SIGWINCH --diagnostic-dir=/tmp` to look into a leak
    // (SIGUSR1 is the inspector's, SIGUSR2 eld-probe.mjs's).
    NODE_OPTIONS: [probes, process.env.SOAK_SERVER_NODE_OPTIONS ?? ''].join(' ').trim(),
  });
  const srv = server;
  const actors = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const { headers, id } = await signIn(srv.url, '/api/user/login', { email: `citizen${i}@bench.in`, password: BENCH_PASSWORD });
    actors.push({ id, token: headers.authorization!.slice('Bearer '.length) });
  }
  const photos = [await photo(640, 480, 'jpeg'), await photo(320, 240, 'png')];
  load = new Workload(srv.url, actors, photos, mix, HOT);
  const w = load;
  await w.connect(SOCKETS);
  await w.prime();
  console.error(`server up, ${ACCOUNTS} accounts signed in, ${SOCKETS} sockets watching ${HOT} hot reports; photos ${photos.map((p) => `${p.type} ${(p.data.length / 1024).toFixed(0)} KB`).join(', ')}`);

  /** The server's event-loop delay since the last call (eld-probe.mjs answers SIGUSR2). */
  async function serverEld(): Promise<{ p50: number; p99: number; max: number } | undefined> {
    rmSync(eldFile, { force: true });
    srv.signal('SIGUSR2');
    for (let i = 0; i < 100 && !existsSync(eldFile); i++) await sleep(20);
    try {
      return JSON.parse(readFileSync(eldFile, 'utf8')) as { p50: number; p99: number; max: number };
    } catch {
      return undefined;
    }
  }

  // ---- 1. capacity: closed loop, increasing concurrency ----

  const probeRows: ProbeRow[] = [];
  const stepRows: StepRow[] = [];
  let settled: Awaited<ReturnType<typeof settle>> | undefined;
  let rate = FIXED_RATE;
  if (rate === undefined) {
    // A short warm-up: JIT, connection pools, the planner's caches.
    await closedLoop(w, 4, Math.min(5, PROBE_SECONDS));
    let best = 0;
    for (const c of PROBE_CONCURRENCY) {
      const from = w.samples.length;
      const errorsBefore = w.errorCount;
      const cpu0 = cpuSeconds(srv.pid);
      const self0 = process.cpuUsage();
      const t0 = performance.now();
      await closedLoop(w, c, PROBE_SECONDS);
      const secs = (performance.now() - t0) / 1000;
      const s = w.samples.slice(from);
      const ms = s.map((x) => x.ms).sort((a, b) => a - b);
      const rps = s.length / secs;
      probeRows.push({ concurrency: c, rps, p50: pct(ms, 50), p99: pct(ms, 99), requests: s.length, errors: w.errorCount - errorsBefore, serverCpu: (cpuSeconds(srv.pid) - cpu0) / secs, benchCpu: selfSeconds(self0) / secs });
      console.error(`probe: ${c} workers ${rps.toFixed(0)} req/s`);
      if (rps < best * 1.05) break;
      best = Math.max(best, rps);
    }
    let capacity = best;
    if (CAPACITY_MODE === 'open') {
      await sleep(5000);
      const step = Math.max(1, Math.round(best * 0.1));
      let sustained = 0;
      for (let offered = Math.max(1, Math.round(best * 0.6)); offered <= Math.round(best * 1.3); offered += step) {
        const row = await openStep(w, srv.pid, offered, STEP_SECONDS);
        stepRows.push(row);
        console.error(`step: ${offered} req/s offered, ${row.answered.toFixed(0)} answered, p99 ${row.p99First.toFixed(0)} / ${row.p99Second.toFixed(0)} ms: ${row.sustained ? 'sustained' : 'not sustained'}${row.stopped ? `, stopped after ${row.stopped.after.toFixed(0)} s with ${row.stopped.waiting} requests waiting` : ''}`);
        if (!row.sustained) break;
        sustained = offered;
        await sleep(5000);
      }
      // Not even the first step held: the soak goes at 80% of it, and the report says so.
      capacity = sustained || stepRows[0]!.offered;
    }
    rate = Math.max(1, Math.round(capacity * LOAD));
    await sleep(2000);
    settled = await settle(srv.url, METRICS_TOKEN, pgDb.url, SETTLE_MAX_SECONDS);
    console.error(settleLine(settled));
  }

  // ---- 2. soak: open loop at `rate` ----

  const soakFrom = w.samples.length;
  const errorsBeforeSoak = w.errorCount;
  const interval = 1000 / rate;
  const total = Math.round(SECONDS * rate);
  const benchEld = monitorEventLoopDelay({ resolution: 10 });
  const minutes: Minute[] = [];
  const rss: MemPoint[] = [];
  await serverEld(); // starts the first minute's histogram
  benchEld.enable();
  watch = new SoakWatch(srv.url, METRICS_TOKEN, pgDb.url);
  const start = performance.now();
  await watch.start(start);
  const startEpoch = Date.now();
  const soakEnd = start + SECONDS * 1000;
  let minuteStart = start;
  let minuteCpu = cpuSeconds(srv.pid);
  let minuteSelf = process.cpuUsage();
  let minuteErrors = w.errorCount;
  let maxLate = 0;
  const closeMinute = async (now: number) => {
    const eld = await serverEld();
    const cpu = cpuSeconds(srv.pid);
    minutes.push({
      index: minutes.length + 1,
      from: minuteStart - start,
      to: now - start,
      eld,
      serverCpu: (cpu - minuteCpu) / ((now - minuteStart) / 1000),
      benchCpu: selfSeconds(minuteSelf) / ((now - minuteStart) / 1000),
      benchEldP99: benchEld.percentile(99) / 1e6,
      errors: w.errorCount - minuteErrors,
    });
    benchEld.reset();
    minuteStart = now;
    minuteCpu = cpu;
    minuteSelf = process.cpuUsage();
    minuteErrors = w.errorCount;
  };
  const sampler = setInterval(() => {
    const kb = vmRssKb(srv.pid);
    if (kb !== undefined) rss.push({ t: Date.now() - startEpoch, mb: kb / 1024 });
  }, SAMPLE_MS);
  const minuteTimer = (async () => {
    while (minuteStart + MINUTE_MS <= soakEnd - 1000) {
      await sleep(Math.max(0, minuteStart + MINUTE_MS - performance.now()));
      await closeMinute(performance.now());
    }
  })();
  // Requests still waiting for their answer; the schedule never waits for them (an open loop).
  const pending = new Set<Promise<void>>();
  let maxPending = 0;
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait >= 1) await sleep(wait);
    maxLate = Math.max(maxLate, performance.now() - due);
    const answer = w.run(w.pick(), due);
    pending.add(answer);
    void answer.finally(() => pending.delete(answer));
    maxPending = Math.max(maxPending, pending.size);
  }
  await Promise.all(pending);
  await minuteTimer;
  await closeMinute(performance.now());
  clearInterval(sampler);
  await watch.stop();
  const soakSecs = (performance.now() - start) / 1000;
  await w.drain(DRAIN_MS);
  const missing = w.missing();
  const extra = w.extra();
  const missingTotal = missing.postUpdates + missing.notifications + missing.messages;
  if (missingTotal > 0) w.error(`live deliveries missing ${DRAIN_MS / 1000} s after the end: ${JSON.stringify(missing)}`);

  // ---- memory: RSS sampled here, heap from the probe's file ----

  const heap: MemPoint[] = [];
  const heapAfterGc: MemPoint[] = [];
  const rssAfterGc: MemPoint[] = [];
  const heapLines = existsSync(memFile) ? readFileSync(memFile, 'utf8').split('\n').filter(Boolean) : [];
  for (const line of heapLines) {
    const m = JSON.parse(line) as { t: number; heapUsed?: number; afterMajorGc?: number; rssAfterMajorGc?: number };
    if (m.t < startEpoch || m.t > startEpoch + soakSecs * 1000) continue;
    if (m.heapUsed !== undefined) heap.push({ t: m.t - startEpoch, mb: mb(m.heapUsed) });
    if (m.afterMajorGc !== undefined) heapAfterGc.push({ t: m.t - startEpoch, mb: mb(m.afterMajorGc) });
    if (m.rssAfterMajorGc !== undefined) rssAfterGc.push({ t: m.t - startEpoch, mb: mb(m.rssAfterMajorGc) });
  }
  // The heap at the RSS sample times (the probe writes every second), for the per-minute table.
  for (const m of minutes) {
    const inRss = rss.filter((p) => p.t >= m.from && p.t < m.to);
    const inHeap = heap.filter((p) => p.t >= m.from && p.t < m.to);
    m.rssMb = inRss.length ? inRss[inRss.length - 1]!.mb : undefined;
    m.heapMb = inHeap.length ? inHeap.reduce((a, p) => a + p.mb, 0) / inHeap.length : undefined;
  }
  const soakSamples: Sample[] = w.samples.slice(soakFrom);
  const memoryCollected = rss.length >= 2 && heap.length >= 2;
  if (!memoryCollected) w.error(`memory figures not collected: ${rss.length} RSS samples, ${heap.length} heap samples`);

  // ---- the report ----

  const soakErrors = w.errorCount - errorsBeforeSoak;
  console.log(
    `\nCivicPulse soak (${new Date().toISOString()}, PostgreSQL${redisUrl ? ' + Redis' : ''}, ${POSTS.toLocaleString('en')} seeded reports, ` +
      `${ACCOUNTS} accounts, ${SOCKETS} live sockets, ${HOT} hot reports)\n`,
  );
  if (probeRows.length) {
    console.log(`Capacity (closed loop, the soak's mix, ${PROBE_SECONDS} s per row; best throughput x ${LOAD} = the soak's rate):\n`);
    console.log(probeTable(probeRows));
    console.log('');
  }
  if (stepRows.length) {
    const held = stepRows.filter((r) => r.sustained);
    console.log(
      `Sustained rate (open loop, ${STEP_SECONDS} s per step, latency from each request's scheduled time): ` +
        (held.length ? `the capacity is ${held[held.length - 1]!.offered} req/s, the highest step sustained; x ${LOAD} = the soak's rate.\n` : `no step was sustained; the soak went at ${LOAD} x the first step.\n`),
    );
    console.log(stepTable(stepRows, SLO_MS));
    console.log('');
  }
  if (settled) console.log(`${settleLine(settled)}\n`);
  console.log(
    `Soak: open loop at ${rate} req/s (${FIXED_RATE !== undefined ? 'SOAK_RATE' : `${Math.round(LOAD * 100)}% of the ${CAPACITY_MODE === 'open' ? 'sustained' : 'closed-loop'} capacity`}) for ${soakSecs.toFixed(0)} s; ` +
      `latency from each request's scheduled time; the bench sent at most ${maxLate.toFixed(1)} ms late; at most ${maxPending} requests were waiting for their answer at once.\n`,
  );
  console.log(kindTable(soakSamples, soakSecs));
  console.log('');
  console.log(minuteTable(minutes, soakSamples, start));
  console.log('');
  console.log('What was busy, per minute (bench/src/soak-watch.ts: one reading a second):\n');
  console.log(minuteWatchTable(watch, minutes));
  console.log('');
  console.log("The seconds whose requests were slowest (by the p99 of the requests due in that second), with that second's and the one before's readings:\n");
  console.log(worstSecondsTable(watch, soakSamples, start));
  console.log('');
  const first = minutes[0];
  const last = minutes[minutes.length - 1];
  const p99Of = (m: Minute) => pct(soakSamples.filter((s) => s.due - start >= m.from && s.due - start < m.to).map((s) => s.ms).sort((a, b) => a - b), 99);
  if (first && last) {
    const maxMinute = minutes.reduce((a, m) => (p99Of(m) > p99Of(a) ? m : a));
    console.log(`p99 first minute ${p99Of(first).toFixed(1)} ms, last minute ${p99Of(last).toFixed(1)} ms, worst minute ${maxMinute.index}: ${p99Of(maxMinute).toFixed(1)} ms\n`);
  }
  console.log(liveTable(missing, extra, w.chatLatencySince(start), w.disconnects, w.watchCalls));
  console.log('');
  const rssFit = lineFit(rss.filter((p) => p.t >= WARMUP_MS));
  const heapFit = lineFit(heap.filter((p) => p.t >= WARMUP_MS));
  const gcFit = lineFit(heapAfterGc.filter((p) => p.t >= WARMUP_MS));
  const rssGcFit = lineFit(rssAfterGc.filter((p) => p.t >= WARMUP_MS));
  console.log(
    `Server memory after a ${(WARMUP_MS / 1000).toFixed(0)} s warm-up (RSS: VmRSS every ${SAMPLE_MS / 1000} s; heap: process.memoryUsage().heapUsed every 1 s, ` +
      `and both right after each major GC: the floors, which a leak raises; RSS and heap used at any time follow the ` +
      `saw-tooth of allocation between collections, of which ${(SECONDS / 60).toFixed(SECONDS % 60 ? 1 : 0)} minutes hold only a few teeth); ` +
      `flat = |slope| <= ${FLAT_PERCENT}% of the mean per minute:\n`,
  );
  console.log(memoryTable(
      [
        { name: 'RSS', fit: rssFit },
        { name: 'V8 heap used', fit: heapFit },
        { name: 'RSS after major GC', fit: rssGcFit },
        { name: 'V8 heap used after major GC', fit: gcFit },
      ],
      FLAT_PERCENT,
    ));
  console.log('');
  const errorTotal = w.errorCount;
  console.log(`Errors: ${errorTotal} (${soakErrors} during the soak, ${errorTotal - soakErrors} during the capacity probe and setup)`);
  for (const e of w.errors.slice(0, 20)) console.log(`- ${new Date(e.at).toISOString()} ${e.what}`);
  console.log(`\nTotal time ${((performance.now() - tStart) / 1000).toFixed(0)} s.`);
  failed = errorTotal > 0;
} catch (err) {
  console.error(err);
  failed = true;
} finally {
  await watch?.stop();
  await load?.close();
  // stop() waits for the exit event, which a server that already died will not send again.
  if (server) await Promise.race([server.stop(), sleep(10_000)]);
  await pgDb.drop();
  rmSync(tmp, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

/** The closed loop: `workers` each send the next request as soon as the last one answered. */
async function closedLoop(w: Workload, workers: number, seconds: number): Promise<void> {
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < end) await w.run(w.pick(), performance.now());
    }),
  );
}

/**
 * One open-loop step: `rate` requests/s at fixed times for `seconds`, each one's latency from its
 * scheduled time; waits for the last answer. Sustained: no request failed and the p99 of the requests
 * due in each half of the step is within SLO_MS.
 */
async function openStep(w: Workload, pid: number, rate: number, seconds: number): Promise<StepRow> {
  const from = w.samples.length;
  const errorsBefore = w.errorCount;
  const cpu0 = cpuSeconds(pid);
  const start = performance.now();
  const total = Math.round(rate * seconds);
  const half = start + (seconds * 1000) / 2;
  const pending: Promise<void>[] = [];
  // More requests waiting than twice the SLO's worth at this rate (Little's law): the step has failed,
  // and going on would only push the server deeper past capacity, which the soak after the search
  // then starts in (issue 31: a step at 153 req/s that answered 121, p99 17.7 s, left the soak's first
  // minute at p99 3.6 s although the machine was quiet when it began).
  const waitingMax = Math.max(10, Math.ceil((2 * rate * SLO_MS) / 1000));
  let waiting = 0;
  let stopped: { after: number; waiting: number } | undefined;
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait >= 1) await sleep(wait);
    if (waiting > waitingMax) {
      stopped = { after: (performance.now() - start) / 1000, waiting };
      break;
    }
    waiting += 1;
    pending.push(w.run(w.pick(), due).finally(() => (waiting -= 1)));
  }
  await Promise.all(pending);
  const secs = (performance.now() - start) / 1000;
  const s = w.samples.slice(from);
  const sorted = (xs: Sample[]) => xs.map((x) => x.ms).sort((a, b) => a - b);
  const all = sorted(s);
  const p99First = pct(sorted(s.filter((x) => x.due < half)), 99);
  const p99Second = pct(sorted(s.filter((x) => x.due >= half)), 99);
  const errors = w.errorCount - errorsBefore;
  return {
    offered: rate,
    answered: s.length / secs,
    p50: pct(all, 50),
    p99: pct(all, 99),
    p99First,
    p99Second,
    max: all[all.length - 1] ?? 0,
    errors,
    serverCpu: (cpuSeconds(pid) - cpu0) / secs,
    sustained: !stopped && errors === 0 && p99First <= SLO_MS && p99Second <= SLO_MS,
    ...(stopped ? { stopped } : {}),
  };
}

/** This process's CPU seconds since `from`. */
function selfSeconds(from: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1e6;
}

/** VmRSS of a process, kB (/proc/<pid>/status). */
function vmRssKb(pid: number): number | undefined {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}
