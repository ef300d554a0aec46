/**
 * The chat bench's lean receiving socket (BENCH_CHAT_CLIENT=lean): a bare `ws` WebSocket speaking the
 * protocol socket.io-client speaks over its WebSocket transport, Engine.IO 4 and Socket.IO 5, with
 * no parser objects in between:
 *
 * - `GET /socket.io/?EIO=4&transport=websocket` upgraded to a WebSocket (offering permessage-deflate
 *   as `ws`, engine.io-client and browsers do, so the report shows what the server accepts);
 * - the server's open packet `0{"sid":…,"pingInterval":…}`, answered with the namespace connect
 *   `40{"token":…}` (the token in `auth`, as the web app sends it); `40{"sid":…}` admits the socket,
 *   `44{"message":…}` refuses it;
 * - ping `2` answered with pong `3`;
 * - events `42["receive_message",{…,"msg":"bench <phase> <seq>",…}]`: the phase and message number
 *   are read from the frame's bytes after the `"msg":"` key, never decoded or JSON-parsed. A chat
 *   message is a flat object of strings, so an unescaped `"msg":"` in it can only be that key (a
 *   quote inside a value is escaped);
 * - `41` (the server ended the socket) or the WebSocket closing counts as a disconnect.
 *
 * Reconnection is not attempted: the bench counts disconnects and missing deliveries instead.
 */
import WebSocket from 'ws';

/** What a lean socket reports, at once, for every frame that matters. */
export interface LeanListener {
  /** A `bench <phase> <seq>` chat message arrived (the listener reads its clock). */
  deliver(phase: number, seq: number): void;
  /** A receive_message that was not a bench message. */
  stray(): void;
  disconnect(): void;
}

const PREFIX = Buffer.from('42["receive_message",');
const MSG_KEY = Buffer.from('"msg":"');
const BENCH = Buffer.from('bench ');
const ZERO = 0x30;
const NINE = 0x39;
const SPACE = 0x20;
const QUOTE = 0x22;

function startsWith(data: Buffer, prefix: Buffer): boolean {
  if (data.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (data[i] !== prefix[i]) return false;
  return true;
}

/** The decimal number at data[from…] followed by the byte `end`; null when anything else is there. */
function numberAt(data: Buffer, from: number, end: number): { value: number; next: number } | null {
  let value = 0;
  let i = from;
  for (; i < data.length; i++) {
    const c = data[i]!;
    if (c >= ZERO && c <= NINE) value = value * 10 + (c - ZERO);
    else break;
  }
  if (i === from || data[i] !== end) return null;
  return { value, next: i + 1 };
}

/** Handles one received `42["receive_message",…]` frame. */
function onChat(data: Buffer, listener: LeanListener): void {
  const key = data.indexOf(MSG_KEY, PREFIX.length);
  if (key < 0) return listener.stray();
  let at = key + MSG_KEY.length;
  for (let i = 0; i < BENCH.length; i++, at++) if (data[at] !== BENCH[i]) return listener.stray();
  const phase = numberAt(data, at, SPACE);
  const seq = phase && numberAt(data, phase.next, QUOTE);
  if (!phase || !seq) return listener.stray();
  listener.deliver(phase.value, seq.value);
}

/** What a frame's handling may do to its socket. */
export interface FrameContext {
  listener: LeanListener;
  /** The namespace connect was accepted. */
  admit(): void;
  refuse(why: string): void;
  send(text: string): void;
  close(): void;
  token: string;
}

/** One Engine.IO packet (a WebSocket text frame's payload), as socket.io-client would take it. */
export function onFrame(data: Buffer, ctx: FrameContext): void {
  const type = data[0];
  if (type === 0x34 /* 4: message */) {
    const kind = data[1];
    if (kind === 0x32 /* 2: event */) {
      if (startsWith(data, PREFIX)) onChat(data, ctx.listener);
    } else if (kind === 0x30 /* 0: namespace connected */) {
      ctx.admit();
    } else if (kind === 0x34 /* 4: connect error */) {
      ctx.refuse(data.toString('utf8', 2));
    } else if (kind === 0x31 /* 1: disconnect */) {
      ctx.close();
    }
  } else if (type === 0x32 /* 2: ping */) {
    ctx.send('3');
  } else if (type === 0x30 /* 0: open */) {
    ctx.send(`40${JSON.stringify({ token: ctx.token })}`);
  } else if (type === 0x31 /* 1: close */) {
    ctx.close();
  }
}

/**
 * The namespace connect both bench sockets wait for (this file's and ./chat-raw-socket.ts's): one
 * timeout, one settlement, and the frame context. `closed` is for the connection's close: a
 * disconnect once admitted, a failure before.
 */
export function admission(o: {
  name: string;
  listener: LeanListener;
  token: string;
  timeoutMs: number;
  /** Drops the connection after a failure. */
  end(): void;
  send(text: string): void;
  close(): void;
  admitted(): void;
  reject(err: Error): void;
}): { ctx: FrameContext; fail(err: Error): void; closed(): void } {
  let admitted = false;
  let settled = false;
  const fail = (err: Error) => {
    clearTimeout(timer);
    if (settled) return;
    settled = true;
    o.end();
    o.reject(err);
  };
  const timer = setTimeout(() => fail(new Error(`${o.name}: no namespace connect within the timeout`)), o.timeoutMs);
  const ctx: FrameContext = {
    listener: o.listener,
    admit: () => {
      admitted = true;
      settled = true;
      clearTimeout(timer);
      o.admitted();
    },
    refuse: (why) => fail(new Error(`${o.name} refused: ${why}`)),
    send: o.send,
    close: o.close,
    token: o.token,
  };
  const closed = () => {
    if (admitted) o.listener.disconnect();
    else fail(new Error(`${o.name} closed before the namespace connect`));
  };
  return { ctx, fail, closed };
}

/** The WebSocket URL of the live connection at `base` (http://host:port). */
export const leanUrl = (base: string, path: string): string => `${base.replace(/^http/, 'ws')}${path}/?EIO=4&transport=websocket`;

export class LeanSocket {
  private constructor(private readonly ws: WebSocket) {}

  /** What the WebSocket negotiated ('' for none). */
  get extensions(): string {
    return this.ws.extensions;
  }

  /** Opens a socket and joins the main namespace with `token`; resolves once the server admits it. */
  static open(url: string, token: string, listener: LeanListener, timeoutMs: number): Promise<LeanSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { skipUTF8Validation: true });
      const socket = new LeanSocket(ws);
      const { ctx, fail, closed } = admission({
        name: 'lean socket',
        listener,
        token,
        timeoutMs,
        end: () => ws.terminate(),
        send: (text) => ws.send(text),
        close: () => ws.close(),
        admitted: () => resolve(socket),
        reject,
      });
      ws.on('message', (data: Buffer) => onFrame(data, ctx));
      ws.once('close', closed);
      ws.on('error', (err) => fail(err));
    });
  }

  close(): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send('41');
    this.ws.close();
  }
}
