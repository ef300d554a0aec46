/**
 * The live connection's writes, batched (issue 31 item 4: the chat's fan-out). Socket.IO encodes a
 * broadcast once, then, for each socket of the room, hands it to the socket's Engine.IO connection,
 * which hands it to `ws`, which writes it to the TCP connection: a chain of JavaScript per socket per
 * message and one `write` system call per socket per message, on loopback the whole TCP path.
 * bench:chat:2 profiled it as most of the server's work: at 1,000 sockets and 100 messages a second,
 * 36% of the process in the writes and 22% in the chain.
 *
 * Three things cut it, without changing a byte on the wire:
 *
 * - **A broadcast to one room waits as a run.** The namespace adapter's broadcast (a local emit, or
 *   the Redis adapter's message from another process) encodes the packet and its WebSocket frame once
 *   (socket.io-adapter's `wsPreEncodedFrame`), then applies it to the room's sockets. A broadcast to a
 *   single room (no exceptions, not volatile, no acknowledgement) is not applied then: it joins the
 *   pending runs (consecutive ones to the same room share a run), and the room's sockets are found
 *   at the release, once per run however many messages it holds. So a socket that joined the room
 *   meanwhile gets it, and one that left or disconnected does not (at most a window: the order of a
 *   join and a broadcast that close together is not one a client can rely on anyway).
 * - **Straight to the TCP connection.** When a WebSocket connection has nothing of its own queued
 *   (Engine.IO's buffer empty, no upgrade under way, no compression), a run's frames go on the
 *   connection's list instead of down the chain: the bytes `ws` would have written. Otherwise (HTTP
 *   long-polling, a queued packet) the run's packets take the usual way. Outgoing-packet listeners
 *   (the hub's expiry check) still see every packet. Before any packet of a connection's own (an
 *   acknowledgement, a ping, a socket's own emit) the runs its socket is owed are handed to it, and
 *   its list is written first: on every connection, the order is the order of the emits.
 * - **One write per connection per release.** The listed frames, and what the usual way wrote
 *   meanwhile (the TCP socket corked on its first write), go out at the release: one system call per
 *   connection however many messages it carried, and connections that got the same frames share one
 *   buffer. A release comes at the end of the event-loop turn that broadcast the first frame, but
 *   not sooner than `windowMs` after the previous release of broadcasts: a lone message after a quiet
 *   spell goes out at once; when messages come faster than one per window, each connection gets them
 *   together, at most `windowMs` late (LIVE_WRITE_WINDOW_MS, 30 ms by default: at 1,000 sockets and
 *   100 messages a second, about three messages a write; bench:chat:2 chose it).
 * - **The window fits the audience.** The whole window follows a release that wrote `fullAt`
 *   connections or more (LIVE_WRITE_WINDOW_FULL_AT, 500); a smaller one is followed by that share of
 *   it: 100 connections by 6 ms, 10 by less than a millisecond (then the next turn). Writing to a few
 *   connections costs little, and holding their messages for 30 ms cost them most of their latency
 *   (bench:chat:2 at 10 and 100 sockets: p50 about 20 ms, nearly all of it the window). Below `fullAt`
 *   a process writes at most `fullAt` connections per window, the rate it already takes at `fullAt`.
 *
 * The TCP socket is the `ws` WebSocket's own (`_socket`, stable across ws 7 and 8); where it is
 * missing the connection is left as it is.
 */
import type { Socket as NetSocket } from 'node:net';
import { performance } from 'node:perf_hooks';

interface PacketOptions {
  wsPreEncodedFrame?: unknown;
}

interface EnginePacket {
  options?: PacketOptions;
}

interface EngineTransport {
  name: string;
  perMessageDeflate?: unknown;
  socket?: { _socket?: unknown };
  send(packets: EnginePacket[]): void;
}

interface EngineConnection {
  transport: EngineTransport;
  readyState: string;
  upgrading: boolean;
  writeBuffer: unknown[];
  write(data: unknown, options?: unknown, callback?: unknown): unknown;
  on(event: 'upgrade', listener: (transport: EngineTransport) => void): unknown;
}

interface Engine {
  on(event: 'connection', listener: (conn: EngineConnection) => void): unknown;
}

/** The parts of a Socket.IO socket and of its namespace's adapter this file uses. */
interface IoSocket {
  conn: EngineConnection;
  rooms: Set<string>;
  client: { writeToEngine(encoded: unknown, opts: unknown): void };
  listenersAnyOutgoing(): unknown[];
  notifyOutgoingListeners(packet: unknown): void;
}

interface BroadcastOptions {
  rooms: Set<string>;
  except?: Set<string>;
  flags?: { volatile?: boolean };
}

interface Adapter {
  rooms: Map<string, Set<string>>;
  nsp: { sockets: Map<string, IoSocket>; on(event: 'connection', listener: (socket: IoSocket) => void): unknown };
  _encode(packet: { id?: number }, opts: PacketOptions & { volatile?: boolean }): unknown;
  apply(opts: BroadcastOptions, callback: (socket: IoSocket) => void): void;
}

/**
 * Broadcasts to one room that wait for the release, in emit order: consecutive ones to the same room
 * share a run, sent to each of the room's sockets as one buffer. `served`: sockets that already got
 * the run (a packet of their own had to follow it).
 */
interface Run {
  room: string;
  frames: Buffer[];
  packets: Array<{ packet: unknown; encoded: unknown; opts: PacketOptions }>;
  joined?: Buffer;
  served?: Set<IoSocket>;
}

/** A pre-encoded frame as one buffer: [header, payload] is joined once per broadcast (the options are shared). */
function frameOf(options: PacketOptions | undefined): Buffer | undefined {
  const frame = options?.wsPreEncodedFrame;
  if (!Array.isArray(frame)) return undefined;
  if (frame.length === 1 && Buffer.isBuffer(frame[0])) return frame[0];
  if (frame.length === 2 && Buffer.isBuffer(frame[0]) && Buffer.isBuffer(frame[1])) {
    const joined = Buffer.concat([frame[0], frame[1]]);
    options!.wsPreEncodedFrame = [joined];
    return joined;
  }
  return undefined;
}

const isNetSocket = (s: unknown): s is NetSocket =>
  typeof s === 'object' && s !== null && typeof (s as NetSocket).cork === 'function' && typeof (s as NetSocket).uncork === 'function';

const open = (raw: NetSocket): boolean => !raw.destroyed && raw.writable;

/** Connections that got the same frames in a release share one buffer: a trie over the frames. */
interface Shared {
  next: Map<Buffer, Shared>;
  joined?: Buffer;
}

export class WriteBatching {
  /** TCP sockets corked by a write of the usual way, uncorked at the release. */
  private readonly held = new Set<NetSocket>();
  /** Broadcast frames waiting for the release, per TCP socket, in emit order. */
  private readonly listed = new Map<NetSocket, Buffer[]>();
  /** Broadcasts to one room waiting for the release (their sockets are found then). */
  private runs: Run[] = [];
  private adapter: Adapter | undefined;
  /** The namespace's socket on each Engine.IO connection (a connection's own packet looks up its runs). */
  private readonly socketOf = new WeakMap<EngineConnection, IoSocket>();
  private scheduled: { immediate: NodeJS.Immediate } | { timer: NodeJS.Timeout } | undefined;
  private lastRelease = Number.NEGATIVE_INFINITY;
  /** Connections the last release of broadcasts wrote to: the window after it is in proportion (up to fullAt). */
  private lastWidth = 0;
  /** Connections that got the same frames in this release share one buffer. */
  private shared: Shared = { next: new Map() };
  /** The next slice of a release under way. */
  private draining: NodeJS.Immediate | undefined;
  /**
   * Releases (each the end of a batch), connections written at them, and frames that went straight
   * to a connection instead of down Socket.IO's chain (tests, metrics).
   */
  readonly stats = { turns: 0, releases: 0, direct: 0 };

  /**
   * `windowMs`: the least time between two releases of broadcasts (LIVE_WRITE_WINDOW_MS), after a
   * release to `fullAt` connections or more (LIVE_WRITE_WINDOW_FULL_AT; a smaller one: that share of
   * it). `slice`: the most connections one event-loop turn of a release writes (LIVE_WRITE_SLICE);
   * `turnMs`: the longest it writes (LIVE_WRITE_TURN_MS), at least one connection a turn.
   */
  constructor(
    private readonly windowMs: number,
    private readonly slice: number,
    private readonly fullAt: number,
    private readonly turnMs = Number.POSITIVE_INFINITY,
  ) {}

  attach(engine: Engine): void {
    engine.on('connection', (conn) => {
      this.wrap(conn, conn.transport);
      conn.on('upgrade', (transport) => this.wrap(conn, transport));
    });
  }

  /**
   * Broadcasts of the namespace whose adapter this is: one to a single room, no exceptions, not
   * volatile and without acknowledgement, with a pre-encoded frame, waits for the release as a run;
   * at the release the room's sockets get it. The adapter's own broadcast (local emits, and the
   * Redis adapter's messages from other processes) encodes the packet and then applies it to the
   * sockets, both through these two methods.
   */
  attachAdapter(adapter: Adapter): void {
    this.adapter = adapter;
    adapter.nsp.on('connection', (socket) => this.socketOf.set(socket.conn, socket));
    const encode = adapter._encode.bind(adapter);
    const apply = adapter.apply.bind(adapter);
    let encoded: { packet: { id?: number }; encoded: unknown; opts: PacketOptions & { volatile?: boolean } } | undefined;
    adapter._encode = (packet, opts) => {
      const result = encode(packet, opts);
      encoded = { packet, encoded: result, opts };
      return result;
    };
    adapter.apply = (opts, callback) => {
      const e = encoded;
      encoded = undefined;
      const frame = e && e.packet.id === undefined && !e.opts.volatile && !opts.flags?.volatile ? frameOf(e.opts) : undefined;
      if (!e || !frame || opts.rooms.size !== 1 || (opts.except?.size ?? 0) > 0) {
        // Anything else goes the usual way, after the runs before it (its frames are listed per connection).
        this.resolveRuns();
        apply(opts, callback);
        return;
      }
      const room = opts.rooms.values().next().value as string;
      const last = this.runs[this.runs.length - 1];
      const run = last && last.room === room && !last.served ? last : undefined;
      const item = { packet: e.packet, encoded: e.encoded, opts: e.opts };
      if (run) {
        run.frames.push(frame);
        run.packets.push(item);
      } else this.runs.push({ room, frames: [frame], packets: [item] });
      this.schedule();
    };
  }

  /** Hands one run to one socket: straight to its connection's list, or the usual way. */
  private deliver(socket: IoSocket, run: Run): void {
    if (socket.listenersAnyOutgoing().length > 0) for (const p of run.packets) socket.notifyOutgoingListeners(p.packet);
    const conn = socket.conn;
    const raw = conn.transport.socket?._socket;
    if (conn.readyState === 'open' && conn.transport.name === 'websocket' && !conn.upgrading && conn.writeBuffer.length === 0 && !conn.transport.perMessageDeflate && isNetSocket(raw) && open(raw)) {
      this.stats.direct += run.frames.length;
      const frames = this.listed.get(raw);
      const buffer = run.frames.length === 1 ? run.frames[0]! : (run.joined ??= Buffer.concat(run.frames));
      if (frames) frames.push(buffer);
      else this.listed.set(raw, [buffer]);
      return;
    }
    if (conn.readyState !== 'open') return;
    for (const p of run.packets) socket.client.writeToEngine(p.encoded, p.opts);
  }

  /** The pending runs, to every socket of their rooms now (in emit order, onto the connections' lists). */
  private resolveRuns(): void {
    if (this.runs.length === 0 || !this.adapter) return;
    const runs = this.runs;
    this.runs = [];
    const { rooms, nsp } = this.adapter;
    for (const run of runs) {
      const ids = rooms.get(run.room);
      if (!ids) continue;
      for (const id of ids) {
        const socket = nsp.sockets.get(id);
        if (socket && !run.served?.has(socket)) this.deliver(socket, run);
      }
    }
  }

  /** Before a connection's own packet: the runs its socket is owed go first. */
  private resolveRunsFor(conn: EngineConnection): void {
    if (this.runs.length === 0) return;
    const socket = this.socketOf.get(conn);
    if (!socket) return;
    // All of them are marked first: a run handed over the usual way comes back through conn.write,
    // which must not hand a later run over before it.
    const owed = this.runs.filter((run) => socket.rooms.has(run.room) && !run.served?.has(socket));
    for (const run of owed) (run.served ??= new Set()).add(socket);
    for (const run of owed) this.deliver(socket, run);
  }

  private wrap(conn: EngineConnection, transport: EngineTransport): void {
    if (transport.name !== 'websocket') return;
    const raw = transport.socket?._socket;
    if (!isNetSocket(raw)) return;
    const send = transport.send.bind(transport);
    transport.send = (packets) => {
      this.hold(raw);
      // What was broadcast to this connection was emitted before these: it goes first (into the cork).
      this.resolveRunsFor(conn);
      this.writeListed(raw);
      for (const packet of packets) frameOf(packet.options);
      send(packets);
    };
    const write = conn.write.bind(conn);
    conn.write = (data, options, callback) => {
      // A packet of this connection's own (or a broadcast the usual way): what was broadcast to it before goes first.
      this.resolveRunsFor(conn);
      // A broadcast's frame, with nothing of this connection's own ahead of it: straight to the list.
      if (callback === undefined && conn.transport === transport && conn.readyState === 'open' && !conn.upgrading && conn.writeBuffer.length === 0 && !transport.perMessageDeflate && open(raw)) {
        const frame = frameOf(options as PacketOptions | undefined);
        if (frame) {
          this.list(raw, frame);
          return conn;
        }
      }
      return write(data, options, callback);
    };
  }

  private list(raw: NetSocket, frame: Buffer): void {
    const frames = this.listed.get(raw);
    if (frames) frames.push(frame);
    else this.listed.set(raw, [frame]);
    this.stats.direct++;
    this.schedule();
  }

  private hold(raw: NetSocket): void {
    if (this.held.has(raw) || raw.destroyed) return;
    raw.cork();
    this.held.add(raw);
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    const window = this.windowMs * Math.min(1, this.lastWidth / this.fullAt);
    const wait = window - (performance.now() - this.lastRelease);
    this.scheduled = wait >= 1 ? { timer: setTimeout(() => this.release(), wait) } : { immediate: setImmediate(() => this.release()) };
  }

  private writeListed(raw: NetSocket): void {
    const frames = this.listed.get(raw);
    if (!frames) return;
    this.listed.delete(raw);
    if (open(raw)) raw.write(frames.length === 1 ? frames[0]! : Buffer.concat(frames));
  }

  /**
   * Writes what every connection has waiting, for at most `turnMs` and `slice` connections an
   * event-loop turn: at 1,000 sockets one release can be tens of milliseconds of `write` calls on a
   * busy machine, and a POST's database and Redis answers that arrive meanwhile would wait behind all
   * of it (bench:chat:2 measured the send's p50 at 20 to 40 ms that way, five round trips each waiting
   * for a release to end). Between slices they run. The bound is a time, not a count, so the slice
   * fits the machine: a turn of a few milliseconds writes 500 connections where writes are cheap, and
   * fewer where they are not (bench:chat:2, 2026-11-29, two processes: at 64 connections a turn a
   * message's spread over 1,000 sockets was p99 35-46 ms, with 8 ms turns 31-33 ms; docs/operator.md).
   * What is listed for a connection not yet written keeps its place and is written with it; a
   * connection's own packet still writes its list first (transport.send), so the order on every
   * connection stays the order of the emits.
   */
  release(): void {
    if (this.scheduled && 'immediate' in this.scheduled) clearImmediate(this.scheduled.immediate);
    else if (this.scheduled) clearTimeout(this.scheduled.timer);
    this.scheduled = undefined;
    this.resolveRuns();
    if (this.held.size === 0 && this.listed.size === 0) return;
    // The window paces broadcasts: a release of a connection's own packets alone does not start one.
    if (this.listed.size > 0) {
      this.lastRelease = performance.now();
      this.lastWidth = this.listed.size;
    }
    this.stats.turns++;
    this.shared = { next: new Map() };
    this.drain();
  }

  /** Everything waiting, written now in one turn (the server is closing its connections next). */
  flush(): void {
    this.release();
    while (this.listed.size > 0 || this.held.size > 0) this.drain();
  }

  /** One slice of the release: up to `slice` connections written, the rest in the next turn. */
  private drain(): void {
    if (this.draining) clearImmediate(this.draining);
    this.draining = undefined;
    let budget = this.slice;
    const until = performance.now() + this.turnMs;
    // At least one connection a turn, then as many as the count and the time allow.
    const spent = () => budget <= 0 || (budget < this.slice && performance.now() >= until);
    for (const [raw, frames] of this.listed) {
      if (spent()) break;
      this.listed.delete(raw);
      if (!open(raw)) continue;
      budget--;
      this.stats.releases++;
      raw.write(this.joinedFor(frames));
      // A connection also corked by a write of the usual way: what it corked goes out with this.
      if (this.held.delete(raw)) raw.uncork();
    }
    for (const raw of this.held) {
      if (spent()) break;
      this.held.delete(raw);
      budget--;
      this.stats.releases++;
      raw.uncork();
    }
    if (this.listed.size > 0 || this.held.size > 0) this.draining = setImmediate(() => this.drain());
  }

  /** One connection's frames as one buffer, shared with every connection of this release that got the same. */
  private joinedFor(frames: Buffer[]): Buffer {
    if (frames.length === 1) return frames[0]!;
    let node = this.shared;
    for (const frame of frames) {
      let next = node.next.get(frame);
      if (!next) node.next.set(frame, (next = { next: new Map() }));
      node = next;
    }
    return (node.joined ??= Buffer.concat(frames));
  }
}
