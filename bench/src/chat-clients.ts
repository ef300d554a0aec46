/**
 * The chat bench's receiving sockets: a group of sockets that records, for every `receive_message`,
 * which message arrived (`bench <phase> <seq>`) and when. A group runs in the bench process itself
 * (the default) or in a child process of its own (BENCH_CHAT_CLIENTS=N, see
 * ./chat-client-process.ts), so the client side's parsing can be spread over processes and measured
 * apart from the server's. Times are CLOCK_MONOTONIC (process.hrtime), one clock for every process on
 * the machine, so the bench compares a child's receipt with its own send time exactly.
 *
 * Three kinds of socket (BENCH_CHAT_CLIENT): `socketio`, socket.io-client as the web app connects;
 * `lean` (./chat-lean-socket.ts), a bare `ws` WebSocket speaking the same Engine.IO 4 / Socket.IO 5
 * protocol that finds the message's number in the frame's bytes without decoding it; and `raw`
 * (./chat-raw-socket.ts), the lean one's protocol over a WebSocket it frames itself on a TCP
 * connection. Real receivers are browsers on other machines, so on the bench's machine the lean and
 * raw ones take less of the CPU the servers are measured on; all three count the same deliveries.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { LIVE_DEFAULTS, LIVE_EVENTS, type ClientToServerEvents, type ServerToClientEvents } from '@civicpulse/shared';
import { cpuMs, type Cpu, type Eld } from './chat-probes.js';
import { LeanSocket, leanUrl, type LeanListener } from './chat-lean-socket.js';
import { RawSocket } from './chat-raw-socket.js';

type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Milliseconds on the machine's monotonic clock (the same in every process). */
export const clock = (): number => {
  const [s, ns] = process.hrtime();
  return s * 1000 + ns / 1e6;
};

/** monitorEventLoopDelay samples with a timer of this period; an idle loop reads about this much. */
export const ELD_RESOLUTION_MS = 10;

/** What one group received in a phase: the message number and receipt time of every delivery, in arrival order. */
export interface Deliveries {
  seqs: Uint32Array;
  times: Float64Array;
  received: number;
  stray: number;
  disconnects: number;
  /** The group's own event-loop delay over the phase (in the bench process: the bench's). */
  eld: Eld;
}

export interface Connected {
  ms: number;
  /** What the WebSocket negotiated (engine.io-client on Node uses the `ws` package underneath). */
  deflate: string;
}

/** The operations the bench needs of a group, wherever its sockets run. */
export interface ClientGroup {
  /** Connects `count` sockets: socket k goes to urls[(offset + k) % urls.length] with tokens[(offset + k) % tokens.length]. */
  connect(urls: string[], tokens: string[], offset: number, count: number): Promise<Connected>;
  /** Starts counting phase `id` of `messages` messages (resets the event-loop histogram). */
  start(id: number, messages: number): Promise<void>;
  received(): Promise<number>;
  /** Stops counting and hands back the phase's deliveries. */
  finish(): Promise<Deliveries>;
  closeSockets(): Promise<void>;
  /** The process's CPU time so far, on its machine (null when the group runs in the bench process). */
  cpu(): Promise<Cpu | null>;
  pid: number | null;
  dispose(): Promise<void>;
}

const ms = (ns: number) => ns / 1e6;

/** Which client the receiving sockets are (BENCH_CHAT_CLIENT). */
export type ClientKind = 'socketio' | 'lean' | 'raw';

export function clientKind(value: string | undefined): ClientKind {
  const kind = value === undefined || value === '' ? 'socketio' : value;
  if (kind !== 'socketio' && kind !== 'lean' && kind !== 'raw') throw new Error('BENCH_CHAT_CLIENT is socketio, lean or raw');
  return kind;
}

/** A group whose sockets run in this process. */
export class LocalGroup implements ClientGroup {
  readonly pid = null;
  private sockets: Array<{ close(): void }> = [];
  private phaseId = 0;
  private messages = 0;
  private got = new Uint32Array(0);
  private seqs = new Uint32Array(0);
  private times = new Float64Array(0);
  private count = 0;
  private stray = 0;
  private disconnects = 0;
  private active = false;
  private readonly histogram = monitorEventLoopDelay({ resolution: ELD_RESOLUTION_MS });
  /** What the lean sockets report (one listener for all of them). */
  private readonly lean: LeanListener = {
    deliver: (phase, seq) => this.record(phase, seq, clock()),
    stray: () => {
      if (this.active) this.stray++;
    },
    disconnect: () => void this.disconnects++,
  };
  private extensions = 'none';

  constructor(readonly kind: ClientKind = 'socketio') {
    this.histogram.enable();
  }

  /** At every socket, first thing on receive_message. */
  private record(phaseId: number, seq: number, now: number): void {
    if (!this.active) return;
    if (phaseId !== this.phaseId || !(seq >= 0 && seq < this.messages) || this.got[seq]! >= this.sockets.length) {
      this.stray++;
      return;
    }
    this.got[seq]!++;
    this.seqs[this.count] = seq;
    this.times[this.count++] = now;
  }

  /** socket.io-client hands over the decoded message: its text names the phase and number. */
  private deliver(text: string, now: number): void {
    if (!this.active) return;
    const [tag, phaseId, seqText] = text.split(' ');
    if (tag !== 'bench') {
      this.stray++;
      return;
    }
    this.record(Number(phaseId), Number(seqText), now);
  }

  private open(url: string, token: string): Promise<{ close(): void }> {
    if (this.kind === 'lean') return LeanSocket.open(leanUrl(url, LIVE_DEFAULTS.path), token, this.lean, LIVE_DEFAULTS.timeout);
    if (this.kind === 'raw') return RawSocket.open(leanUrl(url, LIVE_DEFAULTS.path), token, this.lean, LIVE_DEFAULTS.timeout);
    return new Promise((resolve, reject) => {
      const socket: ChatSocket = io(url, { ...LIVE_DEFAULTS, auth: { token }, transports: ['websocket'], forceNew: true });
      socket.on(LIVE_EVENTS.receiveMessage, (m) => this.deliver(m.msg, clock()));
      socket.once('connect', () => {
        socket.on('disconnect', () => void this.disconnects++);
        resolve(socket);
      });
      socket.once('connect_error', (err) => {
        socket.close();
        reject(err);
      });
    });
  }

  async connect(urls: string[], tokens: string[], offset: number, count: number): Promise<Connected> {
    const t0 = clock();
    // In batches: a thousand handshakes at once would measure the connection storm, not the chat.
    for (let i = 0; i < count; i += 50) {
      const batch = Array.from({ length: Math.min(50, count - i) }, (_, k) => {
        const n = offset + i + k;
        return this.open(urls[n % urls.length]!, tokens[n % tokens.length]!);
      });
      this.sockets.push(...(await Promise.all(batch)));
    }
    const first = this.sockets[0];
    const extensions =
      first instanceof LeanSocket
        ? first.extensions
        : first instanceof RawSocket
        ? ''
        : ((first as ChatSocket | undefined)?.io.engine.transport as unknown as { ws?: { extensions?: string } } | undefined)?.ws?.extensions;
    if (first) this.extensions = extensions ? extensions : 'none';
    return { ms: clock() - t0, deflate: this.extensions };
  }

  async start(id: number, messages: number): Promise<void> {
    this.phaseId = id;
    this.messages = messages;
    this.got = new Uint32Array(messages);
    const capacity = messages * this.sockets.length;
    this.seqs = new Uint32Array(capacity);
    this.times = new Float64Array(capacity);
    this.count = 0;
    this.stray = 0;
    this.disconnects = 0;
    this.active = true;
    this.histogram.reset();
  }

  async received(): Promise<number> {
    return this.count;
  }

  async finish(): Promise<Deliveries> {
    this.active = false;
    const eld = { p50: ms(this.histogram.percentile(50)), p99: ms(this.histogram.percentile(99)), max: ms(this.histogram.max) };
    return { seqs: this.seqs.slice(0, this.count), times: this.times.slice(0, this.count), received: this.count, stray: this.stray, disconnects: this.disconnects, eld };
  }

  async closeSockets(): Promise<void> {
    this.active = false;
    for (const s of this.sockets) s.close();
    this.sockets = [];
  }

  async cpu(): Promise<Cpu | null> {
    return null;
  }

  async dispose(): Promise<void> {
    await this.closeSockets();
    this.histogram.disable();
  }
}

/** The group operations another process runs for the bench (a client process, a client host's group). */
export type GroupRequest =
  | { op: 'connect'; urls: string[]; tokens: string[]; offset: number; count: number }
  | { op: 'start'; phase: number; messages: number }
  | { op: 'received' | 'finish' | 'closeSockets' };

/** Runs one group operation: what a client process or a client host does with a request. */
export function perform(group: ClientGroup, r: GroupRequest): Promise<unknown> {
  switch (r.op) {
    case 'connect':
      return group.connect(r.urls, r.tokens, r.offset, r.count);
    case 'start':
      return group.start(r.phase, r.messages);
    case 'received':
      return group.received();
    case 'finish':
      return group.finish();
    case 'closeSockets':
      return group.closeSockets();
  }
}

/** A group whose sockets run in another process, reached by asking it (over IPC, or TCP to a client host). */
export abstract class AskingGroup {
  protected abstract ask<T>(request: GroupRequest): Promise<T>;

  connect(urls: string[], tokens: string[], offset: number, count: number): Promise<Connected> {
    return this.ask({ op: 'connect', urls, tokens, offset, count });
  }
  start(phase: number, messages: number): Promise<void> {
    return this.ask({ op: 'start', phase, messages });
  }
  received(): Promise<number> {
    return this.ask({ op: 'received' });
  }
  finish(): Promise<Deliveries> {
    return this.ask({ op: 'finish' });
  }
  closeSockets(): Promise<void> {
    return this.ask({ op: 'closeSockets' });
  }
}

/** Requests to a client process and its answers (child_process IPC, advanced serialization: typed arrays pass as they are). */
export type ClientRequest = { id: number } & (GroupRequest | { op: 'exit' });
export interface ClientAnswer {
  id: number;
  value?: unknown;
  error?: string;
}

/** A group whose sockets run in a child process (./chat-client-process.ts). */
export class ProcessGroup extends AskingGroup implements ClientGroup {
  private readonly child: ChildProcess;
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private exited: Promise<void>;

  /** `kind`: the sockets it holds (by default BENCH_CHAT_CLIENT, the environment it inherits). */
  constructor(kind?: ClientKind) {
    super();
    this.child = fork(path.join(import.meta.dirname, 'chat-client-process.ts'), [], {
      // BENCH_CHAT_PROFILE_DIR: a CPU profile of the client process too (./cpu-profile-probe.mjs).
      execArgv: ['--import', 'tsx', ...(process.env.BENCH_CHAT_PROFILE_DIR ? ['--import', pathToFileURL(path.join(import.meta.dirname, 'cpu-profile-probe.mjs')).href] : [])],
      env: {
        ...process.env,
        ...(kind ? { BENCH_CHAT_CLIENT: kind } : {}),
        ...(process.env.BENCH_CHAT_PROFILE_DIR ? { BENCH_PROFILE_DIR: process.env.BENCH_CHAT_PROFILE_DIR } : {}),
      },
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.on('message', (m: ClientAnswer) => {
      const w = this.waiting.get(m.id);
      if (!w) return;
      this.waiting.delete(m.id);
      if (m.error !== undefined) w.reject(new Error(m.error));
      else w.resolve(m.value);
    });
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code) => {
        for (const w of this.waiting.values()) w.reject(new Error(`client process exited (${code})`));
        this.waiting.clear();
        resolve();
      });
    });
  }

  get pid(): number {
    return this.child.pid!;
  }

  protected ask<T>(request: GroupRequest): Promise<T> {
    const id = ++this.nextId;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.child.send({ ...request, id });
    });
  }

  async cpu(): Promise<Cpu> {
    return cpuMs(this.pid);
  }
  async dispose(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.send({ id: 0, op: 'exit' });
      const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
      await this.exited;
      clearTimeout(timer);
    }
  }
}
