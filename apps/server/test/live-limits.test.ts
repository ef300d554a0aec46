/**
 * Issue 25 items 5 and 9: what one client can hold on the live connection. Sockets per account and
 * per address, watched rooms only of posts that exist and freed on disconnect, no delivery after the
 * token's expiry, and no token without `exp` at all. Against the real server on a real port (SQLite by
 * default; PostgreSQL when TEST_DATABASE_URL is set).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { SignJWT } from 'jose';
import { LIVE_DEFAULTS, LIVE_LIMITS, LIVE_TEXTS, ROOMS, type NotificationItem, type WatchAck } from '@civicpulse/shared';
import { collectEvents, nextEvent, openSocket, type Client } from './helpers/live.js';
import { createPost, createTestApp, signupCitizen, type Actor, type TestApp } from './helpers/app.js';

let t: TestApp;
let base: string;
let asha: Actor;
let ravi: Actor;
const sockets: Client[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  asha = await signupCitizen(t.app, 'Asha Reporter');
  ravi = await signupCitizen(t.app, 'Ravi Neighbour');
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

const open = (token: string | undefined, url = base) => openSocket(url, token, sockets);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const watch = (socket: Client, ids: unknown) => new Promise<WatchAck>((resolve) => socket.emit('watch_posts', ids as string[], resolve));
/** The reason the socket was closed for, or 'still open' after `ms`. */
const closed = (socket: Client, ms = 4000) =>
  new Promise<string>((resolve) => {
    const timer = setTimeout(() => resolve('still open'), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
/** Resolves once the server has seen these sockets go (their rooms and seats are freed on its side). */
async function goneOnServer(app: TestApp['app'], ids: string[]): Promise<void> {
  for (let i = 0; i < 100 && ids.some((id) => app.live.io.of('/').sockets.has(id)); i++) await sleep(20);
}
const postRooms = (app: TestApp['app']) => [...app.live.io.of('/').adapter.rooms.keys()].filter((room) => room.startsWith('post:'));
const randomId = () => randomBytes(12).toString('hex');

/** A token signed with the app's own secret, with these claims (the real token's shape otherwise). */
function signed(app: TestApp['app'], actor: Actor, claims: { exp?: number; iat?: number }): Promise<string> {
  const jwt = new SignJWT({ id: actor.id, role: actor.role, email: actor.email, name: 'Asha Reporter', profilePhoto: '' }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' });
  jwt.setIssuedAt(claims.iat ?? Math.floor(Date.now() / 1000));
  if (claims.exp !== undefined) jwt.setExpirationTime(claims.exp);
  return jwt.sign(new TextEncoder().encode(app.ctx.config.jwtSecret));
}

describe('a token without exp (item 9)', () => {
  it('is refused by HTTP (401) and by the live handshake; the same token with exp works', async () => {
    const forever = await signed(t.app, asha, {});
    expect(JSON.parse(Buffer.from(forever.split('.')[1]!, 'base64url').toString())).not.toHaveProperty('exp');
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { authorization: `Bearer ${forever}` } });
    expect(res.statusCode).toBe(401);
    await expect(open(forever)).rejects.toThrow(LIVE_TEXTS.unauthorized);

    const bounded = await signed(t.app, asha, { exp: Math.floor(Date.now() / 1000) + 3600 });
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { authorization: `Bearer ${bounded}` } })).statusCode).toBe(200);
    expect((await open(bounded)).connected).toBe(true);
  });
});

describe('sockets per account', () => {
  it(`refuses one socket over ${LIVE_LIMITS.socketsPerAccount} for one account while its ${LIVE_LIMITS.socketsPerAccount} stay connected; a closed one frees its seat`, async () => {
    const many = await signupCitizen(t.app, 'Many Tabs');
    const mine: Client[] = [];
    for (let i = 0; i < LIVE_LIMITS.socketsPerAccount; i++) mine.push(await open(many.token));
    await expect(open(many.token)).rejects.toThrow(LIVE_TEXTS.tooManyForAccount);
    // Refused again (no seat leaks from a refusal), while another account from the same address connects.
    await expect(open(many.token)).rejects.toThrow(LIVE_TEXTS.tooManyForAccount);
    expect((await open(ravi.token)).connected).toBe(true);
    expect(mine.every((s) => s.connected)).toBe(true);
    expect(t.app.live.seats.localCount('account', many.id)).toBe(LIVE_LIMITS.socketsPerAccount);

    // The 20 still get their personal events.
    const { _id } = await createPost(t.app, many, { caption: 'Water logging near the railway underpass' });
    const arrivals = Promise.all(mine.map((s) => nextEvent(s, 'notification')));
    await t.app.inject({ method: 'POST', url: '/api/posts/addComment', headers: ravi.auth, payload: { postId: _id, content: 'Same here' } });
    expect((await arrivals).map((n) => n.type)).toEqual(Array(LIVE_LIMITS.socketsPerAccount).fill('comment'));

    const first = mine[0]!;
    const id = first.id!;
    first.disconnect();
    await goneOnServer(t.app, [id]);
    expect((await open(many.token)).connected).toBe(true);
    await expect(open(many.token)).rejects.toThrow(LIVE_TEXTS.tooManyForAccount);

    // The web app's client options (unlimited reconnection) do not knock again after this refusal.
    const webLike: Client = connect(base, { ...LIVE_DEFAULTS, transports: ['websocket'], auth: { token: many.token } });
    sockets.push(webLike);
    const refusals: string[] = [];
    webLike.on('connect_error', (err) => refusals.push(err.message));
    await sleep(LIVE_DEFAULTS.reconnectionDelay * (1 + LIVE_DEFAULTS.randomizationFactor) + 300);
    expect(refusals).toEqual([LIVE_TEXTS.tooManyForAccount]);
    expect(webLike.active).toBe(false);
  });
});

describe('sockets per address', () => {
  const cap = 3;
  /** A socket that says it comes through a proxy for `forwardedFor`. */
  const openFrom = (url: string, token: string, forwardedFor: string) => {
    const socket: Client = connect(url, { ...LIVE_DEFAULTS, reconnection: false, transports: ['websocket'], auth: { token }, extraHeaders: { 'x-forwarded-for': forwardedFor } });
    sockets.push(socket);
    return new Promise<Client>((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  };

  it('counts the client address as HTTP does: X-Forwarded-For behind a trusted proxy, the peer otherwise', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true', LIVE_SOCKETS_PER_ADDRESS: String(cap) });
    const direct = await createTestApp({ LIVE_SOCKETS_PER_ADDRESS: String(cap) });
    try {
      const proxiedUrl = await proxied.app.listen({ port: 0, host: '127.0.0.1' });
      const people = await Promise.all(['One', 'Two', 'Three', 'Four'].map((n) => signupCitizen(proxied.app, `Household ${n}`)));
      // Different accounts behind one address: the address's cap holds.
      for (const person of people.slice(0, cap)) await openFrom(proxiedUrl, person.token, '203.0.113.7, 10.0.0.2');
      await expect(openFrom(proxiedUrl, people[cap]!.token, '203.0.113.7')).rejects.toThrow(LIVE_TEXTS.tooManyFromAddress);
      // Another client behind the same proxy has its own seats.
      expect((await openFrom(proxiedUrl, people[cap]!.token, '198.51.100.4')).connected).toBe(true);
      expect(proxied.app.live.seats.localCount('address', '203.0.113.7')).toBe(cap);

      // Without TRUST_PROXY the header is the client's own word and is ignored: all are 127.0.0.1.
      const directUrl = await direct.app.listen({ port: 0, host: '127.0.0.1' });
      const others = await Promise.all(['A', 'B', 'C', 'D'].map((n) => signupCitizen(direct.app, `Direct ${n}`)));
      for (const [i, person] of others.slice(0, cap).entries()) await openFrom(directUrl, person.token, `192.0.2.${i + 1}`);
      await expect(openFrom(directUrl, others[cap]!.token, '192.0.2.99')).rejects.toThrow(LIVE_TEXTS.tooManyFromAddress);
    } finally {
      for (const s of sockets) s.disconnect();
      await proxied.close();
      await direct.close();
    }
  });
});

describe('watched posts', () => {
  it(`watching ${LIVE_LIMITS.watchedPostsMax} ids of posts that do not exist joins no room`, async () => {
    const s = await open(asha.token);
    const roomsBefore = t.app.live.io.of('/').adapter.rooms.size;
    const ids = Array.from({ length: LIVE_LIMITS.watchedPostsMax }, randomId);
    const ack = await watch(s, ids);
    expect(ack).toMatchObject({ ok: true, watching: 0 });
    expect(new Set(ack.unknown)).toEqual(new Set(ids));
    expect(t.app.live.io.of('/').adapter.rooms.size).toBe(roomsBefore);
    expect(ids.filter((id) => t.app.live.io.of('/').adapter.rooms.has(ROOMS.post(id)))).toEqual([]);

    // A mix: the real ones are watched, the rest named back.
    const real = await createPost(t.app, asha, { caption: 'Broken footpath slab outside the bank' });
    const ghost = randomId();
    expect(await watch(s, [real._id, ghost])).toEqual({ ok: true, watching: 1, unknown: [ghost] });
    expect(await watch(s, [real._id])).toEqual({ ok: true, watching: 1 });
  });

  it('frees the rooms when the watching sockets disconnect, and when a watched post is deleted', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await createPost(t.app, ravi, { caption: `Streetlight number ${i} is out near the market` }))._id);
    const watchers = [await open(asha.token), await open(ravi.token), await open(asha.token)];
    for (const w of watchers) expect(await watch(w, ids)).toEqual({ ok: true, watching: ids.length });
    const before = postRooms(t.app);
    expect(ids.every((id) => before.includes(ROOMS.post(id)))).toBe(true);

    // Deleting a post empties its room on the server.
    const [deleted, ...kept] = ids;
    const gone = nextEvent(watchers[0]!, 'post_update');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/deletePosts/${deleted}`, headers: ravi.auth })).statusCode).toBe(200);
    expect(await gone).toMatchObject({ postId: deleted, reason: 'deleted' });
    expect(t.app.live.io.of('/').adapter.rooms.has(ROOMS.post(deleted!))).toBe(false);

    const socketIds = watchers.map((w) => w.id!);
    for (const w of watchers) w.disconnect();
    await goneOnServer(t.app, socketIds);
    const adapter = t.app.live.io.of('/').adapter;
    expect(kept.filter((id) => adapter.rooms.has(ROOMS.post(id)))).toEqual([]);
    expect(socketIds.filter((id) => adapter.sids.has(id))).toEqual([]);
  });
});

describe('token expiry', () => {
  /** A whole second from now at least (exp is in seconds), and at most two. */
  const soon = () => Math.floor(Date.now() / 1000) + 2;

  it('closes the socket at its token’s expiry; a notification after it does not arrive', async () => {
    const exp = soon();
    const shortLived = await open(await signed(t.app, asha, { exp }));
    const longLived = await open(asha.token);
    const seen = collectEvents(shortLived, 'notification');
    const reason = closed(shortLived);
    const { _id } = await createPost(t.app, asha, { caption: 'Open manhole on the school road' });
    expect(await reason).toBe('io server disconnect');
    // Closed at the expiry, not before it.
    expect(Date.now()).toBeGreaterThanOrEqual(exp * 1000);
    expect(Date.now()).toBeLessThan(exp * 1000 + 1000);

    const control = nextEvent(longLived, 'notification');
    await t.app.inject({ method: 'POST', url: '/api/posts/addComment', headers: ravi.auth, payload: { postId: _id, content: 'Dangerous at night' } });
    expect(await control).toMatchObject({ type: 'comment', postId: _id });
    expect(seen).toEqual([]);
  });

  it('delivers nothing past the expiry even before the timer runs (a busy event loop)', async () => {
    const exp = soon();
    const shortLived = await open(await signed(t.app, asha, { exp }));
    const seen = collectEvents(shortLived, 'notification');
    const reason = closed(shortLived);
    // Block this process (it is the server too) past the expiry, then emit in the same tick: the
    // expiry timer has had no chance to run.
    while (Date.now() < exp * 1000 + 20) {
      /* busy */
    }
    const item: NotificationItem = { id: randomId(), type: 'comment', title: 'x', message: 'x', isRead: false, postId: null, link: null, actorName: 'x', createdAt: new Date().toISOString() };
    t.app.live.io.to(ROOMS.user(asha.id)).emit('notification', item);
    expect(await reason).toBe('io server disconnect');
    await sleep(100);
    expect(seen).toEqual([]);
  });
});
