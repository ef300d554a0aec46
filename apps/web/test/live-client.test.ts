/**
 * LiveClient's watched rooms (API-CONTRACT "Live connection"): what it asks the server, and when it says
 * a post is followed. The flake notifications.spec showed once: going from the feed to a post page left
 * the post's room and asked for it again while the feed's own watch had not answered yet; that late
 * answer marked the post followed before the server had it back in the room, and the department's move
 * in between never reached the page.
 */
import { describe, expect, it, vi } from 'vitest';
import type { WatchAck } from '@civicpulse/shared';

type Ack = (answer: WatchAck) => void;
interface Sent {
  event: string;
  ids: string[];
  ack?: Ack;
}

/** Enough of a socket.io client socket for LiveClient: it records what is emitted and holds the answers. */
class FakeSocket {
  connected = false;
  active = true;
  readonly sent: Sent[] = [];
  private readonly handlers = new Map<string, Array<(...args: unknown[]) => void>>();
  on(event: string, handler: (...args: unknown[]) => void): this {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  emit(event: string, ids: string[], ack?: Ack): this {
    this.sent.push({ event, ids, ack });
    return this;
  }
  removeAllListeners(): this {
    this.handlers.clear();
    return this;
  }
  disconnect(): this {
    this.connected = false;
    return this;
  }
  fire(event: string, ...args: unknown[]): void {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
}

const sockets: FakeSocket[] = [];
vi.mock('../src/live/connect', () => ({
  // The server's cap, small here so that a test can fill it.
  WATCHED_POSTS_MAX: 3,
  openSocket: () => {
    const socket = new FakeSocket();
    sockets.push(socket);
    return socket;
  },
}));

const { LiveClient } = await import('../src/live/LiveClient');

const postId = '6650f1a2b3c4d5e6f7a8b9c0';
const [a, b, c] = ['6650f1a2b3c4d5e6f7a8b9a1', '6650f1a2b3c4d5e6f7a8b9a2', '6650f1a2b3c4d5e6f7a8b9a3'];
/** Lets queued microtasks (LiveClient's one flush per burst) run. */
const flushed = (ms = 0) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const events = (socket: FakeSocket) => socket.sent.map((s) => [s.event, s.ids]);

async function connected(leaveAfterMs = 2_000) {
  const client = new LiveClient({ leaveAfterMs });
  await client.start('token');
  const socket = sockets.at(-1)!;
  socket.connected = true;
  socket.fire('connect');
  return { client, socket };
}

describe('LiveClient watched posts', () => {
  it("keeps a post's room while the feed's card goes and the post page's card comes a moment later", async () => {
    const { client, socket } = await connected();
    const feedCard = client.watch([postId]);
    await flushed();
    socket.sent[0]!.ack!({ ok: true, watching: 1 });
    expect(client.isWatching(postId)).toBe(true);

    // The feed's card goes; the page's card mounts later, in another task (its data, a busy phone).
    feedCard();
    await flushed();
    // Shown nowhere for now: not following, though the room is kept.
    expect(client.isWatching(postId)).toBe(false);
    await flushed(50);
    const pageCard = client.watch([postId]);
    // Following again at once, without leaving the room or asking for it again.
    expect(client.isWatching(postId)).toBe(true);
    await flushed();
    expect(events(socket)).toEqual([['watch_posts', [postId]]]);
    pageCard();
    client.stop();
  });

  it('leaves a room once nothing has shown its post for the grace period', async () => {
    const { client, socket } = await connected(40);
    const card = client.watch([postId]);
    await flushed();
    socket.sent[0]!.ack!({ ok: true, watching: 1 });
    card();
    await flushed(10);
    expect(events(socket)).toEqual([['watch_posts', [postId]]]);
    await flushed(80);
    expect(events(socket)).toEqual([
      ['watch_posts', [postId]],
      ['unwatch_posts', [postId]],
    ]);
    expect(client.isWatching(postId)).toBe(false);
    client.stop();
  });

  it('leaves kept rooms early, the longest unwanted first, when posts on screen need the room', async () => {
    const { client, socket } = await connected();
    const cards = [a, b, c].map((id) => client.watch([id]));
    await flushed();
    socket.sent[0]!.ack!({ ok: true, watching: 3 });
    for (const release of cards) release();
    await flushed();
    const next = client.watch([postId]);
    await flushed();
    expect(events(socket)).toEqual([
      ['watch_posts', [a, b, c]],
      ['unwatch_posts', [a]],
      ['watch_posts', [postId]],
    ]);
    next();
    client.stop();
  });

  it('a post left and asked for again is followed only once the new request is answered, not the earlier one', async () => {
    const { client, socket } = await connected(0);
    // The feed's card asks for the post; its answer is still on the way.
    const feedCard = client.watch([postId]);
    await flushed();
    expect(events(socket)).toEqual([['watch_posts', [postId]]]);
    const feedWatch = socket.sent[0]!;

    // The feed's card goes and the room is left (no grace here), then the page's card asks again.
    feedCard();
    await flushed();
    const pageCard = client.watch([postId]);
    await flushed();
    expect(events(socket)).toEqual([
      ['watch_posts', [postId]],
      ['unwatch_posts', [postId]],
      ['watch_posts', [postId]],
    ]);

    // The feed's answer lands: it was answered before the server left the room again, so it says nothing now.
    feedWatch.ack!({ ok: true, watching: 1 });
    expect(client.isWatching(postId)).toBe(false);
    // The page's own request answered: the server has the post's room again.
    socket.sent[2]!.ack!({ ok: true, watching: 1 });
    expect(client.isWatching(postId)).toBe(true);
    pageCard();
    client.stop();
  });

  it('one card that replaces another in the same burst keeps the room without asking again', async () => {
    const { client, socket } = await connected();
    const feedCard = client.watch([postId]);
    await flushed();
    socket.sent[0]!.ack!({ ok: true, watching: 1 });
    feedCard();
    const pageCard = client.watch([postId]);
    await flushed();
    expect(socket.sent).toHaveLength(1);
    expect(client.isWatching(postId)).toBe(true);
    pageCard();
    client.stop();
  });

  it('a reconnection joins again what is shown, and not what was only kept', async () => {
    const { client, socket } = await connected();
    const shown = client.watch([a]);
    const gone = client.watch([b]);
    await flushed();
    socket.sent[0]!.ack!({ ok: true, watching: 2 });
    gone();
    await flushed();
    socket.fire('disconnect', 'transport close');
    expect(client.isWatching(a)).toBe(false);
    socket.fire('connect');
    await flushed();
    expect(events(socket)).toEqual([
      ['watch_posts', [a, b]],
      ['watch_posts', [a]],
    ]);
    shown();
    client.stop();
  });
});
