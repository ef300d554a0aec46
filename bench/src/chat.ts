/**
 * Chat fan-out: 1,000 connected sockets, one message per 10 ms for 10 s; p50 and p99 from send to
 * receive at every socket. Target p99 < 50 ms.
 *
 * One real server process (SQLite, LOG_LEVEL=warn, the event-loop probe) and citizen accounts
 * signed up through the API: the receiving sockets share BENCH_CHAT_ACCOUNTS accounts (default 20)
 * and one more account sends. The sockets connect as the web app does (LIVE_DEFAULTS, the token in
 * `auth`, WebSocket only) and run in this bench process, on the same machine as the server; its own
 * event-loop delay and CPU time are printed beside the server's, so a reader can tell whether the
 * client side limited the figures. BENCH_CHAT_CLIENTS=N runs the sockets in N child processes
 * instead (./chat-client-process.ts), each with its CPU and event-loop delay printed.
 * BENCH_CHAT_CLIENT picks the sockets: `socketio` (socket.io-client, the default), `lean` (a bare
 * `ws` WebSocket speaking the same protocol, ./chat-lean-socket.ts) or `raw` (that protocol over a
 * WebSocket the bench frames itself on a TCP connection, ./chat-raw-socket.ts; bench:chat:2's
 * default): real receivers are browsers on other machines, so the lean and raw ones leave more of
 * this machine to the servers.
 *
 * BENCH_CHAT_PROCESSES=2 (needs BENCH_PG_URL and BENCH_REDIS_URL) measures scaling out instead: one
 * fresh PostgreSQL database, servers with REDIS_URL (the Redis adapter) and one JWT secret; every
 * configuration runs first with one such process (every socket on it, every POST to it), then a
 * second process is started and it runs again with the sockets split evenly between the two
 * (socket n on process n mod 2) and the POSTs alternating between them (message n to process n mod
 * 2, as a round-robin load balancer would send them), so each process inserts half the messages,
 * publishes them to Redis and takes the other half from Redis for its own sockets. Each process's
 * CPU and event-loop delay are printed. Then the one-process limit is looked for:
 * BENCH_CHAT_LIMIT_RATES (messages/s, default 50,60,70,80,90,125,150,200; empty: none; also honoured
 * with one process) at BENCH_CHAT_SOCKETS sockets in one process: the rates below the full rate when
 * one process missed the target there, the rates above it when it held, in rising order until one
 * misses; the report states the highest that held.
 *
 * Per configuration (a hundredth, a tenth and all of BENCH_CHAT_SOCKETS, default 1000; BENCH_CHAT_COMPARE
 * names other comparison sizes, comma-separated, or none when empty): connect the
 * sockets, warm up for 1 s, then POST /api/user/sendMessage over one keep-alive agent every
 * BENCH_CHAT_INTERVAL_MS (default 10) for BENCH_CHAT_SECONDS (default 10), without waiting for the
 * previous answer. The text names the message (`bench <phase> <seq>`); this process keeps each
 * one's send time (the monotonic clock just before the request), so send-to-receive at every socket
 * is exact on one clock, in whichever process the socket runs.
 */
import http from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { benchCpuMs, cpuMs, cpuShare, machineCpuMs, openFds, openFilesLimit, pct, sorted, total, type Cpu, type Eld } from './chat-probes.js';
import { clientKind, clock, ELD_RESOLUTION_MS, LocalGroup, ProcessGroup, type ClientGroup, type Deliveries } from './chat-clients.js';
import { RemoteGroup } from './chat-remote.js';
import { printReport, slowestLine, slowestMessages, type Result, type Sent } from './chat-report.js';
import { freshPgDatabase } from './pgdb.js';
import { repoRoot, startServer, type RunningServer } from './server.js';

const positive = (name: string, fallback: number): number => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`${name} must be a positive number`);
  return v;
};
const SOCKETS = Math.round(positive('BENCH_CHAT_SOCKETS', 1000));
const INTERVAL_MS = positive('BENCH_CHAT_INTERVAL_MS', 10);
const SECONDS = positive('BENCH_CHAT_SECONDS', 10);
const ACCOUNTS = Math.round(positive('BENCH_CHAT_ACCOUNTS', 20));
const PROCESSES = Math.round(positive('BENCH_CHAT_PROCESSES', 1));
/**
 * Client hosts on other machines (host:port, comma-separated; one group of sockets each, the same
 * host may be named again for another process there): `npm run bench:chat:clients` runs one
 * (./chat-remote.ts). When set, BENCH_CHAT_CLIENTS is their number.
 */
const CLIENT_HOSTS = (process.env.BENCH_CHAT_CLIENT_HOSTS ?? '')
  .split(',')
  .map((h) => h.trim())
  .filter(Boolean);
/**
 * The servers' address as the client hosts reach it (BENCH_CHAT_SERVER_HOST): with it the servers
 * listen on every interface instead of loopback alone. This process still POSTs over loopback.
 */
const SERVER_HOST = process.env.BENCH_CHAT_SERVER_HOST?.trim() || undefined;
if (CLIENT_HOSTS.length > 0 && !SERVER_HOST) {
  console.error('BENCH_CHAT_CLIENT_HOSTS needs BENCH_CHAT_SERVER_HOST: this machine\'s address as the client hosts reach it.');
  process.exit(1);
}
/** Child processes holding the receiving sockets; 0: they run in this process. */
const CLIENTS = CLIENT_HOSTS.length > 0 ? CLIENT_HOSTS.length : Math.max(0, Math.round(Number(process.env.BENCH_CHAT_CLIENTS ?? 0) || 0));
/** The receiving sockets: socket.io-client (the default), the lean `ws` client or the raw one. */
const CLIENT_KIND = clientKind(process.env.BENCH_CHAT_CLIENT);
/**
 * The one-process limit: message rates (per second, at BENCH_CHAT_SOCKETS sockets, one process) tried
 * in rising order until one misses the target: those below the full rate when one process missed it
 * there, those above when it held. By default only with BENCH_CHAT_PROCESSES=2; empty: not looked for.
 */
const LIMIT_RATES = (process.env.BENCH_CHAT_LIMIT_RATES ?? (Number(process.env.BENCH_CHAT_PROCESSES ?? 1) === 2 ? '50,60,70,80,90,125,150,200' : ''))
  .split(',')
  .filter(Boolean)
  .map(Number)
  .filter((r) => Number.isFinite(r) && r > 0)
  .sort((a, b) => a - b);
const PROFILE_DIR = process.env.BENCH_CHAT_PROFILE_DIR;
const TARGET_P99_MS = 50;
const WARMUP_MS = 1000;
/** How long after the last answer the bench waits for missing deliveries. */
const DRAIN_TIMEOUT_MS = 10_000;
const PASSWORD = 'bench-chat-password';

/** The smaller configurations run first, for comparison (an empty BENCH_CHAT_COMPARE runs only BENCH_CHAT_SOCKETS). */
const compare = (process.env.BENCH_CHAT_COMPARE ?? `${Math.round(SOCKETS / 100)},${Math.round(SOCKETS / 10)}`).split(',').filter(Boolean).map(Number);
const configs = [...new Set([...compare, SOCKETS])].filter((n) => Number.isInteger(n) && n >= 1).sort((a, b) => a - b);
const messages = Math.max(1, Math.round((SECONDS * 1000) / INTERVAL_MS));

if (PROCESSES > 2) throw new Error('BENCH_CHAT_PROCESSES is 1 or 2');
const pgAdminUrl = process.env.BENCH_PG_URL;
const redisUrl = process.env.BENCH_REDIS_URL;
if (PROCESSES === 2 && (!pgAdminUrl || !redisUrl)) {
  console.error('BENCH_CHAT_PROCESSES=2 needs BENCH_PG_URL and BENCH_REDIS_URL (the processes share one PostgreSQL database and Redis).');
  process.exit(1);
}

// ---- limits: every socket is a file descriptor here and one more in the server ----

const fdLimit = openFilesLimit();
if (fdLimit < SOCKETS + 200) {
  // Node cannot raise its own limit; the server process inherits this shell's.
  console.error(`The open files limit (ulimit -n) is ${fdLimit}; ${SOCKETS} sockets need about ${SOCKETS + 200} in this process and as many in the server. Raise it (ulimit -n 65536) or lower BENCH_CHAT_SOCKETS.`);
  process.exit(1);
}

// ---- the servers and their accounts ----

// The event-loop probe's answers go to files of their own (startServer makes and removes the data directory).
const eldDir = mkdtempSync(path.join(tmpdir(), 'civicpulse-chat-eld-'));

interface ChatServer {
  live: RunningServer;
  eldFile: string;
}

// The client hosts first: one that is not there stops the run before anything is made.
const remote = CLIENT_HOSTS.length > 0 ? await Promise.all(CLIENT_HOSTS.map((h) => RemoteGroup.open(h, CLIENT_KIND))) : [];
const pgDb = PROCESSES === 2 ? await freshPgDatabase(pgAdminUrl!) : undefined;
const started: ChatServer[] = [];

async function startChatServer(): Promise<ChatServer> {
  const eldFile = path.join(eldDir, `eld-${started.length}.json`);
  const live = await startServer({
    RATE_LIMIT_CHAT_MAX: '1000000',
    // The bench's 1,000 sockets share 20 accounts and one address: far over the per-account and
    // per-address caps (issue 25), which this bench does not measure.
    LIVE_SOCKETS_PER_ACCOUNT: '1000000',
    LIVE_SOCKETS_PER_ADDRESS: '1000000',
    LOG_LEVEL: 'warn',
    BENCH_ELD_FILE: eldFile,
    // BENCH_CHAT_PROFILE_DIR: each server writes a V8 CPU profile of its whole run there when it stops (./cpu-profile-probe.mjs).
    NODE_OPTIONS: `--import ${pathToFileURL(path.join(repoRoot, 'bench/src/eld-probe.mjs')).href}${PROFILE_DIR ? ` --import ${pathToFileURL(path.join(repoRoot, 'bench/src/cpu-profile-probe.mjs')).href}` : ''}`,
    ...(PROFILE_DIR ? { BENCH_PROFILE_DIR: PROFILE_DIR } : {}),
    // Receivers on other machines reach the servers on every interface, not on loopback alone.
    ...(SERVER_HOST ? { HOST: '0.0.0.0' } : {}),
    // A Redis key prefix (and live channel) of this run's own: other servers on the same Redis neither
    // reach these sockets nor get this run's messages.
    ...(pgDb ? { DATABASE_URL: pgDb.url, REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: `bench-chat-${process.pid}:`, JWT_SECRET: 'bench-chat-secret-'.padEnd(48, 'x') } : {}),
  });
  const server = { live, eldFile };
  started.push(server);
  return server;
}

/** A server's event-loop delay since the last call (the probe answers SIGUSR2). */
async function serverEld(s: ChatServer): Promise<Eld> {
  rmSync(s.eldFile, { force: true });
  s.live.signal('SIGUSR2');
  // The probe may be caught writing the file: read again until it parses.
  for (let i = 0; ; i++) {
    if (existsSync(s.eldFile)) {
      try {
        return JSON.parse(readFileSync(s.eldFile, 'utf8')) as Eld;
      } catch (err) {
        if (i >= 200) throw err;
      }
    } else if (i >= 200) throw new Error(`the event-loop probe of ${s.live.url} did not answer`);
    await sleep(50);
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const agent = new http.Agent({ keepAlive: true });
/**
 * Connections the agent opened: a request finding every kept-alive connection busy (the server
 * behind) opens one more, and a busy server accepts one new connection per event-loop turn (libuv
 * >= 1.45), so those requests wait longest.
 */
let connectionsOpened = 0;

/** A JSON POST over the keep-alive agent; `ms` from the call to the answer's last byte. */
function post(base: string, urlPath: string, body: object, token?: string): Promise<{ status: number; text: string; ms: number }> {
  const payload = JSON.stringify(body);
  const t0 = clock();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${urlPath}`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, ms: clock() - t0 }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.on('socket', (socket) => {
      if (socket.connecting) connectionsOpened++;
    });
    req.end(payload);
  });
}

async function citizen(base: string, i: number | 'sender'): Promise<string> {
  const email = `bench-chat-${i}@example.in`;
  const signup = await post(base, '/api/user/signup', { name: `Bench ${i}`, email, password: PASSWORD });
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${signup.text}`);
  const login = await post(base, '/api/user/login', { email, password: PASSWORD });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  return (JSON.parse(login.text) as { token: string }).token;
}

// ---- the measured phases ----

/** Where the receiving sockets run: this process, BENCH_CHAT_CLIENTS child processes, or client hosts elsewhere. */
const groups: ClientGroup[] =
  remote.length > 0 ? remote : CLIENTS === 0 ? [new LocalGroup(CLIENT_KIND)] : Array.from({ length: CLIENTS }, () => new ProcessGroup());
/** A group whose process runs here (a client host on this machine tests the mechanics, and shares the CPUs). */
const onThisMachine = (g: ClientGroup): boolean => !(g instanceof RemoteGroup) || g.sameMachine;
/** A server's address for the receiving sockets: on another machine they reach it by SERVER_HOST. */
const socketUrl = (s: ChatServer): string => {
  if (!SERVER_HOST) return s.live.url;
  const u = new URL(s.live.url);
  u.hostname = SERVER_HOST;
  return u.origin;
};
let phaseIds = 0;

interface Phase {
  id: number;
  sockets: number;
  sendAt: Float64Array;
}

/** One POST every `interval` ms on an absolute schedule, message n to server n mod servers; late sends go at once, none are skipped. */
async function sendAll(p: Phase, servers: ChatServer[], sender: string, n: number, interval: number): Promise<Sent> {
  const postMs: number[] = [];
  const postBySeq = new Float64Array(n).fill(NaN);
  let failed = 0;
  let maxLateMs = 0;
  const answers: Array<Promise<void>> = [];
  const opened = connectionsOpened;
  const start = clock() + 5;
  for (let seq = 0; seq < n; seq++) {
    const due = start + seq * interval;
    const wait = due - clock();
    if (wait >= 1) await sleep(wait);
    const now = clock();
    maxLateMs = Math.max(maxLateMs, now - due);
    p.sendAt[seq] = now;
    answers.push(
      post(servers[seq % servers.length]!.live.url, '/api/user/sendMessage', { msg: `bench ${p.id} ${seq}` }, sender).then(
        (r) => {
          postMs.push(r.ms);
          postBySeq[seq] = r.ms;
          if (r.status !== 201) failed++;
        },
        () => void failed++,
      ),
    );
  }
  const span = p.sendAt[n - 1]! - p.sendAt[0]!;
  await Promise.all(answers);
  return { sent: n, failed, postMs, postBySeq, rate: n > 1 ? ((n - 1) * 1000) / span : NaN, maxLateMs, done: clock(), connections: connectionsOpened - opened };
}

async function startPhase(sockets: number, n: number): Promise<Phase> {
  const p = { id: ++phaseIds, sockets, sendAt: new Float64Array(n) };
  await Promise.all(groups.map((g) => g.start(p.id, n)));
  return p;
}

async function drain(expected: number): Promise<number> {
  const until = clock() + DRAIN_TIMEOUT_MS;
  let received = 0;
  while ((received = (await Promise.all(groups.map((g) => g.received()))).reduce((a, b) => a + b, 0)) < expected && clock() < until) await sleep(10);
  return received;
}

const benchHistogram = monitorEventLoopDelay({ resolution: ELD_RESOLUTION_MS });
benchHistogram.enable();
const ms = (ns: number) => ns / 1e6;
const worstEld = (e: Eld[]): Eld => e.reduce((a, b) => (b.p99 > a.p99 ? b : a));

/** One configuration: `sockets` sockets, one message every `intervalMs` for SECONDS. */
async function run(sockets: number, tokens: string[], sender: string, servers: ChatServer[], intervalMs = INTERVAL_MS): Promise<Result> {
  const messages = Math.max(1, Math.round((SECONDS * 1000) / intervalMs));
  try {
    const urls = servers.map(socketUrl);
    const t0 = clock();
    const share = Math.ceil(sockets / groups.length);
    const connected = await Promise.all(
      groups.map((g, i) => {
        const count = Math.max(0, Math.min(share, sockets - i * share));
        return count > 0 ? g.connect(urls, tokens, i * share, count) : Promise.resolve({ ms: 0, deflate: 'none' });
      }),
    );
    const connectMs = clock() - t0;

    // Warm-up at the same rate, then the measured phase.
    const warmupCount = Math.max(1, Math.round(WARMUP_MS / intervalMs));
    const warm = await startPhase(sockets, warmupCount);
    await sendAll(warm, servers, sender, warmupCount, intervalMs);
    const warmReceived = await drain(warmupCount * sockets);
    await Promise.all(groups.map((g) => g.finish()));
    if (warmReceived !== warmupCount * sockets) console.error(`warm-up: ${warmReceived} of ${warmupCount * sockets} deliveries`);
    await sleep(200);

    const p = await startPhase(sockets, messages);
    await Promise.all(servers.map((s) => serverEld(s)));
    benchHistogram.reset();
    const cpu0 = { servers: servers.map((s) => cpuMs(s.live.pid)), clients: await Promise.all(groups.map((g) => g.cpu())), bench: benchCpuMs(), machine: machineCpuMs(), wall: clock() };
    const sent = await sendAll(p, servers, sender, messages, intervalMs);
    await drain(messages * sockets);
    const wall = clock() - cpu0.wall;
    const serverCpus = servers.map((s, i) => cpuShare(cpu0.servers[i]!, cpuMs(s.live.pid), wall));
    const clientsAfter = await Promise.all(groups.map((g) => g.cpu()));
    const clientCpus = groups.map((_, i) => {
      const before = cpu0.clients[i];
      const after = clientsAfter[i];
      return before && after ? cpuShare(before, after, wall) : null;
    });
    const benchCpu = cpuShare(cpu0.bench, benchCpuMs(), wall);
    const sumCpu = (cs: Cpu[]): Cpu => cs.reduce((a, c) => ({ user: a.user + c.user, system: a.system + c.system }), { user: 0, system: 0 });
    const serverCpu = sumCpu(serverCpus);
    // Client processes on another machine are not this machine's.
    const clientsHere = sumCpu(clientCpus.filter((c, i): c is Cpu => c !== null && onThisMachine(groups[i]!)));
    const otherCpu = ((machineCpuMs() - cpu0.machine) / wall) * 100 - total(serverCpu) - total(benchCpu) - total(clientsHere);
    const benchEld = {
      p50: ms(benchHistogram.percentile(50)),
      p99: ms(benchHistogram.percentile(99)),
      max: ms(benchHistogram.max),
    };
    const delivered: Deliveries[] = await Promise.all(groups.map((g) => g.finish()));
    const eld = await Promise.all(servers.map((s) => serverEld(s)));
    const serverFds = servers.map((s) => openFds(s.live.pid));
    const benchFds = openFds('self') + groups.reduce((n, g) => n + (g.pid ? openFds(g.pid) : 0), 0);

    // Every delivery of every group, against the send time of its message.
    const first = new Float64Array(messages).fill(Infinity);
    const last = new Float64Array(messages);
    const got = new Uint32Array(messages);
    const received = delivered.reduce((n, d) => n + d.received, 0);
    const latencies = new Float64Array(received);
    let k = 0;
    let stray = 0;
    for (const d of delivered) {
      stray += d.stray;
      for (let i = 0; i < d.received; i++) {
        const seq = d.seqs[i]!;
        const at = d.times[i]!;
        latencies[k++] = at - p.sendAt[seq]!;
        got[seq]!++;
        if (at < first[seq]!) first[seq] = at;
        if (at > last[seq]!) last[seq] = at;
      }
    }
    const lat = sorted(latencies);
    const firsts: number[] = [];
    const spreads: number[] = [];
    for (let seq = 0; seq < messages; seq++) {
      if (got[seq] === 0) continue;
      firsts.push(first[seq]! - p.sendAt[seq]!);
      spreads.push(last[seq]! - first[seq]!);
    }
    const slowest = slowestMessages({ sendAt: p.sendAt, postMs: sent.postBySeq, first, last, got, processes: servers.length });
    const firstSorted = sorted(firsts);
    const spreadSorted = sorted(spreads);
    const postSorted = sorted(sent.postMs);
    return {
      processes: servers.length,
      sockets,
      accounts: Math.min(tokens.length, sockets),
      connectMs,
      sent,
      expected: messages * sockets,
      received,
      stray,
      // The rate asked for, to the hundredth (1000 / (1000 / 60) is 59.99999999999999).
      rate: Math.round(100_000 / intervalMs) / 100,
      lat: { p50: pct(lat, 50), p90: pct(lat, 90), p95: pct(lat, 95), p99: pct(lat, 99), max: lat[lat.length - 1] ?? NaN },
      first: { p50: pct(firstSorted, 50), p99: pct(firstSorted, 99) },
      spread: { p50: pct(spreadSorted, 50), p99: pct(spreadSorted, 99) },
      post: { p50: pct(postSorted, 50), p99: pct(postSorted, 99) },
      serverEld: worstEld(eld),
      benchEld,
      serverCpu,
      benchCpu,
      otherCpu,
      wallMs: wall,
      serverFds: serverFds.reduce((a, b) => a + b, 0),
      benchFds,
      deflate: connected.find((c) => c.ms > 0)?.deflate ?? 'none',
      disconnects: delivered.reduce((n, d) => n + d.disconnects, 0),
      slowest,
      perServer: servers.map((_, i) => ({ cpu: serverCpus[i]!, eld: eld[i]!, fds: serverFds[i]! })),
      clients: CLIENTS === 0 ? [] : groups.map((_, i) => ({ cpu: clientCpus[i] ?? { user: NaN, system: NaN }, eld: delivered[i]!.eld })),
    };
  } finally {
    await Promise.all(groups.map((g) => g.closeSockets()));
    await sleep(500);
  }
}

// ---- the run ----

const results: Result[] = [];
/** The one-process limit's runs (LIMIT_RATES), in the order tried. */
const limitRuns: Result[] = [];
const line = (r: Result) =>
  `${r.processes} process${r.processes > 1 ? 'es' : ''}, ${r.sockets} sockets${r.rate === 1000 / INTERVAL_MS ? '' : ` at ${r.rate} msg/s`}: ${r.received}/${r.expected} deliveries, ` +
  `p50 ${r.lat.p50.toFixed(1)} ms, p99 ${r.lat.p99.toFixed(1)} ms; ` +
  `server loop p99 ${r.perServer.map((s) => s.eld.p99).join(' / ')} ms, bench loop p99 ${r.benchEld.p99.toFixed(1)} ms` +
  (r.clients.length > 0 ? `, client loops p99 ${r.clients.map((c) => c.eld.p99.toFixed(1)).join(' / ')} ms` : '') +
  `\n  slowest messages (sent at, posted to process: ms from the send): ${slowestLine(r.slowest)}`;
const met = (r: Result) => r.lat.p99 < TARGET_P99_MS && r.received === r.expected;
try {
  const first = await startChatServer();
  const tokens: string[] = [];
  for (let i = 1; i <= ACCOUNTS; i++) tokens.push(await citizen(first.live.url, i));
  const sender = await citizen(first.live.url, 'sender');
  for (let processes = 1; processes <= PROCESSES; processes++) {
    if (processes > started.length) await startChatServer();
    for (const sockets of configs) {
      const r = await run(sockets, tokens, sender, started.slice(0, processes));
      results.push(r);
      console.error(line(r));
    }
    // The one-process limit at the full socket count: when the full rate missed the target, the
    // slower rates, rising until one misses; when it held, the faster ones, rising until one misses.
    if (processes === 1 && LIMIT_RATES.length > 0) {
      const heldFull = met(results.at(-1)!);
      for (const rate of LIMIT_RATES.filter((x) => (heldFull ? x > 1000 / INTERVAL_MS : x < 1000 / INTERVAL_MS))) {
        const r = await run(SOCKETS, tokens, sender, started.slice(0, 1), 1000 / rate);
        limitRuns.push(r);
        console.error(line(r));
        if (!met(r)) break;
      }
    }
  }
} finally {
  agent.destroy();
  await Promise.all(groups.map((g) => g.dispose()));
  await Promise.all(started.map((s) => s.live.stop()));
  await pgDb?.drop();
  rmSync(eldDir, { recursive: true, force: true });
}

printReport(results, limitRuns, {
  sockets: SOCKETS,
  accounts: ACCOUNTS,
  intervalMs: INTERVAL_MS,
  seconds: SECONDS,
  messages,
  warmupMs: WARMUP_MS,
  targetP99Ms: TARGET_P99_MS,
  eldResolutionMs: ELD_RESOLUTION_MS,
  fdLimit,
  processes: PROCESSES,
  clients: CLIENTS,
  clientKind: CLIENT_KIND,
  clientHosts: remote.map((g) => ({ address: g.address, sameMachine: g.sameMachine, offsetMs: g.offset, uncertaintyMs: g.uncertainty })),
});
