/**
 * The one live connection of a signed-in tab (API-CONTRACT "Live connection", spec 9 defaults). Plain
 * TypeScript, no React: LiveProvider starts it with the session's token and stops it on logout; screens
 * subscribe to server events and say which posts they show (ref-counted, so two cards of one post
 * share a room). socket.io-client is loaded on demand (./connect), after the page's load event, so it
 * never weighs on the first paint.
 */
import type { ServerToClientEvents, WatchAck } from '@civicpulse/shared';
import type { LiveSocket } from './connect';
export type LiveEventName = keyof ServerToClientEvents;

/**
 * off: signed out, or refused (bad token; the session's own 401 handling takes over);
 * connecting: the first connection of this session is being made;
 * connected; reconnecting: it was up and dropped, socket.io retries forever.
 */
export type LiveStatus = 'off' | 'connecting' | 'connected' | 'reconnecting';

export interface ConnectInfo {
  /** False on the first connection of a session, true on every later one (something may have been missed). */
  reconnect: boolean;
}

/** The server takes 24-hex post ids only and refuses a whole batch with one bad id. */
const POST_ID = /^[0-9a-f]{24}$/;

/**
 * How long a room is kept after the last card of its post went. Going from the feed to a post page
 * unmounts the feed's card before the page's card mounts, sometimes hundreds of milliseconds later on a
 * busy phone; leaving at once and joining again lost what happened in between (a department's move).
 */
export const LEAVE_AFTER_MS = 2_000;

export interface LiveClientOptions {
  /** See LEAVE_AFTER_MS. */
  leaveAfterMs?: number;
}

/** Resolves once the page has loaded (at once if it already has). */
function afterPageLoad(): Promise<void> {
  if (typeof document === 'undefined' || document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

export class LiveClient {
  private socket: LiveSocket | null = null;
  /** Bumped by every start and stop, so a slow import of an earlier start never connects. */
  private generation = 0;
  private status: LiveStatus = 'off';
  private hasConnected = false;
  private readonly statusListeners = new Set<() => void>();
  private readonly eventHandlers = new Map<LiveEventName, Set<(payload: never) => void>>();
  private readonly connectListeners = new Set<(info: ConnectInfo) => void>();

  /** Post id → how many components show it now. */
  private readonly wanted = new Map<string, number>();
  /** Post id → when its last component went (Date.now()); its room is left LEAVE_AFTER_MS later. */
  private readonly unwantedSince = new Map<string, number>();
  private leaveTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly leaveAfterMs: number;
  /**
   * Ids asked for on the current connection (rooms are lost with it) → the watch request that asked.
   * Only that request's answer confirms the id: an answer to an earlier request, sent before the id was
   * left and asked for again, says nothing about the room now.
   */
  private readonly sent = new Map<string, number>();
  private watchRequests = 0;
  /** Ids the server confirmed on the current connection. */
  private readonly acked = new Set<string>();
  private readonly watchListeners = new Set<() => void>();
  private flushQueued = false;
  private warnedFull = false;
  /** The server's cap (LIVE_LIMITS), known once ./connect has loaded. */
  private watchedMax = 0;

  constructor(options: LiveClientOptions = {}) {
    this.leaveAfterMs = options.leaveAfterMs ?? LEAVE_AFTER_MS;
  }

  // ---- lifecycle ----

  /** Connects with this token (dropping any earlier connection). */
  async start(token: string): Promise<void> {
    this.stop();
    const generation = ++this.generation;
    this.setStatus('connecting');
    try {
      await afterPageLoad();
      const { openSocket, WATCHED_POSTS_MAX } = await import('./connect');
      if (generation !== this.generation) return;
      this.watchedMax = WATCHED_POSTS_MAX;
      const socket = openSocket(token);
      this.socket = socket;
      this.wire(socket);
    } catch (error) {
      if (generation !== this.generation) return;
      console.warn('Live connection unavailable', error);
      this.setStatus('off');
    }
  }

  /** Disconnects (logout, another account). Watched posts stay wanted: a new session watches them again. */
  stop(): void {
    this.generation++;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.removeAllListeners();
      socket.disconnect();
    }
    this.hasConnected = false;
    this.resetRooms();
    this.setStatus('off');
  }

  /** Rooms go with the connection, and so do the leaves they were waiting for. */
  private resetRooms(): void {
    this.unwantedSince.clear();
    if (this.leaveTimer) clearTimeout(this.leaveTimer);
    this.leaveTimer = null;
    if (this.sent.size === 0 && this.acked.size === 0) return;
    this.sent.clear();
    this.acked.clear();
    this.notifyWatching();
  }

  private wire(socket: LiveSocket): void {
    socket.on('connect', () => {
      if (socket !== this.socket) return;
      const info: ConnectInfo = { reconnect: this.hasConnected };
      this.hasConnected = true;
      this.resetRooms();
      this.setStatus('connected');
      this.flush();
      for (const listener of [...this.connectListeners]) listener(info);
    });
    socket.on('disconnect', (reason) => {
      if (socket !== this.socket) return;
      this.resetRooms();
      // The server closing the connection itself (the account's sessions ended, its token expired) is final; anything
      // else (network, server restart) is retried by socket.io with the spec's delays.
      this.setStatus(reason === 'io server disconnect' ? 'off' : 'reconnecting');
    });
    socket.on('connect_error', (error) => {
      if (socket !== this.socket) return;
      // A refused handshake is not retried by socket.io: a bad or expired token (the session's next
      // API call meets the same 401 and ends the session), or too many connections for the account or
      // address (issue 25: this tab then stays without live updates rather than knock again and again).
      if (!socket.active) {
        console.warn('Live connection refused:', error.message);
        this.setStatus('off');
      }
    });
    socket.on('receive_message', (message) => this.dispatch('receive_message', message));
    socket.on('notification', (notification) => this.dispatch('notification', notification));
    socket.on('post_update', (update) => this.dispatch('post_update', update));
  }

  // ---- status ----

  getStatus = (): LiveStatus => this.status;

  subscribeStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  private setStatus(status: LiveStatus): void {
    if (status === this.status) return;
    this.status = status;
    // Visible to tests and to anyone debugging: <html data-live="connected">.
    if (typeof document !== 'undefined') document.documentElement.dataset.live = status;
    for (const listener of [...this.statusListeners]) listener();
  }

  // ---- events ----

  on<E extends LiveEventName>(event: E, handler: ServerToClientEvents[E]): () => void {
    let handlers = this.eventHandlers.get(event);
    if (!handlers) {
      handlers = new Set();
      this.eventHandlers.set(event, handlers);
    }
    const stored = handler as (payload: never) => void;
    handlers.add(stored);
    return () => handlers.delete(stored);
  }

  onConnect(listener: (info: ConnectInfo) => void): () => void {
    this.connectListeners.add(listener);
    return () => this.connectListeners.delete(listener);
  }

  private dispatch<E extends LiveEventName>(event: E, payload: Parameters<ServerToClientEvents[E]>[0]): void {
    for (const handler of [...(this.eventHandlers.get(event) ?? [])]) {
      try {
        (handler as (p: typeof payload) => void)(payload);
      } catch (error) {
        console.error(`live ${event} handler failed`, error);
      }
    }
  }

  // ---- watched posts ----

  /** Joins the rooms of these posts while the returned function has not been called. */
  watch(ids: readonly string[]): () => void {
    const mine = [...new Set(ids)].filter((id) => POST_ID.test(id));
    let shownAgain = false;
    for (const id of mine) {
      const count = (this.wanted.get(id) ?? 0) + 1;
      this.wanted.set(id, count);
      this.unwantedSince.delete(id);
      // A room kept through the grace period: this component follows it at once.
      if (count === 1 && this.acked.has(id)) shownAgain = true;
    }
    if (shownAgain) this.notifyWatching();
    this.scheduleFlush();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const now = Date.now();
      let hidden = false;
      for (const id of mine) {
        const count = (this.wanted.get(id) ?? 0) - 1;
        if (count > 0) {
          this.wanted.set(id, count);
        } else {
          this.wanted.delete(id);
          this.unwantedSince.set(id, now);
          if (this.acked.has(id)) hidden = true;
        }
      }
      if (hidden) this.notifyWatching();
      this.scheduleFlush();
    };
  }

  /**
   * True once the server has put this connection in the post's room, while a component shows the post:
   * a card rendered in the moment between one card going and the next one asking is not yet following.
   */
  isWatching = (id: string): boolean => this.acked.has(id) && this.wanted.has(id);

  subscribeWatching = (listener: () => void): (() => void) => {
    this.watchListeners.add(listener);
    return () => this.watchListeners.delete(listener);
  };

  private notifyWatching(): void {
    for (const listener of [...this.watchListeners]) listener();
  }

  /** Cards mount and unmount in bursts (a feed page, StrictMode's double effects): one emit per burst. */
  private scheduleFlush(): void {
    if (this.flushQueued) return;
    this.flushQueued = true;
    queueMicrotask(() => {
      this.flushQueued = false;
      this.flush();
    });
  }

  /**
   * Brings the server's rooms in line with what is on screen now: joins what is shown, and leaves what
   * has not been shown for leaveAfterMs (sooner when the rooms are needed for posts on screen).
   */
  private flush(): void {
    const socket = this.socket;
    if (!socket?.connected) return;
    const join = [...this.wanted.keys()].filter((id) => !this.sent.has(id));
    const now = Date.now();
    // Unwanted rooms, the longest unwanted first (Map order: when they went).
    const unwanted = [...this.unwantedSince].filter(([id]) => this.sent.has(id));
    const due = unwanted.filter(([, since]) => now - since >= this.leaveAfterMs).length;
    const needed = Math.max(0, join.length - (this.watchedMax - this.sent.size));
    const leave = unwanted.slice(0, Math.max(due, Math.min(needed, unwanted.length))).map(([id]) => id);
    for (const [id] of [...this.unwantedSince]) if (!this.sent.has(id)) this.unwantedSince.delete(id);
    if (leave.length > 0) {
      for (const id of leave) {
        this.sent.delete(id);
        this.acked.delete(id);
        this.unwantedSince.delete(id);
      }
      socket.emit('unwatch_posts', leave);
    }
    this.scheduleLeave(now);
    if (join.length === 0) return;
    const room = this.watchedMax - this.sent.size;
    if (room < join.length && !this.warnedFull) {
      this.warnedFull = true;
      console.warn(`Live updates follow at most ${this.watchedMax} posts at once`);
    }
    // The most recently shown posts first: Map order is the order they were asked for.
    const batch = room > 0 ? join.slice(-room) : [];
    if (batch.length === 0) return;
    const request = ++this.watchRequests;
    for (const id of batch) this.sent.set(id, request);
    socket.emit('watch_posts', batch, (answer: WatchAck) => {
      if (socket !== this.socket) return;
      if (!answer?.ok) {
        console.warn('Live updates refused for some posts:', answer?.message);
        return;
      }
      // Ids of no post (deleted meanwhile) join no room on the server (issue 25).
      const unknown = new Set(answer.unknown ?? []);
      let changed = false;
      for (const id of batch) {
        if (this.sent.get(id) === request && !this.acked.has(id) && !unknown.has(id)) {
          this.acked.add(id);
          changed = true;
        }
      }
      if (changed) this.notifyWatching();
    });
  }

  /** A flush when the next kept room is due to be left. */
  private scheduleLeave(now: number): void {
    if (this.leaveTimer) clearTimeout(this.leaveTimer);
    this.leaveTimer = null;
    const first = this.unwantedSince.values().next();
    if (first.done) return;
    this.leaveTimer = setTimeout(
      () => {
        this.leaveTimer = null;
        this.flush();
      },
      Math.max(0, first.value + this.leaveAfterMs - now),
    );
  }
}
