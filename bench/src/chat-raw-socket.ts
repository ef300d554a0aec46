/**
 * The chat bench's raw receiving socket (BENCH_CHAT_CLIENT=raw, bench:chat:2's default): the lean
 * socket's protocol (./chat-lean-socket.ts: Engine.IO 4 / Socket.IO 5, the message number read from
 * the frame's bytes) over a WebSocket this file speaks itself on a plain TCP connection (RFC 6455):
 *
 * - the opening handshake: `GET …?EIO=4&transport=websocket` with `Upgrade: websocket`, a random
 *   `Sec-WebSocket-Key`, no extensions offered; the answer must be `101` with the matching
 *   `Sec-WebSocket-Accept`;
 * - server frames are read as they come, several to a read or one across reads: FIN text frames are
 *   Engine.IO packets (a fragmented message, a binary frame or a reserved bit is a protocol error and
 *   ends the socket), ping is answered with pong, close ends the socket;
 * - client frames (the pong `3`, the namespace connect, `41`) are masked, as a client's must be.
 *
 * `ws` parses each frame through a stream and an event per message; this reads a frame's header and
 * hands the payload on as a view of the read buffer, so the receiving side costs the machine less
 * of the CPU the servers under test share with it.
 */
import { createHash, randomBytes } from 'node:crypto';
import net from 'node:net';
import { admission, onFrame, type FrameContext, type LeanListener } from './chat-lean-socket.js';

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const HEADER_END = Buffer.from('\r\n\r\n');

/** A masked client text (0x1) or close (0x8) or pong (0xA) frame. */
function clientFrame(opcode: number, payload: Buffer): Buffer {
  const len = payload.length;
  const head = len < 126 ? 2 : len < 65536 ? 4 : 10;
  const out = Buffer.allocUnsafe(head + 4 + len);
  out[0] = 0x80 | opcode;
  if (len < 126) out[1] = 0x80 | len;
  else if (len < 65536) {
    out[1] = 0x80 | 126;
    out.writeUInt16BE(len, 2);
  } else {
    out[1] = 0x80 | 127;
    out.writeBigUInt64BE(BigInt(len), 2);
  }
  const mask = randomBytes(4);
  mask.copy(out, head);
  for (let i = 0; i < len; i++) out[head + 4 + i] = payload[i]! ^ mask[i & 3]!;
  return out;
}

export class RawSocket {
  private pending: Buffer | null = null;
  private closed = false;

  private constructor(private readonly tcp: net.Socket) {}

  /** Opens a socket and joins the main namespace with `token`; resolves once the server admits it. */
  static open(url: string, token: string, listener: LeanListener, timeoutMs: number): Promise<RawSocket> {
    const u = new URL(url.replace(/^ws/, 'http'));
    return new Promise((resolve, reject) => {
      const tcp = net.connect({ host: u.hostname, port: Number(u.port) });
      tcp.setNoDelay(true);
      const socket = new RawSocket(tcp);
      const key = randomBytes(16).toString('base64');
      const accept = createHash('sha1').update(key + GUID).digest('base64');
      let upgraded = false;
      const { ctx, fail, closed } = admission({
        name: 'raw socket',
        listener,
        token,
        timeoutMs,
        end: () => tcp.destroy(),
        send: (text) => socket.sendText(text),
        close: () => socket.close(),
        admitted: () => resolve(socket),
        reject,
      });
      tcp.on('connect', () => {
        tcp.write(
          `GET ${u.pathname}${u.search} HTTP/1.1\r\nHost: ${u.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
            `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
        );
      });
      tcp.on('data', (chunk: Buffer) => {
        if (upgraded) return socket.read(chunk, ctx);
        const data = socket.pending ? Buffer.concat([socket.pending, chunk]) : chunk;
        const end = data.indexOf(HEADER_END);
        if (end < 0) {
          socket.pending = data;
          return;
        }
        socket.pending = null;
        const head = data.toString('latin1', 0, end);
        if (!/^HTTP\/1\.1 101 /.test(head) || !head.toLowerCase().includes(`sec-websocket-accept: ${accept.toLowerCase()}`)) {
          return fail(new Error(`raw socket: the upgrade was refused: ${head.split('\r\n')[0]}`));
        }
        upgraded = true;
        if (data.length > end + 4) socket.read(data.subarray(end + 4), ctx);
      });
      tcp.once('close', () => {
        socket.closed = true;
        closed();
      });
      tcp.on('error', (err) => fail(err));
    });
  }

  /** Frames in `chunk` (after what an earlier read left unfinished). */
  private read(chunk: Buffer, ctx: FrameContext): void {
    let data = chunk;
    if (this.pending) {
      data = Buffer.concat([this.pending, chunk]);
      this.pending = null;
    }
    let at = 0;
    while (at + 2 <= data.length) {
      const b0 = data[at]!;
      const b1 = data[at + 1]!;
      let len = b1 & 0x7f;
      let head = 2;
      if (len === 126) {
        if (at + 4 > data.length) break;
        len = data.readUInt16BE(at + 2);
        head = 4;
      } else if (len === 127) {
        if (at + 10 > data.length) break;
        len = Number(data.readBigUInt64BE(at + 2));
        head = 10;
      }
      if (at + head + len > data.length) break;
      const payload = data.subarray(at + head, at + head + len);
      at += head + len;
      const opcode = b0 & 0x0f;
      if ((b1 & 0x80) !== 0 || (b0 & 0x70) !== 0) return this.protocolError('a masked or extended server frame');
      if (opcode === 0x1) {
        if ((b0 & 0x80) === 0) return this.protocolError('a fragmented message');
        onFrame(payload, ctx);
      } else if (opcode === 0x9) this.write(clientFrame(0xa, payload));
      else if (opcode === 0x8) return this.close();
      else if (opcode !== 0xa) return this.protocolError(`opcode ${opcode}`);
      if (this.closed) return;
    }
    if (at < data.length) this.pending = Buffer.from(data.subarray(at));
  }

  private protocolError(what: string): void {
    process.emitWarning(`raw socket: ${what}; closing`);
    this.close();
  }

  private write(frame: Buffer): void {
    if (!this.closed && this.tcp.writable) this.tcp.write(frame);
  }

  private sendText(text: string): void {
    this.write(clientFrame(0x1, Buffer.from(text)));
  }

  /** Leaves the namespace and closes the WebSocket (then the TCP connection). */
  close(): void {
    if (this.closed) return;
    this.sendText('41');
    this.write(clientFrame(0x8, Buffer.from([0x03, 0xe8])));
    this.closed = true;
    this.tcp.end();
  }
}
