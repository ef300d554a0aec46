/** The chat bench's tables and verdict (Markdown on stdout), from the figures of every configuration run. */
import { cpus } from 'node:os';
import { total, type Cpu, type Eld } from './chat-probes.js';
import type { ClientKind } from './chat-clients.js';

export interface Sent {
  sent: number;
  failed: number;
  postMs: number[];
  /** Each message's POST time by its number (NaN when it failed). */
  postBySeq: Float64Array;
  /** Send rate over the phase: messages per second from the first to the last send. */
  rate: number;
  /** How far behind its schedule the latest send went (the bench's own timers being late). */
  maxLateMs: number;
  done: number;
  /** New connections the sends needed (the rest reused kept-alive ones). */
  connections: number;
}


/** One message's path: sent this many ms into the phase, POSTed to that process; ms from its send. */
export interface SlowMessage {
  seq: number;
  sentAtMs: number;
  process: number;
  postMs: number;
  firstMs: number;
  lastMs: number;
}

/**
 * The `count` messages whose last delivery came latest after their send, slowest first. Message n was
 * POSTed to process n mod `processes`; `first` and `last` are each message's earliest and latest
 * receipt (bench clock, as `sendAt`), `got` its deliveries (a message nobody received is left out).
 */
export function slowestMessages(m: { sendAt: Float64Array; postMs: Float64Array; first: Float64Array; last: Float64Array; got: Uint32Array; processes: number }, count = 8): SlowMessage[] {
  const all: SlowMessage[] = [];
  for (let seq = 0; seq < m.sendAt.length; seq++) {
    if (m.got[seq] === 0) continue;
    const sent = m.sendAt[seq]!;
    all.push({ seq, sentAtMs: sent - m.sendAt[0]!, process: seq % m.processes, postMs: m.postMs[seq]!, firstMs: m.first[seq]! - sent, lastMs: m.last[seq]! - sent });
  }
  return all.sort((a, b) => b.lastMs - a.lastMs).slice(0, count);
}

/** The slowest messages as one line: `#seq @sent s → process: POST / first / last ms`. */
export function slowestLine(slowest: SlowMessage[]): string {
  return slowest
    .map((m) => `#${m.seq} @${(m.sentAtMs / 1000).toFixed(2)} s → ${m.process + 1}: POST ${m.postMs.toFixed(0)} / first ${m.firstMs.toFixed(0)} / last ${m.lastMs.toFixed(0)} ms`)
    .join('; ');
}

/** One server process's figures over a measured phase. */
export interface ProcessFigures {
  cpu: Cpu;
  eld: Eld;
  fds: number;
}

export interface Result {
  /** Server processes the sockets were split between (the POSTs alternate between them). */
  processes: number;
  sockets: number;
  accounts: number;
  connectMs: number;
  sent: Sent;
  expected: number;
  received: number;
  stray: number;
  /** Messages per second the phase was scheduled at. */
  rate: number;
  lat: { p50: number; p90: number; p95: number; p99: number; max: number };
  first: { p50: number; p99: number };
  spread: { p50: number; p99: number };
  post: { p50: number; p99: number };
  serverEld: Eld;
  benchEld: Eld;
  serverCpu: Cpu;
  benchCpu: Cpu;
  otherCpu: number;
  /** Length of the measured phase (sending and draining), ms. */
  wallMs: number;
  serverFds: number;
  benchFds: number;
  deflate: string;
  disconnects: number;
  /** The messages whose last delivery came latest, slowest first: where a tail comes from (one stall or many). */
  slowest: SlowMessage[];
  perServer: ProcessFigures[];
  /** The client processes holding the sockets (none when they ran in the bench process). */
  clients: Array<{ cpu: Cpu; eld: Eld }>;
}

/** How the bench ran, for the text around the tables. */
export interface ChatSettings {
  sockets: number;
  accounts: number;
  intervalMs: number;
  seconds: number;
  messages: number;
  warmupMs: number;
  targetP99Ms: number;
  eldResolutionMs: number;
  fdLimit: number;
  /** 1: one process on SQLite; 2: one, then two processes on PostgreSQL with the Redis adapter. */
  processes: number;
  /** Child processes holding the sockets (0: the bench process). */
  clients: number;
  /** The receiving sockets: socket.io-client, the lean `ws` client (./chat-lean-socket.ts) or the raw one (./chat-raw-socket.ts). */
  clientKind: ClientKind;
  /** Client hosts on other machines holding the groups (./chat-remote.ts), with each one's clock against the bench's; empty: this machine. */
  clientHosts: Array<{ address: string; sameMachine: boolean; offsetMs: number; uncertaintyMs: number }>;
}

export function printReport(results: Result[], limitRuns: Result[], settings: ChatSettings): void {
  const { sockets: SOCKETS, accounts: ACCOUNTS, intervalMs: INTERVAL_MS, seconds: SECONDS, messages, warmupMs: WARMUP_MS, targetP99Ms: TARGET_P99_MS, eldResolutionMs: ELD_RESOLUTION_MS, fdLimit } = settings;
  const hosts = settings.clientHosts;
  const processesText = `${settings.clients} process${settings.clients === 1 ? '' : 'es'}`;
  /** Every group on another machine: the servers do not share this machine with them. */
  const remote = hosts.length > 0 && hosts.every((h) => !h.sameMachine);
  const clientsText =
    hosts.length > 0
      ? (remote
          ? `run in ${processesText} of client hosts on other machines (${hosts.map((h) => h.address).join(', ')}; their CPU, on those machines, and event-loop delay below), ` +
            `so the servers have this machine's ${cpus().length} CPUs to themselves, the bench's sender and PostgreSQL and Redis aside. `
          : `run in ${processesText} of client hosts (${hosts.map((h) => h.address).join(', ')}; their CPU and event-loop delay below), ` +
            `${hosts.some((h) => !h.sameMachine) ? 'some' : 'all'} of them on this machine: a test of the client hosts, not of the servers, which share its ${cpus().length} CPUs with them. `) +
        `Each host's receipt times are moved onto this machine's clock: ${hosts
          .map((h) => `${h.address} offset ${h.offsetMs.toFixed(3)} ms ± ${h.uncertaintyMs.toFixed(3)} ms`)
          .join(', ')} (the latencies are known to that)`
      : settings.clients === 0
        ? `run in this bench process on the same machine as the server, so the two share its ${cpus().length} CPUs`
        : `run in ${settings.clients} child processes of the bench (their CPU and event-loop delay below) on the same machine as the servers, so the two share its ${cpus().length} CPUs`;
  const serversText =
    settings.processes === 1
      ? 'One server process (SQLite, LOG_LEVEL=warn).'
      : 'Server processes on one fresh PostgreSQL database with REDIS_URL (the Redis adapter), LOG_LEVEL=warn: each configuration with one process, then with two ' +
        '(the sockets split evenly, socket n on process n mod 2; message n POSTed to process n mod 2, as a round-robin load balancer would; each process publishes what it inserts and takes the rest from Redis).';
  const pc = (r: Result) => (settings.processes === 1 ? '' : `${r.processes} | `);
  const pcHead = settings.processes === 1 ? '' : 'processes | ';
  const pcRule = settings.processes === 1 ? '' : '---:|';
  const f = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
  /** Event-loop figures beyond the probe's own timer period (an idle loop reads ~0). */
  const eldText = (e: Eld) => `${f(e.p50 - ELD_RESOLUTION_MS)} / ${f(e.p99 - ELD_RESOLUTION_MS)} / ${f(e.max - ELD_RESOLUTION_MS)}`;
  /** A process's CPU time over the phase divided by the deliveries (the server's includes the POSTs, the bench's the sending). */
  const perDelivery = (r: Result, c: Cpu) => ((total(c) / 100) * r.wallMs * 1000) / Math.max(1, r.received);
  const cpuText = (c: Cpu) => `${f(total(c), 0)}% (${f(c.user, 0)} + ${f(c.system, 0)})`;
  console.log(
    `\nCivicPulse chat fan-out benchmark (${new Date().toISOString()}, Node ${process.version}, ${cpus().length} CPUs)\n\n` +
      `${serversText} A sender account POSTs /api/user/sendMessage every ${INTERVAL_MS} ms for ${SECONDS} s ` +
      `(${messages} messages, one keep-alive agent, not waiting for answers), after ${WARMUP_MS / 1000} s of warm-up at the same rate. ` +
      `The receiving sockets (${
        settings.clientKind === 'raw'
          ? 'the raw client: Engine.IO 4 / Socket.IO 5 as socket.io-client speaks it, over a WebSocket framed by the bench itself on a TCP connection (no extensions offered), reading the message number from the frame\'s bytes; BENCH_CHAT_CLIENT=lean for a `ws` WebSocket, socketio for socket.io-client'
          : settings.clientKind === 'lean'
          ? 'the lean client: a bare `ws` WebSocket speaking Engine.IO 4 / Socket.IO 5 as socket.io-client does, reading the message number from the frame\'s bytes; BENCH_CHAT_CLIENT=socketio for socket.io-client'
          : 'socket.io-client, WebSocket only; BENCH_CHAT_CLIENT=lean for a bare `ws` client'
      }) share ${ACCOUNTS} citizen accounts ` +
      `(${Math.ceil(SOCKETS / ACCOUNTS)} sockets each at ${SOCKETS}) and ${clientsText}. Latency: from just before the POST to the receive_message handler at each socket, every delivery counted.\n`,
  );
  console.log(`| ${pcHead}sockets | messages sent | send rate msg/s | deliveries delivered / owed | p50 ms | p90 ms | p95 ms | p99 ms | max ms | p99 < 50 ms |`);
  console.log(`|${pcRule}---:|---:|---:|---:|---:|---:|---:|---:|---:|---|`);
  for (const r of results) {
    console.log(
      `| ${pc(r)}${r.sockets.toLocaleString('en')} | ${r.sent.sent - r.sent.failed}${r.sent.failed ? ` (${r.sent.failed} failed)` : ''} | ${f(r.sent.rate)} ` +
        `| ${r.received.toLocaleString('en')} / ${r.expected.toLocaleString('en')} (${f((r.received / r.expected) * 100, 2)}%) ` +
        `| ${f(r.lat.p50)} | ${f(r.lat.p90)} | ${f(r.lat.p95)} | ${f(r.lat.p99)} | ${f(r.lat.max)} | ${r.lat.p99 < TARGET_P99_MS ? 'yes' : 'no'} |`,
    );
  }
  console.log(
    '\nWhere the time goes. First socket: send to the earliest receipt of each message (POST, insert, the emit, one socket). ' +
      'Spread: earliest to latest receipt of one message across the sockets (the server writing to each socket, this process reading each). ' +
      'POST: request to full answer (the emit to every local socket runs before the answer is written), and how many new connections the sends opened. ' +
      `Event-loop delay (p50 / p99 / max, ms beyond the probe's ${ELD_RESOLUTION_MS} ms timer) and CPU (% of one core, user + system; the machine has ${cpus().length * 100}%) over the measured phase; ` +
      "other: the rest of the machine's busy time (other processes, and kernel work charged to no process); " +
      'CPU µs per delivery: each process\'s CPU time over the phase divided by the deliveries (the server\'s includes the POSTs).\n',
  );
  const clientSide = (r: Result): Cpu => r.clients.reduce((a, c) => ({ user: a.user + c.cpu.user, system: a.system + c.cpu.system }), r.benchCpu);
  const clientCpuText = (r: Result) => (r.clients.length === 0 ? '– (in the bench)' : cpuText(clientSide(r)));
  console.log(
    `| ${pcHead}sockets | first socket p50 / p99 ms | spread p50 / p99 ms | POST p50 / p99 ms (connections opened) | server loop delay ms${settings.processes > 1 ? ' (worst process)' : ''} | bench loop delay ms | server CPU${settings.processes > 1 ? ' (all processes)' : ''} | bench CPU | client processes CPU (with the bench) | other CPU | CPU µs per delivery, server / client side | send schedule max late ms |`,
  );
  console.log(`|${pcRule}---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|`);
  for (const r of results) {
    console.log(
      `| ${pc(r)}${r.sockets.toLocaleString('en')} | ${f(r.first.p50)} / ${f(r.first.p99)} | ${f(r.spread.p50)} / ${f(r.spread.p99)} | ${f(r.post.p50)} / ${f(r.post.p99)} (${r.sent.connections}) ` +
        `| ${eldText(r.serverEld)} | ${eldText(r.benchEld)} | ${cpuText(r.serverCpu)} | ${cpuText(r.benchCpu)} | ${clientCpuText(r)} | ${f(Math.max(0, r.otherCpu), 0)}% ` +
        `| ${f(perDelivery(r, r.serverCpu))} / ${f(perDelivery(r, clientSide(r)))} | ${f(r.sent.maxLateMs)} |`,
    );
  }
  if (settings.processes > 1 || settings.clients > 0) {
    console.log('\nEach process over the measured phase: CPU (% of one core, user + system), event-loop delay (p50 / p99 / max, ms beyond the timer) and CPU µs per delivery (of all deliveries).\n');
    console.log(`| ${pcHead}sockets | process | CPU | loop delay ms | CPU µs per delivery |`);
    console.log(`|${pcRule}---:|---|---:|---:|---:|`);
    for (const r of results) {
      const rows: Array<[string, Cpu, Eld]> = [
        ...r.perServer.map((s, i): [string, Cpu, Eld] => [`server ${i + 1}`, s.cpu, s.eld]),
        ['bench (sender)', r.benchCpu, r.benchEld],
        ...r.clients.map((c, i): [string, Cpu, Eld] => [`client ${i + 1}`, c.cpu, c.eld]),
      ];
      for (const [name, cpu, eld] of rows) {
        console.log(`| ${pc(r)}${r.sockets.toLocaleString('en')} | ${name} | ${cpuText(cpu)} | ${eldText(eld)} | ${f(perDelivery(r, cpu))} |`);
      }
    }
  }
  console.log(
    `\nConnections: ${results.map((r) => `${r.sockets} sockets in ${f(r.connectMs / 1000, 2)} s`).join(', ')}; ` +
      `disconnects during the measured phases: ${results.reduce((n, r) => n + r.disconnects, 0)}; stray deliveries: ${results.reduce((n, r) => n + r.stray, 0)}. ` +
      `WebSocket extensions negotiated: ${results[0]!.deflate} (Socket.IO 4 leaves perMessageDeflate off). ` +
      `Open files limit ${fdLimit === Infinity ? 'unlimited' : fdLimit}; at ${results[results.length - 1]!.sockets} sockets the server${settings.processes > 1 ? 's' : ''} held ${results[results.length - 1]!.serverFds} descriptors and the client side ${results[results.length - 1]!.benchFds}.`,
  );
  // The verdict: the largest configuration of each process count.
  const largest = [...new Set(results.map((r) => r.processes))].map((n) => results.filter((r) => r.processes === n).at(-1)!);
  for (const big of largest) {
    const held = big.lat.p99 < TARGET_P99_MS && big.received === big.expected;
    const notes: string[] = [];
    big.perServer.forEach((s, i) => {
      if (total(s.cpu) > 90) {
        notes.push(`server ${i + 1} was CPU-bound (${f(total(s.cpu), 0)}% of one core, its loop late by ${f(s.eld.p99 - ELD_RESOLUTION_MS)} ms at p99): the messages queued in it`);
      }
    });
    if (big.sent.connections > 10) {
      notes.push(
        `the sends opened ${big.sent.connections} new connections while the server was behind; a busy server accepts one connection per event-loop turn, so the POSTs on them waited longest (the tail)`,
      );
    }
    if (big.benchEld.p99 - ELD_RESOLUTION_MS > 10) {
      notes.push(`the bench process's own loop was late by ${f(big.benchEld.p99 - ELD_RESOLUTION_MS)} ms at p99, so the client side adds to these figures`);
    }
    big.clients.forEach((c, i) => {
      if (c.eld.p99 - ELD_RESOLUTION_MS > 10) notes.push(`client process ${i + 1}'s loop was late by ${f(c.eld.p99 - ELD_RESOLUTION_MS)} ms at p99 (${f(total(c.cpu), 0)}% of a core), so the client side adds to these figures`);
    });
    // Clients on other machines are not this machine's load: only the bench's sender is.
    const here = remote ? big.benchCpu : clientSide(big);
    const busy = total(big.serverCpu) + total(here) + Math.max(0, big.otherCpu);
    if (busy > cpus().length * 100 * 0.9) {
      notes.push(
        `the machine was saturated: servers ${f(total(big.serverCpu), 0)}% + ${remote ? 'the bench' : 'client side'} ${f(total(here), 0)}% + other ${f(Math.max(0, big.otherCpu), 0)}% of ${cpus().length * 100}%`,
      );
    }
    for (const r of results.filter((x) => x.processes === big.processes)) {
      if (r.otherCpu > 20) notes.push(`other processes used ${f(r.otherCpu, 0)}% of a core during the ${r.sockets}-socket phase: its figures are not representative, run again on a quiet machine`);
    }
    console.log(
      `\nTarget (p99 < ${TARGET_P99_MS} ms from send to receive at every socket, ${big.sockets.toLocaleString('en')} sockets, every delivery received` +
        `${settings.processes > 1 ? `, ${big.processes} server process${big.processes > 1 ? 'es' : ''}` : ''}): ` +
        `${held ? 'met' : 'NOT met'}: p99 ${f(big.lat.p99)} ms, ${f((big.received / big.expected) * 100, 2)}% delivered.` +
        notes.map((n) => `\n- ${n}`).join(''),
    );
  }
  printLimit(results, limitRuns, settings, f, perDelivery, clientSide);
}

/**
 * The one-process limit: the highest message rate at which one process kept p99 under the target
 * with every delivery received, from the full-rate run and the slower or faster ones tried after it.
 */
function printLimit(
  results: Result[],
  limitRuns: Result[],
  settings: ChatSettings,
  f: (n: number, digits?: number) => string,
  perDelivery: (r: Result, c: Cpu) => number,
  clientSide: (r: Result) => Cpu,
): void {
  const full = results.filter((r) => r.processes === 1).at(-1);
  if (!full || (settings.processes === 1 && limitRuns.length === 0)) return;
  const met = (r: Result) => r.lat.p99 < settings.targetP99Ms && r.received === r.expected;
  const deliveries = (r: Result) => (r.rate * r.sockets).toLocaleString('en');
  if (limitRuns.length > 0) {
    console.log(
      `\nOne process at ${full.sockets.toLocaleString('en')} sockets and ${limitRuns[0]!.rate > full.rate ? 'faster' : 'slower'} rates (rising until one misses the target; BENCH_CHAT_LIMIT_RATES):\n\n` +
        '| msg/s | deliveries/s | delivered / owed | p50 ms | p95 ms | p99 ms | max ms | server CPU | CPU µs per delivery, server / client side | p99 < 50 ms |\n' +
        '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    );
    for (const r of limitRuns) {
      console.log(
        `| ${f(r.rate, 0)} | ${deliveries(r)} | ${r.received.toLocaleString('en')} / ${r.expected.toLocaleString('en')} | ${f(r.lat.p50)} | ${f(r.lat.p95)} | ${f(r.lat.p99)} | ${f(r.lat.max)} ` +
          `| ${f(total(r.serverCpu), 0)}% | ${f(perDelivery(r, r.serverCpu))} / ${f(perDelivery(r, clientSide(r)))} | ${met(r) ? 'yes' : 'no'} |`,
      );
    }
  }
  const tried = [full, ...limitRuns].filter((r) => r.sockets === full.sockets).sort((a, b) => a.rate - b.rate);
  const held = tried.filter(met).at(-1);
  const missed = tried.find((r) => !met(r) && (!held || r.rate > held.rate));
  const missText = missed ? `; missed at ${f(missed.rate, 0)} msg/s (${deliveries(missed)} deliveries/s: p99 ${f(missed.lat.p99)} ms, ${f((missed.received / missed.expected) * 100, 2)}% delivered)` : '';
  console.log(
    `\nOne-process limit (${full.sockets.toLocaleString('en')} sockets, p99 < ${settings.targetP99Ms} ms, every delivery received): ` +
      (held === full && !missed
        ? `at least ${f(full.rate, 0)} msg/s (${deliveries(full)} deliveries/s), the full rate held.`
        : held
          ? `${f(held.rate, 0)} msg/s (${deliveries(held)} deliveries/s, p99 ${f(held.lat.p99)} ms)${missText}.`
          : limitRuns.length === 0
            ? `below ${f(full.rate, 0)} msg/s (p99 ${f(full.lat.p99)} ms there); slower rates were not tried (BENCH_CHAT_LIMIT_RATES).`
            : `below ${f(tried[0]!.rate, 0)} msg/s, the slowest rate tried${missText}.`),
  );
}
