/**
 * Issue 13, "chat fan-out": 1,000 connected sockets on one process, one message per 10 ms for 10 s;
 * p50 and p99 from send to receive at every socket. Target p99 < 50 ms.
 *
 * One real server process (SQLite, LOG_LEVEL=warn, the event-loop probe) and citizen accounts
 * signed up through the API: the receiving sockets share BENCH_CHAT_ACCOUNTS accounts (default 20)
 * and one more account sends. The sockets connect as the web app does (LIVE_DEFAULTS, the token in
 * `auth`, WebSocket only) and run in this bench process, on the same machine as the server; its own
 * event-loop delay and CPU time are printed beside the server's, so a reader can tell whether the
 * client side limited the figures.
 *
 * Per configuration (a hundredth, a tenth and all of BENCH_CHAT_SOCKETS, default 1000; BENCH_CHAT_COMPARE
 * names other comparison sizes, comma-separated, or none when empty): connect the
 * sockets, warm up for 1 s, then POST /api/user/sendMessage over one keep-alive agent every
 * BENCH_CHAT_INTERVAL_MS (default 10) for BENCH_CHAT_SECONDS (default 10), without waiting for the
 * previous answer. The text names the message (`bench <phase> <seq>`); this process keeps each
 * one's send time (performance.now() just before the request), so send-to-receive at every socket
 * is exact on one clock.
 */
import http from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { io, type Socket } from 'socket.io-client';
import { LIVE_DEFAULTS, LIVE_EVENTS, type ClientToServerEvents, type ServerToClientEvents } from '@civicpulse/shared';
import { benchCpuMs, cpuMs, cpuShare, machineCpuMs, openFds, openFilesLimit, pct, sorted, total, type Eld } from './chat-probes.js';
import { printReport, type Result, type Sent } from './chat-report.js';
import { repoRoot, startServer } from './server.js';

const positive = (name: string, fallback: number): number => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`${name} must be a positive number`);
  return v;
};
const SOCKETS = Math.round(positive('BENCH_CHAT_SOCKETS', 1000));
const INTERVAL_MS = positive('BENCH_CHAT_INTERVAL_MS', 10);
const SECONDS = positive('BENCH_CHAT_SECONDS', 10);
const ACCOUNTS = Math.round(positive('BENCH_CHAT_ACCOUNTS', 20));
const TARGET_P99_MS = 50;
const WARMUP_MS = 1000;
/** How long after the last answer the bench waits for missing deliveries. */
const DRAIN_TIMEOUT_MS = 10_000;
const PASSWORD = 'bench-chat-password';
/** monitorEventLoopDelay samples with a timer of this period; an idle loop reads about this much. */
const ELD_RESOLUTION_MS = 10;

/** The smaller configurations run first, for comparison (an empty BENCH_CHAT_COMPARE runs only BENCH_CHAT_SOCKETS). */
const compare = (process.env.BENCH_CHAT_COMPARE ?? `${Math.round(SOCKETS / 100)},${Math.round(SOCKETS / 10)}`).split(',').filter(Boolean).map(Number);
const configs = [...new Set([...compare, SOCKETS])].filter((n) => Number.isInteger(n) && n >= 1).sort((a, b) => a - b);
const messages = Math.max(1, Math.round((SECONDS * 1000) / INTERVAL_MS));

type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

// ---- limits: every socket is a file descriptor here and one more in the server ----

const fdLimit = openFilesLimit();
if (fdLimit < SOCKETS + 200) {
  // Node cannot raise its own limit; the server process inherits this shell's.
  console.error(`The open files limit (ulimit -n) is ${fdLimit}; ${SOCKETS} sockets need about ${SOCKETS + 200} in this process and as many in the server. Raise it (ulimit -n 65536) or lower BENCH_CHAT_SOCKETS.`);
  process.exit(1);
}

// ---- the server and its accounts ----

// The event-loop probe's answers go to a file of their own (startServer makes and removes the data directory).
const eldDir = mkdtempSync(path.join(tmpdir(), 'civicpulse-chat-eld-'));
const eldFile = path.join(eldDir, 'eld.json');
const live = await startServer({
  RATE_LIMIT_CHAT_MAX: '1000000',
  // The bench's 1,000 sockets share 20 accounts and one address: far over the per-account and
  // per-address caps (issue 25), which this bench does not measure.
  LIVE_SOCKETS_PER_ACCOUNT: '1000000',
  LIVE_SOCKETS_PER_ADDRESS: '1000000',
  LOG_LEVEL: 'warn',
  BENCH_ELD_FILE: eldFile,
  NODE_OPTIONS: `--import ${pathToFileURL(path.join(repoRoot, 'bench/src/eld-probe.mjs')).href}`,
}).catch((err: unknown) => {
  rmSync(eldDir, { recursive: true, force: true });
  throw err;
});

/** The server's event-loop delay since the last call (the probe answers SIGUSR2). */
async function serverEld(): Promise<Eld> {
  rmSync(eldFile, { force: true });
  live.signal('SIGUSR2');
  for (let i = 0; i < 200 && !existsSync(eldFile); i++) await sleep(50);
  return JSON.parse(readFileSync(eldFile, 'utf8')) as Eld;
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
function post(urlPath: string, body: object, token?: string): Promise<{ status: number; text: string; ms: number }> {
  const payload = JSON.stringify(body);
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${live.url}${urlPath}`,
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
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, ms: performance.now() - t0 }));
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

async function citizen(i: number | 'sender'): Promise<string> {
  const email = `bench-chat-${i}@example.in`;
  const signup = await post('/api/user/signup', { name: `Bench ${i}`, email, password: PASSWORD });
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${signup.text}`);
  const login = await post('/api/user/login', { email, password: PASSWORD });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  return (JSON.parse(login.text) as { token: string }).token;
}

// ---- the measured phases ----

interface Phase {
  id: number;
  sockets: number;
  sendAt: Float64Array;
  first: Float64Array;
  last: Float64Array;
  got: Uint32Array;
  /** Every delivery's send-to-receive time, in arrival order. */
  latencies: Float64Array;
  received: number;
  stray: number;
}
let phase: Phase | undefined;
let phaseIds = 0;
let disconnects = 0;

function newPhase(sockets: number, n: number): Phase {
  return {
    id: ++phaseIds,
    sockets,
    sendAt: new Float64Array(n),
    first: new Float64Array(n).fill(Infinity),
    last: new Float64Array(n),
    got: new Uint32Array(n),
    latencies: new Float64Array(n * sockets),
    received: 0,
    stray: 0,
  };
}

/** At every socket, first thing on receive_message. */
function deliver(text: string, now: number): void {
  const p = phase;
  if (!p) return;
  const [tag, phaseId, seqText] = text.split(' ');
  const seq = Number(seqText);
  if (tag !== 'bench' || Number(phaseId) !== p.id || !(seq >= 0 && seq < p.sendAt.length) || p.got[seq]! >= p.sockets) {
    p.stray++;
    return;
  }
  p.latencies[p.received++] = now - p.sendAt[seq]!;
  p.got[seq]!++;
  if (now < p.first[seq]!) p.first[seq] = now;
  if (now > p.last[seq]!) p.last[seq] = now;
}

function connect(token: string): Promise<ChatSocket> {
  return new Promise((resolve, reject) => {
    const socket: ChatSocket = io(live.url, { ...LIVE_DEFAULTS, auth: { token }, transports: ['websocket'], forceNew: true });
    socket.on(LIVE_EVENTS.receiveMessage, (m) => deliver(m.msg, performance.now()));
    socket.once('connect', () => {
      socket.on('disconnect', () => disconnects++);
      resolve(socket);
    });
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** One POST every `interval` ms on an absolute schedule; late sends go at once, none are skipped. */
async function sendAll(p: Phase, sender: string, n: number, interval: number): Promise<Sent> {
  const postMs: number[] = [];
  let failed = 0;
  let maxLateMs = 0;
  const answers: Array<Promise<void>> = [];
  const opened = connectionsOpened;
  const start = performance.now() + 5;
  for (let seq = 0; seq < n; seq++) {
    const due = start + seq * interval;
    const wait = due - performance.now();
    if (wait >= 1) await sleep(wait);
    const now = performance.now();
    maxLateMs = Math.max(maxLateMs, now - due);
    p.sendAt[seq] = now;
    answers.push(
      post('/api/user/sendMessage', { msg: `bench ${p.id} ${seq}` }, sender).then(
        (r) => {
          postMs.push(r.ms);
          if (r.status !== 201) failed++;
        },
        () => void failed++,
      ),
    );
  }
  const span = p.sendAt[n - 1]! - p.sendAt[0]!;
  await Promise.all(answers);
  return { sent: n, failed, postMs, rate: n > 1 ? ((n - 1) * 1000) / span : NaN, maxLateMs, done: performance.now(), connections: connectionsOpened - opened };
}

async function drain(p: Phase, expected: number): Promise<void> {
  const until = performance.now() + DRAIN_TIMEOUT_MS;
  while (p.received < expected && performance.now() < until) await sleep(10);
}

const benchHistogram = monitorEventLoopDelay({ resolution: ELD_RESOLUTION_MS });
benchHistogram.enable();
const ms = (ns: number) => ns / 1e6;

async function run(sockets: number, tokens: string[], sender: string): Promise<Result> {
  const connected: ChatSocket[] = [];
  const t0 = performance.now();
  try {
    // In batches: a thousand handshakes at once would measure the connection storm, not the chat.
    for (let i = 0; i < sockets; i += 50) {
      const batch = Array.from({ length: Math.min(50, sockets - i) }, (_, k) => connect(tokens[(i + k) % tokens.length]!));
      connected.push(...(await Promise.all(batch)));
    }
    const connectMs = performance.now() - t0;
    // What the WebSocket negotiated (engine.io-client on Node uses the `ws` package underneath).
    const ws = (connected[0]!.io.engine.transport as unknown as { ws?: { extensions?: string } }).ws;
    const deflate = ws?.extensions ? ws.extensions : 'none';

    // Warm-up at the same rate, then the measured phase.
    const warmupCount = Math.max(1, Math.round(WARMUP_MS / INTERVAL_MS));
    const warm = newPhase(sockets, warmupCount);
    phase = warm;
    await sendAll(warm, sender, warmupCount, INTERVAL_MS);
    await drain(warm, warmupCount * sockets);
    if (warm.received !== warmupCount * sockets) console.error(`warm-up: ${warm.received} of ${warmupCount * sockets} deliveries`);
    await sleep(200);

    const p = newPhase(sockets, messages);
    const disconnectsBefore = disconnects;
    await serverEld();
    benchHistogram.reset();
    const cpu0 = { server: cpuMs(live.pid), bench: benchCpuMs(), machine: machineCpuMs(), wall: performance.now() };
    phase = p;
    const sent = await sendAll(p, sender, messages, INTERVAL_MS);
    await drain(p, messages * sockets);
    const wall = performance.now() - cpu0.wall;
    const serverCpu = cpuShare(cpu0.server, cpuMs(live.pid), wall);
    const benchCpu = cpuShare(cpu0.bench, benchCpuMs(), wall);
    const otherCpu = ((machineCpuMs() - cpu0.machine) / wall) * 100 - total(serverCpu) - total(benchCpu);
    const benchEld = {
      p50: ms(benchHistogram.percentile(50)),
      p99: ms(benchHistogram.percentile(99)),
      max: ms(benchHistogram.max),
    };
    const eld = await serverEld();
    const serverFds = openFds(live.pid);
    const benchFds = openFds('self');
    phase = undefined;

    const lat = sorted(p.latencies.subarray(0, p.received));
    const firsts: number[] = [];
    const spreads: number[] = [];
    for (let seq = 0; seq < messages; seq++) {
      if (p.got[seq] === 0) continue;
      firsts.push(p.first[seq]! - p.sendAt[seq]!);
      spreads.push(p.last[seq]! - p.first[seq]!);
    }
    const firstSorted = sorted(firsts);
    const spreadSorted = sorted(spreads);
    const postSorted = sorted(sent.postMs);
    return {
      sockets,
      accounts: Math.min(tokens.length, sockets),
      connectMs,
      sent,
      expected: messages * sockets,
      received: p.received,
      stray: p.stray,
      lat: { p50: pct(lat, 50), p90: pct(lat, 90), p99: pct(lat, 99), max: lat[lat.length - 1] ?? NaN },
      first: { p50: pct(firstSorted, 50), p99: pct(firstSorted, 99) },
      spread: { p50: pct(spreadSorted, 50), p99: pct(spreadSorted, 99) },
      post: { p50: pct(postSorted, 50), p99: pct(postSorted, 99) },
      serverEld: eld,
      benchEld,
      serverCpu,
      benchCpu,
      otherCpu,
      wallMs: wall,
      serverFds,
      benchFds,
      deflate,
      disconnects: disconnects - disconnectsBefore,
    };
  } finally {
    phase = undefined;
    for (const s of connected) s.close();
    await sleep(500);
  }
}

// ---- the run ----

const results: Result[] = [];
try {
  const tokens: string[] = [];
  for (let i = 1; i <= ACCOUNTS; i++) tokens.push(await citizen(i));
  const sender = await citizen('sender');
  for (const sockets of configs) {
    const r = await run(sockets, tokens, sender);
    results.push(r);
    console.error(
      `${sockets} sockets: ${r.received}/${r.expected} deliveries, p50 ${r.lat.p50.toFixed(1)} ms, p99 ${r.lat.p99.toFixed(1)} ms; ` +
        `server loop p99 ${r.serverEld.p99} ms, bench loop p99 ${r.benchEld.p99.toFixed(1)} ms`,
    );
  }
} finally {
  agent.destroy();
  await live.stop();
  rmSync(eldDir, { recursive: true, force: true });
}

printReport(results, {
  sockets: SOCKETS,
  accounts: ACCOUNTS,
  intervalMs: INTERVAL_MS,
  seconds: SECONDS,
  messages,
  warmupMs: WARMUP_MS,
  targetP99Ms: TARGET_P99_MS,
  eldResolutionMs: ELD_RESOLUTION_MS,
  fdLimit,
});
