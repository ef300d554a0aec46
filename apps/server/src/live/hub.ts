/**
 * The live connection (issue 13, API-CONTRACT "Live connection"): Socket.IO on the API's own port
 * and path /socket.io. The handshake's token is checked like an HTTP token (signature, expiry, the
 * account as it is now); a socket joins only the rooms its account gives it (`user:<id>`,
 * `role:<role>`, and the posts it watches). Committed write events reach sockets from here; with
 * REDIS_URL the Redis adapter carries every emit to the sockets of every process.
 *
 * Issue 25 bounds what one client can hold: open sockets per account and per address (./seats.ts,
 * across processes with Redis), watched rooms of existing posts only, and a socket ends when its
 * token expires (nothing is delivered to it after `exp`). Rooms are the adapter's in-memory maps
 * (the Redis adapter keeps no per-room state in Redis: one pattern subscription carries every room),
 * and Socket.IO deletes a room when its last socket leaves or disconnects.
 *
 * Fan-out: Socket.IO encodes a broadcast once; its frame goes straight to each WebSocket's TCP
 * connection, and a connection is written at most once per LIVE_WRITE_WINDOW_MS while broadcasts
 * keep coming, however many they are (./write-batching.ts).
 */
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import {
  LIVE_DEFAULTS,
  LIVE_EVENTS,
  LIVE_LIMITS,
  LIVE_TEXTS,
  ROOMS,
  currentStateFor,
  type ClientToServerEvents,
  type PostUpdate,
  type ServerToClientEvents,
  type WatchAck,
} from '@civicpulse/shared';
import type { EventOf } from '../events/index.js';
import { presentLiveNotification } from '../modules/notifications/index.js';
import type { ChatService } from '../modules/chat/index.js';
import type { PostsService } from '../modules/posts/index.js';
import type { Config } from '../config.js';
import type { EventBus } from '../events/index.js';
import type { SessionDeps } from '../plugins/auth.js';
import { resolveAccount, resolveSession } from '../plugins/auth.js';
import { LiveSeats } from './seats.js';
import { WriteBatching } from './write-batching.js';

interface SocketData {
  accountId: string;
  token: string;
  /** The token's expiry, epoch seconds: the socket is closed then. */
  exp: number;
}

type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

const POST_ID = /^[0-9a-f]{24}$/;
/** setTimeout's longest delay (about 24.8 days); a longer token lifetime is waited out in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const POST_ROOM_PREFIX = ROOMS.post('');

interface Log {
  warn(obj: object, msg: string): void;
}

const ADAPTER_COMMANDS = ['publish', 'subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'] as const;

function catchAdapterRejections(client: Redis, log: Log): Redis {
  const methods = client as unknown as Record<(typeof ADAPTER_COMMANDS)[number], (...args: unknown[]) => unknown>;
  for (const name of ADAPTER_COMMANDS) {
    const command = methods[name].bind(client);
    methods[name] = (...args: unknown[]) => {
      const result = command(...args);
      // The same promise goes back to the adapter; the catch only marks its rejection as handled.
      if (result instanceof Promise) result.catch((err: unknown) => log.warn({ err, command: name }, 'live adapter Redis command failed'));
      return result;
    };
  }
  return client;
}

/** What the live connection is given: sign-in checks, the committed events, chat, and post lookups. */
export interface LiveDeps extends SessionDeps {
  config: Pick<Config, 'corsOrigins' | 'live' | 'trustProxy' | 'publicUrl' | 'redisKeyPrefix'>;
  bus: EventBus;
  chat: Pick<ChatService, 'sendFromSocket'>;
  posts: Pick<PostsService, 'existingIds' | 'find'>;
}

export class LiveHub {
  readonly io: LiveServer;
  private readonly adapterClients: Redis[] = [];
  /** Each socket's last watch or unwatch request, settled once it applied (see inOrder); gone with the socket. */
  private readonly roomOps = new WeakMap<LiveSocket, Promise<unknown>>();
  readonly seats: LiveSeats;
  /** Broadcasts go straight to each WebSocket's TCP connection, a write per window (./write-batching.ts). */
  readonly batching: WriteBatching;

  constructor(
    httpServer: HttpServer,
    private readonly ctx: LiveDeps,
    opts: { redis: Redis | undefined; log: Log },
  ) {
    const origins = ctx.config.corsOrigins;
    this.io = new Server(httpServer, {
      path: LIVE_DEFAULTS.path,
      serveClient: false,
      // A chat message is at most 2,000 characters; nothing a client sends is larger than this.
      maxHttpBufferSize: 64 * 1024,
      ...(origins.length > 0 ? { cors: { origin: origins, methods: ['GET', 'POST'] } } : {}),
    });
    this.batching = new WriteBatching(ctx.config.live.writeWindowMs, ctx.config.live.writeSlice, ctx.config.live.writeWindowFullAt, ctx.config.live.writeTurnMs);
    this.batching.attach(this.io.engine);
    if (opts.redis) {
      // The adapter never catches its publish/subscribe promises, and a rejection nobody handles
      // ends the process: during a Redis outage every emit would. So they are logged here instead.
      // The subscriber waits for Redis without a retry cap: a subscription that failed at start
      // would never be renewed (ioredis resubscribes only what succeeded); /api/ready shows the outage.
      const pub = catchAdapterRejections(opts.redis.duplicate(), opts.log);
      const sub = catchAdapterRejections(opts.redis.duplicate({ maxRetriesPerRequest: null }), opts.log);
      for (const client of [pub, sub]) client.on('error', (err: unknown) => opts.log.warn({ err }, 'live adapter Redis connection failed'));
      this.adapterClients.push(pub, sub);
      // Channels are not keys: ioredis's keyPrefix does not reach them, so the prefix is put here.
      this.io.adapter(createAdapter(pub, sub, { key: `${ctx.config.redisKeyPrefix}civicpulse-live` }));
    }
    // After the adapter is chosen: its broadcasts wait for the release as runs (./write-batching.ts).
    this.batching.attachAdapter(this.io.of('/').adapter as unknown as Parameters<WriteBatching['attachAdapter']>[0]);
    this.seats = new LiveSeats(opts.redis, ctx.config.live, opts.log);
    this.io.use((socket, next) => {
      // A handshake whose connection closes before it completes never gets a disconnect event
      // (Socket.IO drops it quietly): the engine connection's close gives its seats back then.
      const release = () => this.seats.release(socket.id);
      socket.conn.once('close', release);
      socket.once('disconnect', () => {
        socket.conn.off('close', release);
        release();
      });
      // A refused socket holds no seat; its listener goes too (a client may retry on the same connection).
      const refuse = () => socket.conn.off('close', release);
      this.admit(socket).then(
        (refusal) => {
          if (refusal !== null) refuse();
          next(refusal === null ? undefined : new Error(refusal));
        },
        (err: unknown) => {
          release();
          refuse();
          opts.log.warn({ err }, 'live handshake failed');
          next(new Error(LIVE_TEXTS.unauthorized));
        },
      );
    });
    this.io.on('connection', (socket) => this.onConnection(socket, opts.log));
    this.listen();
  }

  /** Checks the token and takes the socket's seats; null when admitted, else the refusal's text. */
  private async admit(socket: LiveSocket): Promise<string | null> {
    const auth: unknown = socket.handshake.auth;
    const token = auth && typeof auth === 'object' && typeof (auth as { token?: unknown }).token === 'string' ? (auth as { token: string }).token : null;
    if (!token || token.length > 4096) return LIVE_TEXTS.unauthorized;
    const session = await resolveSession(this.ctx, token);
    if (!session) return LIVE_TEXTS.unauthorized;
    const refusal = await this.seats.take(socket.id, { account: session.account.id, address: this.addressOf(socket) });
    if (refusal) return refusal === 'account' ? LIVE_TEXTS.tooManyForAccount : LIVE_TEXTS.tooManyFromAddress;
    socket.data.token = token;
    socket.data.accountId = session.account.id;
    socket.data.exp = session.exp;
    void socket.join([ROOMS.user(session.account.id), ROOMS.role(session.account.role)]);
    return null;
  }

  /**
   * The client's address as HTTP reads it (request.ip): with TRUST_PROXY, the first address of the
   * proxy's X-Forwarded-For (Fastify's trustProxy: true trusts every hop); otherwise the peer.
   */
  private addressOf(socket: LiveSocket): string {
    if (this.ctx.config.trustProxy) {
      const header = socket.handshake.headers['x-forwarded-for'];
      const first = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')[0]?.trim();
      if (first) return first;
    }
    return socket.handshake.address;
  }

  private expired(socket: LiveSocket): boolean {
    return Date.now() >= socket.data.exp * 1000;
  }

  /**
   * Closes the socket when its token expires (a server disconnect: the web app does not retry it; its
   * session meets the same expiry on its next API call). Between the moment and the timer (a busy
   * event loop runs timers late) every outgoing packet and incoming request checks the expiry too.
   */
  private endAtExpiry(socket: LiveSocket): void {
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      const left = socket.data.exp * 1000 - Date.now();
      if (left <= 0) {
        socket.disconnect(true);
        return;
      }
      timer = setTimeout(arm, Math.min(left, MAX_TIMER_MS));
    };
    socket.once('disconnect', () => clearTimeout(timer));
    // Called before each packet is written, broadcasts from other processes included; a closed
    // connection writes nothing more, so the packet that found the socket expired is dropped.
    socket.onAnyOutgoing(() => {
      if (this.expired(socket)) socket.disconnect(true);
    });
    socket.use((_packet, next) => {
      if (this.expired(socket)) socket.disconnect(true);
      else next();
    });
    arm();
  }

  private originOf(socket: LiveSocket): string {
    if (this.ctx.config.publicUrl) return this.ctx.config.publicUrl;
    return `${socket.handshake.secure ? 'https' : 'http'}://${socket.handshake.headers.host ?? 'localhost'}`;
  }

  private onConnection(socket: LiveSocket, log: Log): void {
    this.endAtExpiry(socket);
    if (!socket.connected) return;
    socket.on(LIVE_EVENTS.sendMessage, (payload, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      // The account as it is now: a token that stopped working (deleted, password changed) sends nothing.
      resolveAccount(this.ctx, socket.data.token)
        .then(async (account) => {
          if (!account) {
            reply({ ok: false, message: LIVE_TEXTS.unauthorized });
            socket.disconnect(true);
            return;
          }
          reply(await this.ctx.chat.sendFromSocket(account, payload, this.originOf(socket)));
        })
        .catch((err: unknown) => {
          log.warn({ err }, 'live send_message failed');
          reply({ ok: false, message: LIVE_TEXTS.badPayload });
        });
    });
    socket.on(LIVE_EVENTS.watchPosts, (ids, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      this.inOrder(socket, () => this.watch(socket, ids)).then(reply, (err: unknown) => {
        log.warn({ err }, 'live watch_posts failed');
        reply({ ok: false, message: LIVE_TEXTS.badPayload });
      });
    });
    socket.on(LIVE_EVENTS.unwatchPosts, (ids, ack) => {
      const reply = typeof ack === 'function' ? ack : (): void => undefined;
      void this.inOrder(socket, () => Promise.resolve(this.unwatch(socket, ids))).then(reply);
    });
  }

  /**
   * A socket's watch and unwatch requests apply in the order they came. A watch waits for its query,
   * so without this an unwatch sent right after it (a card that mounted and unmounted at once) would
   * apply first and the late join would leave the socket in a room its tab had left.
   */
  private inOrder<T>(socket: LiveSocket, op: () => Promise<T>): Promise<T> {
    const run = (this.roomOps.get(socket) ?? Promise.resolve()).then(op);
    this.roomOps.set(socket, run.catch(() => undefined));
    return run;
  }

  private unwatch(socket: LiveSocket, ids: unknown): WatchAck {
    const valid = this.postIds(ids);
    if (!valid) return { ok: false, message: LIVE_TEXTS.badPayload };
    for (const id of valid) void socket.leave(ROOMS.post(id));
    return { ok: true, watching: this.watched(socket) };
  }

  /**
   * Joins the rooms of the ids that are posts (one primary-key query of at most watchedPostsMax ids);
   * ids of no post join nothing and come back as `unknown` (issue 25: 300,000 rooms of posts that do
   * not exist cost 94 MB).
   */
  private async watch(socket: LiveSocket, ids: unknown): Promise<WatchAck> {
    const valid = this.postIds(ids);
    if (!valid) return { ok: false, message: LIVE_TEXTS.badPayload };
    const fresh = valid.filter((id) => !socket.rooms.has(ROOMS.post(id)));
    // A full socket costs no query.
    if (fresh.length > 0 && this.watched(socket) >= LIVE_LIMITS.watchedPostsMax) return { ok: false, message: LIVE_TEXTS.tooManyWatched, watching: this.watched(socket) };
    const existing = fresh.length > 0 ? await this.ctx.posts.existingIds(fresh) : new Set<string>();
    const unknown = fresh.filter((id) => !existing.has(id));
    // Counted again after the query: another watch_posts of this socket may have joined meanwhile.
    const join = fresh.filter((id) => existing.has(id) && !socket.rooms.has(ROOMS.post(id)));
    const watching = this.watched(socket);
    if (watching + join.length > LIVE_LIMITS.watchedPostsMax) return { ok: false, message: LIVE_TEXTS.tooManyWatched, watching };
    if (!socket.connected) return { ok: false, message: LIVE_TEXTS.unauthorized };
    void socket.join(join.map((id) => ROOMS.post(id)));
    return { ok: true, watching: watching + join.length, ...(unknown.length > 0 ? { unknown } : {}) };
  }

  private postIds(ids: unknown): string[] | null {
    if (!Array.isArray(ids) || ids.length > LIVE_LIMITS.watchedPostsMax) return null;
    if (!ids.every((id): id is string => typeof id === 'string' && POST_ID.test(id))) return null;
    return [...new Set(ids)];
  }

  private watched(socket: LiveSocket): number {
    let n = 0;
    for (const room of socket.rooms) if (room.startsWith(POST_ROOM_PREFIX)) n++;
    return n;
  }

  /** Committed events → sockets (through the adapter: every process's sockets). */
  private listen(): void {
    const { bus } = this.ctx;
    bus.on('chat', (e) => {
      this.io.to(ROOMS.role('user')).emit(LIVE_EVENTS.receiveMessage, e.message);
    });
    bus.on('notify', (e) => {
      this.io.to(ROOMS.user(e.row.recipient_id)).emit(LIVE_EVENTS.notification, presentLiveNotification(e.row));
    });
    bus.on('postChanged', (e) => this.postChanged(e));
    bus.on('sessionsEnded', (e) => {
      this.io.in(ROOMS.user(e.accountId)).disconnectSockets(true);
    });
  }

  private async postChanged(e: EventOf<'postChanged'>): Promise<void> {
    const room = ROOMS.post(e.postId);
    if (e.reason === 'deleted') {
      this.io.to(room).emit(LIVE_EVENTS.postUpdate, {
        postId: e.postId,
        reason: 'deleted',
        upvoteCount: 0,
        downvoteCount: 0,
        commentCount: 0,
        progressState: 'Unseen',
        currentState: currentStateFor('Unseen'),
        assignedGovernment: null,
      });
      // Nobody can watch it any more: its room goes (on every process).
      this.io.in(room).socketsLeave(room);
      return;
    }
    // The counts as committed, read once per change whoever caused it.
    const row = await this.ctx.posts.find(e.postId);
    if (!row) return;
    const update: PostUpdate = {
      postId: row.id,
      reason: e.reason,
      upvoteCount: row.upvote_count,
      downvoteCount: row.downvote_count,
      commentCount: row.comment_count,
      progressState: row.progress_state,
      currentState: row.current_state,
      assignedGovernment: row.assigned_government,
      ...(e.comment ? { comment: e.comment } : {}),
    };
    this.io.to(room).emit(LIVE_EVENTS.postUpdate, update);
  }

  /**
   * Before the HTTP server closes (upgraded connections are not its to close). The transports are
   * closed without a Socket.IO disconnect packet: a client then sees 'transport close' and
   * reconnects with its usual backoff, through the load balancer, to a process still running (a
   * server-side disconnect would tell it to stay away for good).
   */
  close(): void {
    this.batching.flush();
    this.io.engine.close();
    this.seats.close();
  }

  async closeAdapter(): Promise<void> {
    await Promise.allSettled([this.io.of('/').adapter.close()]);
    for (const c of this.adapterClients) c.disconnect();
  }
}
