/**
 * The chat bench's receiving sockets on another machine (issue 31 item 4). On one machine the
 * 1,000 receiving sockets share the CPUs with the servers they measure: reading costs about as much
 * as the servers' writing (bench:chat:floor), while real receivers are browsers elsewhere. Here the
 * sockets run on a second machine, as they would in a city:
 *
 *   machine B:  npm run bench:chat:clients -w bench          (listens on BENCH_CHAT_HOST_PORT, 7070)
 *   machine A:  BENCH_CHAT_CLIENT_HOSTS=B:7070,B:7070 BENCH_CHAT_SERVER_HOST=<A as B reaches it> \
 *               BENCH_PG_URL=… BENCH_REDIS_URL=… npm run bench:chat:2 -w bench
 *
 * The bench on A starts the servers, sends the messages and reports, as without this; each entry of
 * BENCH_CHAT_CLIENT_HOSTS is one group of sockets, a child process of the client host on B
 * (./chat-client-process.ts, the kind of socket the bench names). The bench speaks to the host over
 * one TCP connection per group: length-prefixed V8-serialized requests and answers (typed arrays pass
 * as they are), the same operations as a local child process's IPC.
 *
 * Times: each process notes receipts on its machine's monotonic clock. Before the deliveries are
 * compared with the send times, the bench measures the host's clock against its own (the round trip
 * with the shortest time of several: the host read its clock within that round trip, so the offset
 * is known to half of it) and moves the receipts onto its clock; the report gives that half as the
 * figures' uncertainty. A host on the same machine reads offset 0 within the uncertainty.
 *
 * The host runs whatever the bench asks (sockets to any address): run it on a private network only.
 */
import net from 'node:net';
import v8 from 'node:v8';
import { AskingGroup, clock, perform, ProcessGroup, type ClientGroup, type ClientKind, type Deliveries, type GroupRequest } from './chat-clients.js';
import type { Cpu } from './chat-probes.js';

/** One frame: a 4-byte length, then the V8-serialized value. */
export function encodeFrame(value: unknown): Buffer {
  const body = v8.serialize(value);
  const head = Buffer.allocUnsafe(4);
  head.writeUInt32BE(body.length);
  return Buffer.concat([head, body]);
}

/**
 * Splits a byte stream into frames, however the reads cut it; a large answer is joined once. Bytes
 * that are not a frame end the stream (`socket` destroyed) instead of the process.
 */
export function frameReader(socket: net.Socket, onValue: (value: unknown) => void): (chunk: Buffer) => void {
  let chunks: Buffer[] = [];
  let held = 0;
  let need = 4;
  let length = -1;
  return (chunk) => {
    chunks.push(chunk);
    held += chunk.length;
    while (held >= need) {
      const all = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, held);
      let at = 0;
      for (;;) {
        if (length < 0) {
          if (all.length - at < 4) break;
          length = all.readUInt32BE(at);
          at += 4;
        }
        if (all.length - at < length) break;
        const body = all.subarray(at, at + length);
        at += length;
        length = -1;
        let value: unknown;
        try {
          value = v8.deserialize(body);
        } catch {
          socket.destroy();
          return;
        }
        onValue(value);
      }
      const rest = all.subarray(at);
      chunks = rest.length > 0 ? [rest] : [];
      held = rest.length;
      need = length < 0 ? 4 : length;
    }
  };
}

/** What the bench asks a client host: a local child process's operations, and the host's clock and the group's CPU. */
type HostOp = GroupRequest | { op: 'hello'; kind: ClientKind } | { op: 'clock' } | { op: 'cpu' } | { op: 'exit' };
type HostRequest = { id: number } & HostOp;
interface HostAnswer {
  id: number;
  value?: unknown;
  error?: string;
}

/**
 * The client host (machine B): each control connection gets a group of its own, a child process
 * holding its sockets, ended with the connection. `skewMs` moves the host's clock (its answers and
 * its receipt times), as another machine's clock would be: a test's stand-in for one.
 */
export function serveClientHost(port: number, host: string, skewMs = 0): Promise<net.Server> {
  const server = net.createServer((control) => {
    control.setNoDelay(true);
    let group: ProcessGroup | undefined;
    const ended = () => {
      const g = group;
      group = undefined;
      void g?.dispose();
    };
    control.on('close', ended);
    control.on('error', () => control.destroy());
    const answer = async (r: HostRequest): Promise<unknown> => {
      if (r.op === 'hello') {
        group ??= new ProcessGroup(r.kind);
        return { pid: group.pid };
      }
      if (r.op === 'clock') return clock() + skewMs;
      if (!group) throw new Error('hello first');
      if (r.op === 'cpu') return group.cpu();
      if (r.op === 'exit') {
        await group.dispose();
        group = undefined;
        return undefined;
      }
      if (r.op === 'finish' && skewMs !== 0) {
        const d = await group.finish();
        for (let i = 0; i < d.times.length; i++) d.times[i] = d.times[i]! + skewMs;
        return d;
      }
      return perform(group, r);
    };
    control.on(
      'data',
      frameReader(control, (value) => {
        const r = value as HostRequest;
        answer(r).then(
          (v) => control.write(encodeFrame({ id: r.id, value: v } satisfies HostAnswer)),
          (err: unknown) => control.write(encodeFrame({ id: r.id, error: err instanceof Error ? err.message : String(err) } satisfies HostAnswer)),
        );
      }),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

/** Rounds of the clock exchange; the shortest round trip counts. */
const CLOCK_ROUNDS = 25;

/** A group of sockets on a client host (the bench's side). */
export class RemoteGroup extends AskingGroup implements ClientGroup {
  readonly pid = null;
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  /** The host's clock minus this process's, ms, and how well it is known (half the round trip). */
  offset = 0;
  uncertainty = Infinity;
  /** The host is this machine (the control connection's two ends share an address): a test of the mechanics only. */
  readonly sameMachine: boolean;

  private constructor(
    readonly address: string,
    private readonly control: net.Socket,
  ) {
    super();
    this.sameMachine = control.remoteAddress !== undefined && control.remoteAddress === control.localAddress;
    control.on(
      'data',
      frameReader(control, (value) => {
        const m = value as HostAnswer;
        const w = this.waiting.get(m.id);
        if (!w) return;
        this.waiting.delete(m.id);
        if (m.error !== undefined) w.reject(new Error(`${address}: ${m.error}`));
        else w.resolve(m.value);
      }),
    );
    control.on('close', () => {
      for (const w of this.waiting.values()) w.reject(new Error(`${address}: the client host closed the connection`));
      this.waiting.clear();
    });
  }

  /** Connects to a client host (`host:port`) and has it start a group of `kind` sockets. */
  static async open(address: string, kind: ClientKind): Promise<RemoteGroup> {
    const at = address.lastIndexOf(':');
    const host = address.slice(0, at).replace(/^\[|\]$/g, '');
    const port = Number(address.slice(at + 1));
    if (at <= 0 || !Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`BENCH_CHAT_CLIENT_HOSTS: "${address}" is not host:port`);
    const control = await new Promise<net.Socket>((resolve, reject) => {
      const s = net.connect({ host, port }, () => {
        s.off('error', reject);
        resolve(s);
      });
      s.once('error', (err) => reject(new Error(`the client host ${address}: ${err.message} (is npm run bench:chat:clients running there?)`)));
    });
    control.setNoDelay(true);
    control.on('error', () => control.destroy());
    const group = new RemoteGroup(address, control);
    await group.ask({ op: 'hello', kind });
    await group.syncClock();
    return group;
  }

  protected ask<T>(request: HostOp): Promise<T> {
    const id = ++this.nextId;
    return new Promise<T>((resolve, reject) => {
      if (this.control.destroyed) return reject(new Error(`${this.address}: the client host closed the connection`));
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.control.write(encodeFrame({ ...request, id }));
    });
  }

  /** Measures the host's clock against this process's (the round trip with the shortest time counts). */
  async syncClock(): Promise<void> {
    let best = Infinity;
    for (let i = 0; i < CLOCK_ROUNDS; i++) {
      const t0 = clock();
      const remote = await this.ask<number>({ op: 'clock' });
      const t1 = clock();
      if (t1 - t0 < best) {
        best = t1 - t0;
        this.offset = remote - (t0 + t1) / 2;
        this.uncertainty = best / 2;
      }
    }
  }

  /** The phase's deliveries, their receipts moved onto this process's clock. */
  override async finish(): Promise<Deliveries> {
    const d = await super.finish();
    await this.syncClock();
    for (let i = 0; i < d.times.length; i++) d.times[i] = d.times[i]! - this.offset;
    return d;
  }
  /** The group's process's CPU time on the host. */
  cpu(): Promise<Cpu | null> {
    return this.ask({ op: 'cpu' });
  }
  async dispose(): Promise<void> {
    if (this.control.destroyed) return;
    await this.ask({ op: 'exit' }).catch(() => undefined);
    this.control.end();
  }
}
