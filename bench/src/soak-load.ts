/**
 * The soak's workload (bench/src/soak.ts): citizens reading the feed (a first page and the next one by
 * cursor), single reports, the public list and a public report, voting, commenting, filing new
 * reports with a photo and chatting, while their live sockets watch the reports on screen and
 * receive post updates, notifications and chat messages.
 *
 * Every live delivery is checked. All sockets watch the "hot" reports (the feed's first page at the
 * start, then each new report as it is filed, the newest SOAK_HOT of them); votes and comments go to
 * hot reports only, so each successful vote or comment owes a `post_update` to every socket, each
 * comment on a soak account's report a `notification` to that account's sockets (not the
 * commenter's own), and each chat message a `receive_message` to every socket. A report leaves the
 * hot set when a newer one comes, and is unwatched once no request on it is in flight and 10 s have
 * passed since its last answer. Besides, a socket watches the feed page its account just read (as
 * the web app watches the cards on screen) and leaves the previous one: ids of hot reports are
 * never left that way. After the run the bench waits for late deliveries and counts the missing.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import {
  LIVE_DEFAULTS,
  LIVE_EVENTS,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type WatchAck,
} from '@civicpulse/shared';

export const KINDS = ['feed', 'feedNext', 'post', 'publicList', 'publicPost', 'vote', 'comment', 'create', 'chat'] as const;
export type Kind = (typeof KINDS)[number];

export const KIND_LABELS: Record<Kind, string> = {
  feed: 'feed page 1 (GET /api/user/allPosts?limit=20)',
  feedNext: 'feed next page (…&cursor=)',
  post: 'single report (GET /api/posts/post/:id)',
  publicList: 'public list (GET /api/public/posts?…)',
  publicPost: 'public report (GET /api/public/posts/:id)',
  vote: 'vote (PUT /api/posts/votePost)',
  comment: 'comment (POST /api/posts/addComment)',
  create: 'new report + photo (POST /api/user/createPost, multipart)',
  chat: 'chat message (POST /api/user/sendMessage)',
};

/** Share of requests per kind (percent); SOAK_MIX overrides, e.g. `vote=30,chat=1`. */
export const DEFAULT_MIX: Record<Kind, number> = {
  feed: 26,
  feedNext: 10,
  post: 15,
  publicList: 8,
  publicPost: 8,
  vote: 18,
  comment: 10,
  create: 2,
  chat: 3,
};

/** What each kind answers when all is well. */
const EXPECTED_STATUS: Record<Kind, number> = {
  feed: 200,
  feedNext: 200,
  post: 200,
  publicList: 200,
  publicPost: 200,
  vote: 200,
  comment: 201,
  create: 201,
  chat: 201,
};

const PUBLIC_LISTS = [
  '/api/public/posts',
  '/api/public/posts?category=roads&sort=mostUpvotes',
  '/api/public/posts?city=mumbai',
  '/api/public/posts?state=Maharashtra&sort=oldest',
  '/api/public/posts?progress=Unseen',
];

/** A new report's place: Dadar, Mumbai (as the server's tests file them). */
const LOCATION = JSON.stringify({
  state: 'Maharashtra',
  landmark: 'Near Shivaji Park gate',
  address: 'Senapati Bapat Marg, Dadar West',
  pincode: '400028',
  coordinates: { lat: 19.0269, lng: 72.8383 },
});

/** How long a request may take before it counts as an error. */
const REQUEST_TIMEOUT_MS = 30_000;
/** A retired hot report is unwatched this long after its last answer (and none in flight). */
const UNWATCH_AFTER_MS = 10_000;

export interface Actor {
  id: string;
  token: string;
}

export interface Sample {
  kind: Kind;
  /** When the request was due (performance.now()): the open loop's schedule, the closed loop's send. */
  due: number;
  /** Due to the answer's last byte, ms. */
  ms: number;
  ok: boolean;
}

export interface ErrorNote {
  at: number;
  what: string;
}

type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

interface Watcher {
  socket: LiveSocket;
  index: number;
  actor: number;
  /** The feed page this socket watches besides the hot reports. */
  feedWatched: Set<string>;
}

interface Hot {
  id: string;
  author: string;
  inflight: number;
  lastAnswer: number;
}

interface ChatExpectation {
  sent: number;
  got: number;
  /** false once its POST failed: deliveries then are not owed. */
  owed: boolean;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class Workload {
  readonly samples: Sample[] = [];
  readonly errors: ErrorNote[] = [];
  errorCount = 0;
  /** Live: deliveries owed and received, per `socket|post|reason`. */
  private readonly owed = new Map<string, number>();
  private readonly got = new Map<string, number>();
  private readonly chats = new Map<string, ChatExpectation>();
  /** Each chat delivery: when its message was due (performance.now()) and how late it arrived, ms. */
  private readonly chatLatency: Array<{ due: number; ms: number }> = [];
  stray = { postUpdates: 0, notifications: 0, messages: 0 };
  disconnects = 0;
  watchCalls = 0;
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  private readonly watchers: Watcher[] = [];
  private readonly hot: Hot[] = [];
  private readonly retired: Hot[] = [];
  /** Ids every socket watches or is being asked to (never left by a feed page change). */
  private readonly hotKnown = new Set<string>();
  private readonly readPool: string[] = [];
  private readonly cursors: string[] = [];
  private readonly accountIds: Map<string, number>;
  private readonly runId = randomBytes(3).toString('hex');
  private chatSeq = 0;
  private postSeq = 0;
  private readonly picks: Kind[];
  private sweeper: NodeJS.Timeout | undefined;
  /** Sockets are expected up; a disconnect after this is an error. */
  private live = false;

  constructor(
    private readonly url: string,
    private readonly actors: Actor[],
    private readonly photos: Array<{ data: Buffer; type: string; name: string }>,
    mix: Record<Kind, number>,
    private readonly hotMax: number,
  ) {
    this.accountIds = new Map(actors.map((a, i) => [a.id, i]));
    // 1,000 slots in proportion to the mix: a pick is one random index.
    const total = KINDS.reduce((n, k) => n + mix[k], 0);
    this.picks = KINDS.flatMap((k) => Array.from({ length: Math.round((mix[k] / total) * 1000) }, () => k));
  }

  pick(): Kind {
    return this.picks[Math.floor(Math.random() * this.picks.length)]!;
  }

  error(what: string): void {
    this.errorCount++;
    if (this.errors.length < 50) this.errors.push({ at: Date.now(), what });
  }

  // ---- HTTP ----

  private request(method: string, path: string, opts: { token?: string; json?: object; body?: Buffer; type?: string } = {}): Promise<{ status: number; text: string }> {
    const payload = opts.json ? Buffer.from(JSON.stringify(opts.json)) : opts.body;
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${this.url}${path}`,
        {
          method,
          agent: this.agent,
          headers: {
            ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
            ...(payload ? { 'content-type': opts.json ? 'application/json' : opts.type!, 'content-length': payload.length } : {}),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          res.on('error', reject);
        },
      );
      req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  // ---- live sockets ----

  async connect(count: number): Promise<void> {
    for (let i = 0; i < count; i++) {
      const actor = i % this.actors.length;
      const socket: LiveSocket = io(this.url, { ...LIVE_DEFAULTS, auth: { token: this.actors[actor]!.token }, transports: ['websocket'], forceNew: true });
      const w: Watcher = { socket, index: i, actor, feedWatched: new Set() };
      socket.on(LIVE_EVENTS.postUpdate, (u) => this.count(`${i}|${u.postId}|${u.reason}`));
      socket.on(LIVE_EVENTS.notification, (n) => {
        if (n.type === 'comment' && n.postId) this.count(`${i}|${n.postId}|notify`);
        else this.stray.notifications++;
      });
      socket.on(LIVE_EVENTS.receiveMessage, (m) => {
        const c = this.chats.get(m.msg);
        if (!c) return void this.stray.messages++;
        c.got++;
        this.chatLatency.push({ due: c.sent, ms: performance.now() - c.sent });
      });
      socket.on('disconnect', (reason) => {
        if (!this.live) return;
        this.disconnects++;
        this.error(`socket ${i} disconnected: ${reason}`);
      });
      socket.on('connect_error', (err) => this.error(`socket ${i} connect_error: ${err.message}`));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      this.watchers.push(w);
    }
    this.live = true;
    this.sweeper = setInterval(() => this.sweep(), 1000);
  }

  /**
   * The chat deliveries' latencies of the messages due from `from` on: the soak's own, without the
   * capacity search's steps (its last step is past capacity by design, seconds late).
   */
  chatLatencySince(from: number): number[] {
    return this.chatLatency.filter((l) => l.due >= from).map((l) => l.ms);
  }

  /** A delivery may come before the answer that makes it owed: counted now, reconciled at the end. */
  private count(key: string): void {
    this.got.set(key, (this.got.get(key) ?? 0) + 1);
  }

  private owe(key: string): void {
    this.owed.set(key, (this.owed.get(key) ?? 0) + 1);
  }

  private watch(w: Watcher, event: 'watch_posts' | 'unwatch_posts', ids: string[]): Promise<void> {
    if (ids.length === 0) return Promise.resolve();
    this.watchCalls++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.error(`socket ${w.index} ${event}: no ack within 10 s`);
        resolve();
      }, 10_000);
      w.socket.emit(event, ids, (ack: WatchAck) => {
        clearTimeout(timer);
        if (!ack.ok) this.error(`socket ${w.index} ${event}: ${JSON.stringify(ack)}`);
        else if (event === 'watch_posts' && ack.unknown?.length) this.error(`socket ${w.index} watch_posts: unknown ${ack.unknown.join(',')}`);
        resolve();
      });
    });
  }

  /** Every socket watches the report; then votes and comments may go to it. */
  private async addHot(id: string, author: string): Promise<void> {
    this.hotKnown.add(id);
    await Promise.all(this.watchers.map((w) => this.watch(w, 'watch_posts', [id])));
    this.hot.push({ id, author, inflight: 0, lastAnswer: performance.now() });
    while (this.hot.length > this.hotMax) this.retired.push(this.hot.shift()!);
  }

  private sweep(): void {
    const now = performance.now();
    for (let i = this.retired.length - 1; i >= 0; i--) {
      const h = this.retired[i]!;
      if (h.inflight > 0 || now - h.lastAnswer < UNWATCH_AFTER_MS) continue;
      this.retired.splice(i, 1);
      this.hotKnown.delete(h.id);
      for (const w of this.watchers) void this.watch(w, 'unwatch_posts', [h.id]);
    }
  }

  /** The web app watches the cards on screen: this account's socket follows the page it read. */
  private watchPage(actor: number, ids: string[]): void {
    const mine = this.watchers.filter((w) => w.actor === actor);
    const w = mine[Math.floor(Math.random() * mine.length)];
    if (!w) return;
    const page = new Set(ids.filter((id) => !this.hotKnown.has(id)));
    const leave = [...w.feedWatched].filter((id) => !page.has(id) && !this.hotKnown.has(id));
    const join = [...page].filter((id) => !w.feedWatched.has(id));
    w.feedWatched = page;
    void this.watch(w, 'unwatch_posts', leave);
    void this.watch(w, 'watch_posts', join);
  }

  // ---- the requests ----

  /** Reads the first feed page and watches its reports on every socket: the first hot set. */
  async prime(): Promise<void> {
    const res = await this.request('GET', '/api/user/allPosts?limit=20', { token: this.actors[0]!.token });
    if (res.status !== 200) throw new Error(`feed: ${res.status} ${res.text}`);
    const body = JSON.parse(res.text) as { posts: Array<{ _id: string; user: { _id: string } }>; nextCursor: string | null };
    if (body.nextCursor) this.cursors.push(body.nextCursor);
    for (const p of [...body.posts].reverse()) {
      this.remember(p._id);
      await this.addHot(p._id, p.user._id);
    }
  }

  private remember(id: string): void {
    if (this.readPool.length < 2000) this.readPool.push(id);
    else this.readPool[Math.floor(Math.random() * this.readPool.length)] = id;
  }

  private anyPost(): string {
    const useHot = this.hot.length > 0 && (this.readPool.length === 0 || Math.random() < 0.5);
    return useHot ? this.hot[Math.floor(Math.random() * this.hot.length)]!.id : this.readPool[Math.floor(Math.random() * this.readPool.length)]!;
  }

  /** Sends one request of `kind`; records its latency from `due` and whether it answered as expected. */
  async run(kind: Kind, due: number): Promise<void> {
    const a = Math.floor(Math.random() * this.actors.length);
    const actor = this.actors[a]!;
    let status = 0;
    let text = '';
    let target: Hot | undefined;
    let chatKey: string | undefined;
    try {
      switch (kind) {
        case 'feed':
        case 'feedNext': {
          const cursor = kind === 'feedNext' ? this.cursors[Math.floor(Math.random() * this.cursors.length)] : undefined;
          ({ status, text } = await this.request('GET', `/api/user/allPosts?limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token: actor.token }));
          if (status === 200) {
            const body = JSON.parse(text) as { posts: Array<{ _id: string }>; nextCursor: string | null };
            const ids = body.posts.map((p) => p._id);
            for (const id of ids) this.remember(id);
            if (kind === 'feed' && body.nextCursor) {
              if (this.cursors.length < 50) this.cursors.push(body.nextCursor);
              else this.cursors[Math.floor(Math.random() * 50)] = body.nextCursor;
            }
            if (kind === 'feed') this.watchPage(a, ids);
          }
          break;
        }
        case 'post':
          ({ status, text } = await this.request('GET', `/api/posts/post/${this.anyPost()}`, { token: actor.token }));
          break;
        case 'publicList':
          ({ status, text } = await this.request('GET', PUBLIC_LISTS[Math.floor(Math.random() * PUBLIC_LISTS.length)]!));
          break;
        case 'publicPost':
          ({ status, text } = await this.request('GET', `/api/public/posts/${this.anyPost()}`));
          break;
        case 'vote':
        case 'comment': {
          target = this.hot[Math.floor(Math.random() * this.hot.length)]!;
          target.inflight++;
          if (kind === 'vote') {
            ({ status, text } = await this.request('PUT', '/api/posts/votePost', { token: actor.token, json: { postId: target.id, type: Math.random() < 0.75 ? 'upvote' : 'downvote' } }));
          } else {
            ({ status, text } = await this.request('POST', '/api/posts/addComment', { token: actor.token, json: { postId: target.id, content: `Soak comment ${++this.postSeq}: still not fixed` } }));
          }
          if (status === EXPECTED_STATUS[kind]) {
            for (const w of this.watchers) this.owe(`${w.index}|${target.id}|${kind}`);
            const author = this.accountIds.get(target.author);
            if (kind === 'comment' && author !== undefined && author !== a) {
              for (const w of this.watchers) if (w.actor === author) this.owe(`${w.index}|${target.id}|notify`);
            }
          }
          break;
        }
        case 'create': {
          const photo = this.photos[Math.floor(Math.random() * this.photos.length)]!;
          const form = multipart(
            { caption: `Soak report ${++this.postSeq}: broken streetlight near the school`, priority: 'Medium', category: 'streetlights', location: LOCATION },
            [{ field: 'images', filename: photo.name, type: photo.type, data: photo.data }],
          );
          ({ status, text } = await this.request('POST', '/api/user/createPost', { token: actor.token, body: form.body, type: form.type }));
          if (status === 201) {
            const { post } = JSON.parse(text) as { post: { _id: string } };
            this.remember(post._id);
            void this.addHot(post._id, actor.id);
          }
          break;
        }
        case 'chat': {
          chatKey = `soak ${this.runId} ${++this.chatSeq}`;
          this.chats.set(chatKey, { sent: due, got: 0, owed: true });
          ({ status, text } = await this.request('POST', '/api/user/sendMessage', { token: actor.token, json: { msg: chatKey } }));
          break;
        }
      }
    } catch (err) {
      status = -1;
      text = err instanceof Error ? err.message : String(err);
    } finally {
      if (target) {
        target.inflight--;
        target.lastAnswer = performance.now();
      }
    }
    const ok = status === EXPECTED_STATUS[kind];
    if (!ok) {
      if (chatKey) this.chats.get(chatKey)!.owed = false;
      this.error(`${kind}: ${status === -1 ? 'request failed' : `HTTP ${status}`} ${text.slice(0, 200)}`);
    }
    this.samples.push({ kind, due, ms: performance.now() - due, ok });
  }

  // ---- the end ----

  /**
   * Deliveries nobody owed: post updates of a feed page's rooms, other notification kinds, chat
   * messages of another server sharing the Redis (the adapter's channel is one for every process).
   */
  extra(): { postUpdates: number; notifications: number; messages: number } {
    const x = { ...this.stray };
    for (const [key, n] of this.got) {
      const more = Math.max(0, n - (this.owed.get(key) ?? 0));
      if (key.endsWith('|notify')) x.notifications += more;
      else x.postUpdates += more;
    }
    return x;
  }

  /** Deliveries owed and not (yet) received. */
  missing(): { postUpdates: number; notifications: number; messages: number; owed: { postUpdates: number; notifications: number; messages: number } } {
    const m = { postUpdates: 0, notifications: 0, messages: 0, owed: { postUpdates: 0, notifications: 0, messages: 0 } };
    for (const [key, n] of this.owed) {
      const kind = key.endsWith('|notify') ? 'notifications' : 'postUpdates';
      m.owed[kind] += n;
      m[kind] += Math.max(0, n - (this.got.get(key) ?? 0));
    }
    for (const c of this.chats.values()) {
      if (!c.owed) continue;
      m.owed.messages += this.watchers.length;
      m.messages += Math.max(0, this.watchers.length - c.got);
    }
    return m;
  }

  /** Waits (up to `ms`) for the owed deliveries still on their way. */
  async drain(ms: number): Promise<void> {
    const until = performance.now() + ms;
    while (performance.now() < until) {
      const m = this.missing();
      if (m.postUpdates + m.notifications + m.messages === 0) return;
      await sleep(100);
    }
  }

  async close(): Promise<void> {
    this.live = false;
    clearInterval(this.sweeper);
    for (const w of this.watchers) w.socket.close();
    this.agent.destroy();
  }
}

function multipart(fields: Record<string, string>, files: Array<{ field: string; filename: string; type: string; data: Buffer }>): { body: Buffer; type: string } {
  const boundary = `----civicpulse-soak${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`), f.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}
