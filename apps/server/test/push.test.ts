/**
 * Issue 27 item 7, Web Push: a push service on loopback (helpers/pushService.ts) checks each push's
 * VAPID signature against the key the server publishes and decrypts its body with the subscribing
 * browser's keys. The same events as the bell reach every subscribed browser of the recipient, in the
 * account's language; a browser that unsubscribed gets nothing; a subscription the push service says
 * is gone is removed; push services the operator does not allow are refused; the key pair is generated
 * into DATA_DIR once and kept. SQLite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { PUSH_LIMITS, PUSH_TEXTS, notificationText } from '@civicpulse/shared';
import { advanceTo, createPost, createTestApp, signupCitizen, signupGovernment, type Actor, type TestApp } from './helpers/app.js';
import { ManualClock } from '../src/lib/clock.js';
import { loopbackAgent, startPushService, type Subscriber } from './helpers/pushService.js';

const clock = new ManualClock();
let push: Awaited<ReturnType<typeof startPushService>>;
let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  push = await startPushService();
  t = await createTestApp(
    { PUSH_ENDPOINT_HOSTS: '127.0.0.1', PUBLIC_URL: 'https://civicpulse.example.in', MAIL_POLL_MS: '0', MAIL_FROM: 'CivicPulse <updates@civicpulse.example.in>' },
    { pushAgent: loopbackAgent, clock },
  );
  app = t.app;
});
afterAll(async () => {
  await t.close();
  await push.close();
});

const subscribe = (who: Actor, sub: Pick<Subscriber, 'endpoint' | 'keys'>) =>
  app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: who.auth, payload: { ...sub, expirationTime: null } });
async function delivered(): Promise<void> {
  await new Promise((r) => setTimeout(r, 20));
  await app.ctx.services.pushSender.idle();
  await app.ctx.services.pushSender.runOnce();
}
const to = (sub: Subscriber) => push.received.filter((r) => r.subscriber === sub.id);

describe('Web Push', () => {
  it('publishes the key pair it generated into DATA_DIR, and keeps it across a restart', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/push/key' });
    const { publicKey } = res.json<{ publicKey: string }>();
    const stored = JSON.parse(readFileSync(path.join(t.dataDir, 'vapid.json'), 'utf8')) as { publicKey: string };
    expect(publicKey).toBe(stored.publicKey);
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
  });

  it("sends the bell's events to every subscribed browser, signed and encrypted, in the account's language", async () => {
    const me = await signupCitizen(app, 'Priya Push');
    await app.ctx.repos.accounts.update(me.id, { language: 'hi' });
    const laptop = push.subscriber();
    const phone = push.subscriber();
    for (const sub of [laptop, phone]) {
      const res = await subscribe(me, sub);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({ message: PUSH_TEXTS.subscribed });
    }
    // Subscribing the same browser again changes nothing.
    expect((await subscribe(me, laptop)).statusCode).toBe(201);

    const dept = await signupGovernment(app, { verified: true, department: 'Ward 7 Roads' });
    const { _id } = await createPost(app, me, { caption: 'Pothole outside the school' });
    await advanceTo(app, dept, _id, 'Problem Seen');
    await delivered();

    const { publicKey } = (await app.inject({ method: 'GET', url: '/api/push/key' })).json<{ publicKey: string }>();
    for (const sub of [laptop, phone]) {
      const got = to(sub);
      expect(got, JSON.stringify(push.errors)).toHaveLength(1);
      const [p] = got;
      expect(p!.publicKey).toBe(publicKey);
      expect(p!.claims.aud).toBe(new URL(sub.endpoint).origin);
      expect(p!.claims.sub).toBe('mailto:updates@civicpulse.example.in');
      expect(p!.claims.exp * 1000).toBeGreaterThan(Date.now());
      expect(Number(p!.ttl)).toBeGreaterThan(0);
      const { notificationTextHi } = await import('@civicpulse/shared/i18n/hi');
      const words = notificationTextHi('takenOver', { actorName: 'Ward 7 Roads', caption: 'Pothole outside the school', toState: null, reason: null });
      expect(p!.payload).toEqual({ title: words.title, body: words.message, url: `https://civicpulse.example.in/post/${_id}`, tag: `post-${_id}` });
    }
    expect(push.errors).toEqual([]);
    // The English words are not what a Hindi reader gets.
    expect(notificationText('takenOver', { actorName: 'Ward 7 Roads', caption: 'x', toState: null, reason: null }).title).not.toBe((to(laptop)[0]!.payload as { title: string }).title);
  });

  it('an unsubscribed browser gets nothing; a browser the push service says is gone is removed', async () => {
    const me = await signupCitizen(app);
    const kept = push.subscriber();
    const left = push.subscriber();
    const dead = push.subscriber();
    for (const sub of [kept, left, dead]) expect((await subscribe(me, sub)).statusCode).toBe(201);
    const off = await app.inject({ method: 'DELETE', url: '/api/push/subscriptions', headers: me.auth, payload: { endpoint: left.endpoint } });
    expect(off.json()).toEqual({ message: PUSH_TEXTS.unsubscribed });
    push.markGone(dead.id);

    const dept = await signupGovernment(app, { verified: true });
    const { _id } = await createPost(app, me);
    await advanceTo(app, dept, _id, 'Problem Seen');
    await delivered();
    expect(to(kept)).toHaveLength(1);
    expect(to(left)).toHaveLength(0);
    expect(to(dead)).toHaveLength(0);
    const rows = await app.ctx.database.db.selectFrom('push_subscriptions').select('endpoint').where('account_id', '=', me.id).execute();
    expect(rows.map((r) => r.endpoint)).toEqual([kept.endpoint]);
    // A bell kind switched off is not pushed either.
    await app.inject({ method: 'PUT', url: '/api/account/settings', headers: me.auth, payload: { notifications: { progress: false } } });
    await advanceTo(app, dept, _id, 'Verified');
    await delivered();
    expect(to(kept)).toHaveLength(1);
  });

  it('retries a push the service could not take (503) with backoff; a refused one (400) is kept as failed', async () => {
    const me = await signupCitizen(app);
    const busy = push.subscriber();
    const broken = push.subscriber();
    for (const sub of [busy, broken]) expect((await subscribe(me, sub)).statusCode).toBe(201);
    push.failNext(busy.id, 503);
    push.failNext(broken.id, 400);
    const dept = await signupGovernment(app, { verified: true });
    const { _id } = await createPost(app, me);
    await advanceTo(app, dept, _id, 'Problem Seen');
    await delivered();
    expect(to(busy)).toHaveLength(0);
    const rows = await app.ctx.database.db
      .selectFrom('push_outbox as o')
      .innerJoin('push_subscriptions as s', 's.id', 'o.subscription_id')
      .select(['s.endpoint', 'o.status', 'o.attempts', 'o.last_error', 'o.payload'])
      .where('s.account_id', '=', me.id)
      .execute();
    expect(rows.find((r) => r.endpoint === busy.endpoint)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(rows.find((r) => r.endpoint === broken.endpoint)).toMatchObject({ status: 'failed', attempts: 1, payload: null });
    clock.advance(31_000);
    await delivered();
    expect(to(busy)).toHaveLength(1);
    expect(to(broken)).toHaveLength(0);
  });

  it('refuses push services the operator does not allow, malformed keys, and an eleventh browser', async () => {
    const me = await signupCitizen(app);
    const keys = push.subscriber().keys;
    for (const endpoint of ['http://127.0.0.1:9/push/x', 'https://10.0.0.5/push', 'https://evil.example/push', 'https://user:pw@127.0.0.1/x', 'file:///etc/passwd', 'not a url', 'https://127.0.0.1.evil.example/x']) {
      const res = await subscribe(me, { endpoint, keys });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json(), endpoint).toEqual({ message: PUSH_TEXTS.endpointRefused });
    }
    const bad = await subscribe(me, { endpoint: push.subscriber().endpoint, keys: { p256dh: 'not base64!', auth: keys.auth } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: PUSH_TEXTS.keysInvalid });
    for (let i = 0; i < PUSH_LIMITS.perAccount; i++) expect((await subscribe(me, push.subscriber())).statusCode).toBe(201);
    const over = await subscribe(me, push.subscriber());
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ message: PUSH_TEXTS.tooMany });
    expect((await app.inject({ method: 'POST', url: '/api/push/subscriptions', payload: { endpoint: push.subscriber().endpoint, keys } })).statusCode).toBe(401);
  });
});
