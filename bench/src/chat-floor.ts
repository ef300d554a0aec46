/**
 * The machine's floor under the chat fan-out (issue 31 item 4): what writing to 1,000 TCP connections
 * on loopback costs when nothing else runs, no server, no Socket.IO, no JSON. bench:chat:2 measures
 * the real thing on the same 2 cores; this measures the part no server code can remove, so its
 * figures say how much of bench:chat:2's delivery time is the box rather than the server.
 *
 * Sender processes stand in for the servers: each accepts its share of the connections and, every
 * window (BENCH_FLOOR_WINDOW_MS, 30, LIVE_WRITE_WINDOW_MS's default; a comma-separated list tries
 * each), writes one buffer of BENCH_FLOOR_BYTES (700: about three `receive_message` frames of some
 * 230 bytes, what a connection gets per window at 100 messages a second) to each of them in turn, one
 * `write` per connection as the server's release does. Receiver processes (BENCH_FLOOR_RECEIVERS, 2, as bench:chat:2's clients) hold the connections
 * and note, for every buffer, the time from the window's start (written in its first bytes; the
 * machine's monotonic clock is the same in every process) to its arrival. Senders: 1, then 2 (the
 * connections split evenly, as bench:chat:2's two server processes). CPU per write and per read is
 * each process's own user + system time over the phase; on loopback the sender's `write` also runs
 * the receiving side's TCP work in the kernel.
 *
 *   npm run bench:chat:floor -w bench     (BENCH_FLOOR_SOCKETS 1000, BENCH_FLOOR_SECONDS 10)
 */
import { fork, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { cpuMs, machineCpuMs, pct, sorted, total } from './chat-probes.js';

const env = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const SOCKETS = Math.round(env('BENCH_FLOOR_SOCKETS', 1000));
/** Windows to try, ms (comma-separated). */
const WINDOWS_MS = (process.env.BENCH_FLOOR_WINDOW_MS ?? '30').split(',').map(Number);
if (WINDOWS_MS.some((w) => !Number.isFinite(w) || w <= 0)) throw new Error('BENCH_FLOOR_WINDOW_MS must list positive numbers');
const BYTES = Math.max(16, Math.round(env('BENCH_FLOOR_BYTES', 700)));
const SECONDS = env('BENCH_FLOOR_SECONDS', 10);
const RECEIVERS = Math.round(env('BENCH_FLOOR_RECEIVERS', 2));
const WARMUP_MS = 1000;

const clock = (): number => {
  const [s, ns] = process.hrtime();
  return s * 1000 + ns / 1e6;
};

type Request =
  | { op: 'listen' }
  | { op: 'send'; count: number; windows: number; windowMs: number; bytes: number; startAt: number }
  | { op: 'connect'; ports: number[]; offset: number; count: number; bytes: number }
  | { op: 'collect'; from: number };

// ---- a sender: the server's release, bare ----
function sender(): void {
  const sockets: net.Socket[] = [];
  const server = net.createServer((s) => {
    s.setNoDelay(true);
    sockets.push(s);
  });
  process.on('message', (r: Request) => {
    if (r.op === 'listen') server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as net.AddressInfo).port }));
    if (r.op !== 'send') return;
    const wait = () => new Promise((resolve) => setTimeout(resolve, 10));
    void (async () => {
      while (sockets.length < r.count) await wait();
      const buffer = Buffer.alloc(r.bytes, 0x61);
      const loops: number[] = [];
      let window = 0;
      let before = { user: 0, system: 0 };
      const tick = () => {
        const start = r.startAt + window * r.windowMs;
        if (window === Math.round(WARMUP_MS / r.windowMs)) before = cpuMs(process.pid);
        // One buffer per window, its start time in the first 8 bytes: every connection gets the same.
        const out = Buffer.from(buffer);
        out.writeDoubleLE(start, 0);
        const t0 = clock();
        for (const s of sockets) s.write(out);
        loops.push(clock() - t0);
        window++;
        if (window < r.windows) setTimeout(tick, Math.max(0, r.startAt + window * r.windowMs - clock()));
        else {
          const after = cpuMs(process.pid);
          const measured = loops.slice(Math.round(WARMUP_MS / r.windowMs));
          process.send!({ cpu: { user: after.user - before.user, system: after.system - before.system }, writes: measured.length * sockets.length, loops: measured });
        }
      };
      setTimeout(tick, Math.max(0, r.startAt - clock()));
    })();
  });
}

// ---- a receiver: the clients, bare ----
function receiver(): void {
  const stamps: number[] = [];
  const arrivals: number[] = [];
  process.on('message', (r: Request) => {
    if (r.op === 'connect') {
      let open = 0;
      for (let k = 0; k < r.count; k++) {
        const s = net.connect(r.ports[(r.offset + k) % r.ports.length]!, '127.0.0.1', () => {
          if (++open === r.count) process.send!({ connected: open });
        });
        // A buffer may arrive in pieces or with the next one, its 8-byte stamp too: the arrival is the
        // read that brought the buffer's first byte.
        let into = 0;
        let arrived = 0;
        const stamp = Buffer.alloc(8);
        s.on('data', (chunk: Buffer) => {
          const now = clock();
          let at = 0;
          while (at < chunk.length) {
            if (into === 0) arrived = now;
            const take = Math.min((into < 8 ? 8 : r.bytes) - into, chunk.length - at);
            if (into < 8) chunk.copy(stamp, into, at, at + take);
            at += take;
            into += take;
            if (into === 8) {
              stamps.push(stamp.readDoubleLE(0));
              arrivals.push(arrived);
            }
            if (into === r.bytes) into = 0;
          }
        });
      }
    }
    if (r.op === 'collect') {
      // Buffers of the warm-up's windows are left out.
      const latencies = stamps.flatMap((t, i) => (t >= r.from ? [arrivals[i]! - t] : []));
      process.send!({ latencies, cpu: cpuMs(process.pid) });
    }
  });
}

// ---- the bench ----
interface Child {
  proc: ChildProcess;
  ask<T>(r: Request): Promise<T>;
}
function child(role: 'sender' | 'receiver'): Child {
  const proc = fork(fileURLToPath(import.meta.url), [role], { execArgv: ['--import', 'tsx'] });
  return {
    proc,
    ask: <T>(r: Request) =>
      new Promise<T>((resolve) => {
        proc.once('message', (m) => resolve(m as T));
        proc.send(r);
      }),
  };
}

interface Row {
  windowMs: number;
  senders: number;
  withWaitP50: number;
  withWaitP99: number;
  p50: number;
  p99: number;
  max: number;
  loopP50: number;
  loopP99: number;
  writeUs: number;
  writeSysShare: number;
  readUs: number;
  sendersCpu: number;
  receiversCpu: number;
  machine: number;
  delivered: number;
  owed: number;
}

async function run(senderCount: number, WINDOW_MS: number): Promise<Row> {
  const senders = Array.from({ length: senderCount }, () => child('sender'));
  const receivers = Array.from({ length: RECEIVERS }, () => child('receiver'));
  const ports = (await Promise.all(senders.map((s) => s.ask<{ port: number }>({ op: 'listen' })))).map((p) => p.port);
  const share = (n: number, parts: number, i: number) => Math.floor(n / parts) + (i < n % parts ? 1 : 0);
  let offset = 0;
  await Promise.all(
    receivers.map((r, i) => {
      const count = share(SOCKETS, RECEIVERS, i);
      const asked = r.ask({ op: 'connect', ports, offset, count, bytes: BYTES });
      offset += count;
      return asked;
    }),
  );
  const windows = Math.round((WARMUP_MS + SECONDS * 1000) / WINDOW_MS);
  const startAt = clock() + 200;
  const sent = senders.map((s, i) =>
    s.ask<{ cpu: { user: number; system: number }; writes: number; loops: number[] }>({
      op: 'send',
      count: share(SOCKETS, senderCount, i),
      windows,
      windowMs: WINDOW_MS,
      bytes: BYTES,
      startAt,
    }),
  );
  // The machine and the receivers are read over the measured windows (after the warm-up).
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt + WARMUP_MS - clock())));
  const machineBefore = machineCpuMs();
  const receiversMeasured = receivers.map((r) => cpuMs(r.proc.pid!));
  const measuredFrom = clock();
  const results = await Promise.all(sent);
  const wall = clock() - measuredFrom;
  const machine = machineCpuMs() - machineBefore;
  await new Promise((resolve) => setTimeout(resolve, 300));
  const from = startAt + Math.round(WARMUP_MS / WINDOW_MS) * WINDOW_MS;
  const collected = await Promise.all(receivers.map((r) => r.ask<{ latencies: number[]; cpu: { user: number; system: number } }>({ op: 'collect', from })));
  const receiversCpu = collected.reduce((sum, c, i) => sum + total(c.cpu) - total(receiversMeasured[i]!), 0);
  for (const c of [...senders, ...receivers]) c.proc.kill();
  const all = collected.flatMap((c) => c.latencies);
  const measured = sorted(all);
  // A message posted at a uniformly spread moment waits for the next window first: arrival plus a
  // wait of 0 to WINDOW_MS (evenly spread, golden-ratio steps), the best a server with this window
  // could give on this machine before any work of its own.
  const withWait = sorted(all.map((a, i) => a + WINDOW_MS * ((i * 0.6180339887) % 1)));
  const loops = sorted(results.flatMap((r) => r.loops));
  const writes = results.reduce((s, r) => s + r.writes, 0);
  const sendersCpu = results.reduce((s, r) => s + total(r.cpu), 0);
  const sendersSys = results.reduce((s, r) => s + r.cpu.system, 0);
  return {
    windowMs: WINDOW_MS,
    senders: senderCount,
    withWaitP50: pct(withWait, 50),
    withWaitP99: pct(withWait, 99),
    p50: pct(measured, 50),
    p99: pct(measured, 99),
    max: measured[measured.length - 1] ?? NaN,
    loopP50: pct(loops, 50),
    loopP99: pct(loops, 99),
    writeUs: (sendersCpu * 1000) / writes,
    writeSysShare: sendersSys / sendersCpu,
    readUs: (receiversCpu * 1000) / writes,
    sendersCpu: (sendersCpu / wall) * 100,
    receiversCpu: (receiversCpu / wall) * 100,
    machine: (machine / wall) * 100,
    delivered: all.length,
    owed: (windows - Math.round(WARMUP_MS / WINDOW_MS)) * SOCKETS,
  };
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  for (const w of WINDOWS_MS) for (const n of [1, 2]) rows.push(await run(n, w));
  const f = (v: number, d = 1) => (Number.isFinite(v) ? v.toFixed(d) : 'n/a');
  console.log(`\nCivicPulse chat fan-out floor (${new Date().toISOString()}, Node ${process.version}, ${(await import('node:os')).cpus().length} CPUs)\n`);
  console.log(
    `${SOCKETS} loopback TCP connections, a ${BYTES}-byte buffer to each every window (${WINDOWS_MS.join(', ')} ms) for ${SECONDS} s (after ${WARMUP_MS / 1000} s of warm-up), one write per connection per window; the connections held by ${RECEIVERS} receiver processes. Arrival: from the window's start to the buffer's first byte read at its connection (the server's release alone, bare: no server code, no window wait, no database). With the wait: arrival plus the wait for the window of a message posted at a moment spread evenly over it (0 to the window), the best a server batching by that window could do here before any work of its own. Write loop: one window's writes to all of a sender's connections. CPU % of one core (the machine has ${(await import('node:os')).cpus().length * 100}%).\n`,
  );
  console.log('| window ms | senders | arrival p50 / p99 / max ms | with the wait p50 / p99 ms | write loop p50 / p99 ms | CPU µs per write (kernel share) | CPU µs per read | senders CPU | receivers CPU | machine busy | buffers arrived / owed |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows)
    console.log(
      `| ${r.windowMs} | ${r.senders} | ${f(r.p50)} / ${f(r.p99)} / ${f(r.max)} | ${f(r.withWaitP50)} / ${f(r.withWaitP99)} | ${f(r.loopP50)} / ${f(r.loopP99)} | ${f(r.writeUs)} (${f(r.writeSysShare * 100, 0)}%) | ${f(r.readUs)} | ${f(r.sendersCpu, 0)}% | ${f(r.receiversCpu, 0)}% | ${f(r.machine, 0)}% | ${r.delivered.toLocaleString('en')} / ${r.owed.toLocaleString('en')} |`,
    );
  const best = Math.min(...rows.map((r) => r.withWaitP99));
  console.log(
    `\nbench:chat:2's target is p99 < 50 ms from the POST to every socket. Before the POST's own time (insert, emit; p50 5-15 ms there) and any server code, this machine's floor with the best window tried is p99 ${f(best)} ms.`,
  );
}

const role = process.argv[2];
if (role === 'sender') sender();
else if (role === 'receiver') receiver();
else await main();
