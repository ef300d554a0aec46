/**
 * One write per WebSocket per event-loop turn (apps/server/src/live/write-batching.ts), against the
 * real server on a real port: a burst of broadcasts emitted in one turn reaches every socket whole
 * and in order, in at most two writes per socket instead of one per message (counted at the server's TCP sockets); a lone message still
 * arrives on its own; a broadcast's pre-encoded frame goes to each socket as one buffer; HTTP
 * long-polling is left as it is.
 */
import type { Socket as NetSocket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { LIVE_DEFAULTS, LIVE_EVENTS, ROOMS, type ChatMessage } from '@civicpulse/shared';
import type { Client } from './helpers/live.js';
import { asha, base, collect, dept, next, open, ravi, sockets, startLiveSuite, t } from './helpers/live-suite.js';

startLiveSuite();

const message = (n: number): ChatMessage => ({
  _id: n.toString(16).padStart(24, '0'),
  userId: asha.id,
  user: 'Asha Reporter',
  profilePic: '',
  msg: `burst ${n}`,
  createdAt: new Date(0).toISOString(),
});

/** Counts the writes to the TCP sockets of the server's WebSocket connections (every write a system call). */
function countServerWrites(): () => number {
  let writes = 0;
  for (const conn of Object.values((t.app.live.io.engine as unknown as { clients: Record<string, unknown> }).clients)) {
    const raw = (conn as { transport: { socket?: { _socket?: NetSocket & { _writeGeneric(...args: unknown[]): unknown } } } }).transport.socket?._socket;
    if (!raw) continue;
    const write = raw._writeGeneric.bind(raw);
    raw._writeGeneric = (...args: unknown[]) => {
      writes++;
      return write(...args);
    };
  }
  return () => writes;
}

/** The buffers handed to the server's WebSocket TCP sockets (each a write to the stream), per socket. */
function recordServerChunks(): Buffer[][] {
  const chunks: Buffer[][] = [];
  for (const conn of Object.values((t.app.live.io.engine as unknown as { clients: Record<string, unknown> }).clients)) {
    const raw = (conn as { transport: { socket?: { _socket?: NetSocket } } }).transport.socket?._socket;
    if (!raw) continue;
    const mine: Buffer[] = [];
    chunks.push(mine);
    const write = raw.write.bind(raw) as (...args: unknown[]) => boolean;
    raw.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (Buffer.isBuffer(chunk)) mine.push(chunk);
      return write(chunk, ...rest);
    }) as NetSocket['write'];
  }
  return chunks;
}

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('write batching', () => {
  it('a burst emitted in one turn reaches every socket whole and in order, in at most two writes per socket', async () => {
    const clients = [await open(asha.token), await open(ravi.token), await open(asha.token)];
    const seen = clients.map((c) => collect(c, LIVE_EVENTS.receiveMessage));
    const writes = countServerWrites();
    const before = { ...t.app.live.batching.stats };
    const burst = 50;
    for (let n = 0; n < burst; n++) t.app.live.io.to(ROOMS.role('user')).emit(LIVE_EVENTS.receiveMessage, message(n));
    await until(() => seen.every((s) => s.length === burst));
    for (const s of seen) expect(s.map((m) => m.msg)).toEqual(Array.from({ length: burst }, (_, n) => `burst ${n}`));
    // Every open connection of this server got the burst (this suite's earlier sockets too).
    const connections = t.app.live.io.engine.clientsCount;
    expect(writes()).toBeGreaterThanOrEqual(connections);
    // The first frame goes out at the end of the turn; the 49 that Engine.IO queued meanwhile go out
    // together at the end of the next one: two writes per socket, not fifty.
    expect(writes()).toBeLessThanOrEqual(2 * connections);
    expect(t.app.live.batching.stats.releases - before.releases).toBeGreaterThanOrEqual(clients.length);
  });

  it('a lone message is written at the end of its turn, without waiting for another', async () => {
    const c = await open(ravi.token);
    const got = next(c, LIVE_EVENTS.receiveMessage, 1000);
    t.app.live.io.to(ROOMS.role('user')).emit(LIVE_EVENTS.receiveMessage, message(1000));
    expect((await got).msg).toBe('burst 1000');
  });

  it("a broadcast's frame goes to each WebSocket as one buffer, the same bytes for every socket", async () => {
    const clients = [await open(asha.token), await open(ravi.token)];
    const got = clients.map((c) => next(c, LIVE_EVENTS.receiveMessage, 1000));
    const chunks = recordServerChunks();
    t.app.live.io.to(ROOMS.role('user')).emit(LIVE_EVENTS.receiveMessage, message(1500));
    for (const g of got) expect((await g).msg).toBe('burst 1500');
    const written = chunks.filter((c) => c.length > 0);
    expect(written.length).toBeGreaterThanOrEqual(clients.length);
    for (const c of written) {
      // One text frame, final (0x81), carrying the whole Engine.IO packet.
      expect(c).toHaveLength(1);
      expect(c[0]![0]).toBe(0x81);
      expect(c[0]!.toString('utf8')).toContain('42["receive_message",');
      expect(c[0]!.equals(written[0]![0]!)).toBe(true);
    }
  });

  it('sockets of other rooms and acknowledgements are unaffected', async () => {
    const office = await open(dept.token);
    const officeSeen = collect(office, LIVE_EVENTS.receiveMessage);
    const citizen = await open(asha.token);
    const citizenSeen = collect(citizen, LIVE_EVENTS.receiveMessage);
    const ack = await new Promise<{ ok: boolean }>((resolve) => citizen.emit(LIVE_EVENTS.sendMessage, 'batched hello', resolve as never));
    expect(ack.ok).toBe(true);
    await until(() => citizenSeen.some((m) => m.msg === 'batched hello'));
    expect(officeSeen).toEqual([]);
  });

  it('HTTP long-polling still receives a burst whole and in order', async () => {
    const polling: Client = connect(base, {
      ...LIVE_DEFAULTS,
      reconnection: false,
      transports: ['polling'],
      auth: { token: ravi.token },
    });
    sockets.push(polling);
    await new Promise<void>((resolve, reject) => {
      polling.once('connect', () => resolve());
      polling.once('connect_error', reject);
    });
    const seen = collect(polling, LIVE_EVENTS.receiveMessage);
    for (let n = 0; n < 20; n++) t.app.live.io.to(ROOMS.role('user')).emit(LIVE_EVENTS.receiveMessage, message(2000 + n));
    await until(() => seen.length === 20);
    expect(seen.map((m) => m.msg)).toEqual(Array.from({ length: 20 }, (_, n) => `burst ${2000 + n}`));
  });
});
