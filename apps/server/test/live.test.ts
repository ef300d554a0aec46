/**
 * Issue 13: the live connection's handshake and Community Chat, against the real server on a real port
 * with socket.io-client (SQLite by default; PostgreSQL when TEST_DATABASE_URL is set). Notifications
 * and live post updates are in live-notifications.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { SignJWT } from 'jose';
import { CHAT_LIMITS, CHAT_TEXTS, LIVE_DEFAULTS, LIVE_TEXTS, TEXTS, type ChatMessage, type SendAck } from '@civicpulse/shared';
import type { Client } from './helpers/live.js';
import { createTestApp, signupCitizen, type Actor } from './helpers/app.js';
import { admin, asha, collect, dept, emitAck, history, next, open, ravi, send, settle, sockets, startLiveSuite, t } from './helpers/live-suite.js';

startLiveSuite();

describe('handshake', () => {
  it('refuses a connection without a token, with a forged or expired one, and for a deleted account', async () => {
    await expect(open(undefined)).rejects.toThrow(LIVE_TEXTS.unauthorized);
    await expect(open('not-a-token')).rejects.toThrow(LIVE_TEXTS.unauthorized);
    const forged = await new SignJWT({ id: asha.id, role: 'user', email: asha.email, name: 'Asha' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(64)));
    await expect(open(forged)).rejects.toThrow(LIVE_TEXTS.unauthorized);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ id: asha.id, role: 'user', email: asha.email, name: 'Asha', profilePhoto: '' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(new TextEncoder().encode(t.app.ctx.config.jwtSecret));
    await expect(open(expired)).rejects.toThrow(LIVE_TEXTS.unauthorized);

    const gone = await signupCitizen(t.app, 'Leaving Soon');
    const live = await open(gone.token);
    const closed = new Promise<string>((resolve) => live.once('disconnect', resolve));
    const del = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: gone.auth, payload: { password: gone.password } });
    expect(del.statusCode, del.body).toBe(200);
    // Its open connection is closed by the server, and it cannot connect again.
    expect(await closed).toBe('io server disconnect');
    await expect(open(gone.token)).rejects.toThrow(LIVE_TEXTS.unauthorized);
  });

  it('a password change closes the connections opened with the old token; the new token connects', async () => {
    const mover = await signupCitizen(t.app, 'Changing Password');
    const live = await open(mover.token);
    const closed = new Promise<string>((resolve) => live.once('disconnect', resolve));
    const res = await t.app.inject({ method: 'PUT', url: '/api/account/password', headers: mover.auth, payload: { currentPassword: mover.password, newPassword: 'a-new-password' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await closed).toBe('io server disconnect');
    await expect(open(mover.token)).rejects.toThrow(LIVE_TEXTS.unauthorized);
    expect((await open(res.json<{ token: string }>().token)).connected).toBe(true);
  });

  it('accepts a valid token', async () => {
    const s = await open(asha.token);
    expect(s.connected).toBe(true);
  });
});

describe('community chat', () => {
  it('POST saves the message with the sender from the token and every signed-in citizen receives it live', async () => {
    const mine = await open(asha.token);
    const theirs = await open(ravi.token);
    const office = await open(dept.token);
    const officeSeen = collect(office, 'receive_message');
    const atRavi = next(theirs, 'receive_message');
    const atAsha = next(mine, 'receive_message');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/sendMessage',
      headers: asha.auth,
      // Whatever sender a client claims is ignored.
      payload: { msg: '  Water cut on MG Road\nsince 6 am  ', userId: ravi.id, user: 'Admin', profilePic: 'https://evil.example/x.png' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { message, data } = res.json<{ message: string; data: ChatMessage }>();
    expect(message).toBe(CHAT_TEXTS.sent);
    expect(data).toMatchObject({ userId: asha.id, user: 'Asha Reporter', profilePic: '', msg: 'Water cut on MG Road\nsince 6 am' });
    expect(data._id).toMatch(/^[0-9a-f]{24}$/);
    expect(await atRavi).toEqual(data);
    expect(await atAsha).toEqual(data);
    await settle();
    // Community Chat is for citizens: a department's socket hears nothing of it.
    expect(officeSeen).toEqual([]);
    const list = await history(ravi);
    expect(list.statusCode).toBe(200);
    expect(list.json<ChatMessage[]>()[0]).toEqual(data);
  });

  it('is for citizens only: departments and admins get 403, anonymous callers 401', async () => {
    for (const actor of [dept, admin]) {
      expect((await history(actor)).statusCode).toBe(403);
      expect((await send(actor, 'hello')).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/user/getMessage' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/sendMessage', payload: { msg: 'x' } })).statusCode).toBe(401);
    const office = await open(dept.token);
    expect(await emitAck<SendAck>(office, 'send_message', 'hello')).toEqual({ ok: false, message: LIVE_TEXTS.chatCitizensOnly });
  });

  it('refuses empty, whitespace-only, too long and non-text messages and stores nothing', async () => {
    const before = (await history(asha, '?limit=1')).json<ChatMessage[]>()[0]?._id;
    for (const msg of ['', '   \n\t ', 'x'.repeat(CHAT_LIMITS.msgMaxChars + 1), 42, null, ['a'], 'nul\u0000here']) {
      const res = await send(asha, msg);
      expect(res.statusCode, JSON.stringify(msg)).toBe(400);
      expect(res.json<{ message: string }>().message).toBeTruthy();
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/user/sendMessage', headers: asha.auth, payload: {} })).statusCode).toBe(400);
    expect((await history(asha, '?limit=1')).json<ChatMessage[]>()[0]?._id).toBe(before);
    expect((await send(asha, 'y'.repeat(CHAT_LIMITS.msgMaxChars))).statusCode).toBe(201);
  });

  it('send_message: text is saved and broadcast once; the spec client re-emitting a saved message sends nothing twice', async () => {
    const mine = await open(asha.token);
    const theirs = await open(ravi.token);
    const received = collect(theirs, 'receive_message');
    const ack = await emitAck<SendAck>(mine, 'send_message', { msg: 'Streetlight out near the temple', userId: ravi.id, user: 'Someone Else' });
    expect(ack.ok).toBe(true);
    expect(ack.data).toMatchObject({ userId: asha.id, user: 'Asha Reporter', msg: 'Streetlight out near the temple' });
    // The spec's flow: POST, then emit the answer's message object.
    const posted = (await send(asha, 'Garbage collected today')).json<{ data: ChatMessage }>().data;
    const again = await emitAck<SendAck>(mine, 'send_message', posted);
    expect(again).toEqual({ ok: true, duplicate: true, data: posted });
    await settle();
    expect(received.map((m) => m.msg)).toEqual(['Streetlight out near the temple', 'Garbage collected today']);
    const newest = (await history(asha, '?limit=2')).json<ChatMessage[]>();
    expect(newest.map((m) => m.msg)).toEqual(['Garbage collected today', 'Streetlight out near the temple']);
    for (const bad of [123, ['x'], { _id: 'nope' }, { _id: 'f'.repeat(24) }, '   ']) {
      expect((await emitAck<SendAck>(mine, 'send_message', bad)).ok, JSON.stringify(bad)).toBe(false);
    }
  });

  it('pages history newest first with before, and catches up with after', async () => {
    const sent: ChatMessage[] = [];
    for (let i = 0; i < 5; i++) sent.push((await send(ravi, `page message ${i}`)).json<{ data: ChatMessage }>().data);
    const first = (await history(asha, '?limit=2')).json<ChatMessage[]>();
    expect(first.map((m) => m.msg)).toEqual(['page message 4', 'page message 3']);
    const older = (await history(asha, `?limit=2&before=${first[1]!._id}`)).json<ChatMessage[]>();
    expect(older.map((m) => m.msg)).toEqual(['page message 2', 'page message 1']);
    const missed = (await history(asha, `?after=${sent[1]!._id}&limit=2`)).json<ChatMessage[]>();
    expect(missed.map((m) => m.msg)).toEqual(['page message 3', 'page message 2']);
    const rest = (await history(asha, `?after=${missed[0]!._id}`)).json<ChatMessage[]>();
    expect(rest.map((m) => m.msg)).toEqual(['page message 4']);
    for (const q of ['?limit=0', `?limit=${CHAT_LIMITS.pageMax + 1}`, '?before=zzz', '?limit=2147483648']) {
      expect((await history(asha, q)).statusCode, q).toBe(400);
    }
    // Without limit: at most the default page.
    expect((await history(asha)).json<ChatMessage[]>().length).toBeLessThanOrEqual(CHAT_LIMITS.pageDefault);
  });

  it('limits messages per account across POST and the live connection', async () => {
    const small = await createTestApp({ RATE_LIMIT_CHAT_MAX: '3' });
    try {
      const url = await small.app.listen({ port: 0, host: '127.0.0.1' });
      const a = await signupCitizen(small.app, 'Chatty');
      const b = await signupCitizen(small.app, 'Quiet');
      const post = (actor: Actor) => small.app.inject({ method: 'POST', url: '/api/user/sendMessage', headers: actor.auth, payload: { msg: 'hi' } });
      expect((await post(a)).statusCode).toBe(201);
      expect((await post(a)).statusCode).toBe(201);
      const socket: Client = connect(url, { ...LIVE_DEFAULTS, reconnection: false, transports: ['websocket'], auth: { token: a.token } });
      sockets.push(socket);
      expect(await emitAck<SendAck>(socket, 'send_message', 'third')).toMatchObject({ ok: true });
      expect(await emitAck<SendAck>(socket, 'send_message', 'fourth')).toEqual({ ok: false, message: TEXTS.auth.rateLimited });
      const refused = await post(a);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: TEXTS.auth.rateLimited });
      // Another account has its own budget.
      expect((await post(b)).statusCode).toBe(201);
    } finally {
      await small.close();
    }
  });
});
