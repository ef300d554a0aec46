/**
 * One write per WebSocket per event-loop turn. Socket.IO encodes a broadcast once, but then writes
 * it to each socket on its own: one `writev` system call per socket per message, the largest part of
 * the fan-out's cost (bench:chat). When messages come faster than one per turn (a burst of POSTs, a
 * batch of messages from the Redis adapter) each socket's frames are held while the turn lasts
 * (the TCP socket corked on its first frame) and go out together when it ends (uncorked in
 * setImmediate, once for every socket held): one system call per socket per turn however many
 * messages it carried. Nothing waits for a timer, nothing is merged or reordered: the frames are the
 * same bytes in the same order, so the wire format does not change; a lone message goes out at the
 * end of the turn that emitted it.
 *
 * Only the WebSocket transport is held (HTTP long-polling answers one poll at a time already). The
 * TCP socket is the `ws` WebSocket's own (`_socket`, stable across ws 7 and 8); where it is missing
 * the transport is left as it is.
 *
 * A broadcast's WebSocket frame is built once (socket.io-adapter's `wsPreEncodedFrame`) as two
 * buffers, header and payload, which `ws` writes to each socket as two writes. The first socket to
 * send it joins them into one buffer in the broadcast's shared options, so every socket after it
 * writes the frame once: the same bytes, one write fewer per delivery.
 */
import type { Socket as NetSocket } from 'node:net';

interface EnginePacket {
  options?: { wsPreEncodedFrame?: unknown };
}

interface EngineTransport {
  name: string;
  socket?: { _socket?: unknown };
  send(packets: EnginePacket[]): void;
}

interface EngineConnection {
  transport: EngineTransport;
  on(event: 'upgrade', listener: (transport: EngineTransport) => void): unknown;
}

interface Engine {
  on(event: 'connection', listener: (conn: EngineConnection) => void): unknown;
}

/** A pre-encoded frame [header, payload] becomes [frame] (once per broadcast: the options are shared). */
function joinFrame(packet: EnginePacket): void {
  const frame = packet.options?.wsPreEncodedFrame;
  if (Array.isArray(frame) && frame.length === 2 && Buffer.isBuffer(frame[0]) && Buffer.isBuffer(frame[1])) {
    packet.options!.wsPreEncodedFrame = [Buffer.concat([frame[0], frame[1]])];
  }
}

const isNetSocket = (s: unknown): s is NetSocket =>
  typeof s === 'object' && s !== null && typeof (s as NetSocket).cork === 'function' && typeof (s as NetSocket).uncork === 'function';

export class WriteBatching {
  private readonly held = new Set<NetSocket>();
  private scheduled: NodeJS.Immediate | undefined;
  /** Turns that released held sockets, and the sockets released (tests, metrics). */
  readonly stats = { turns: 0, releases: 0 };

  attach(engine: Engine): void {
    engine.on('connection', (conn) => {
      this.wrap(conn.transport);
      conn.on('upgrade', (transport) => this.wrap(transport));
    });
  }

  private wrap(transport: EngineTransport): void {
    if (transport.name !== 'websocket') return;
    const raw = transport.socket?._socket;
    if (!isNetSocket(raw)) return;
    const send = transport.send.bind(transport);
    transport.send = (packets) => {
      this.hold(raw);
      for (const packet of packets) joinFrame(packet);
      send(packets);
    };
  }

  private hold(raw: NetSocket): void {
    if (this.held.has(raw) || raw.destroyed) return;
    raw.cork();
    this.held.add(raw);
    this.scheduled ??= setImmediate(() => this.release());
  }

  /** Sends what every held socket holds. */
  release(): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    if (this.held.size === 0) return;
    const sockets = [...this.held];
    this.held.clear();
    this.stats.turns++;
    this.stats.releases += sockets.length;
    for (const raw of sockets) raw.uncork();
  }
}
