/**
 * Issue 27 items 3 and 4, email: a real SMTP server in this process (helpers/smtp.ts) receives what
 * the app sends. Verification and password reset links, update emails by each person's settings,
 * the daily summary, one-click unsubscribe, retries with backoff, and the embedded default that
 * writes files. Runs on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { ACCOUNT_EMAIL_TEXTS, EMAIL_DEFAULTS, MAIL_TEXTS, TEXTS, notificationText } from '@civicpulse/shared';
import { MAIL_TEXTS_HI } from '@civicpulse/shared/i18n/hi';
import { ManualClock } from '../src/lib/clock.js';
import { advanceTo, createPost, createTestApp, signupCitizen, signupGovernment, uniqueEmail, type Actor, type TestApp } from './helpers/app.js';
import { headerOf, linkIn, startSmtp, toOf, type TestSmtp } from './helpers/smtp.js';

const clock = new ManualClock();
let smtp: TestSmtp;
let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp(
    { SMTP_URL: smtp.url, MAIL_POLL_MS: '0', MAIL_MAX_ATTEMPTS: '3', PUBLIC_URL: 'https://civicpulse.example.in', MAIL_FROM: 'CivicPulse <updates@civicpulse.example.in>' },
    { clock },
  );
  app = t.app;
});

afterAll(async () => {
  await t.close();
  await smtp.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) => app.inject({ method: 'POST', url, payload, headers });
const settings = async (who: Actor) => (await app.inject({ method: 'GET', url: '/api/account/settings', headers: who.auth })).json<{ emailVerified: boolean; emailPrefs: Record<string, string> }>();
const outbox = () => app.ctx.database.db.selectFrom('mail_outbox').selectAll().execute();
/** Lets a round woken by a write finish, then runs one by hand (the clock may have made more due). */
async function runOnce(): Promise<void> {
  await new Promise((r) => setTimeout(r, 20));
  await app.ctx.services.mailSender.idle();
  await app.ctx.services.mailSender.runOnce();
  await app.ctx.services.mailSender.idle();
}
const settle = runOnce;

async function verifiedCitizen(name = 'Meera Joshi'): Promise<Actor> {
  const me = await signupCitizen(app, name);
  const [mail] = await smtp.waitFor(1, me.email);
  const token = linkIn(mail!, '/verify-email').searchParams.get('token')!;
  expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(200);
  return me;
}

describe('email verification', () => {
  it('a sign-up gets a verification link by SMTP; it verifies the address once', async () => {
    const me = await signupCitizen(app, 'Asha <b>Rao</b>');
    const [mail] = await smtp.waitFor(1, me.email);
    expect(mail!.subject).toBe(MAIL_TEXTS.verifySubject);
    expect(mail!.from?.text).toContain('updates@civicpulse.example.in');
    expect(mail!.messageId).toMatch(/^<[0-9a-f]{24}@civicpulse\.example\.in>$/);
    expect(mail!.text).toContain(MAIL_TEXTS.greeting('Asha <b>Rao</b>'));
    // HTML part with the name escaped, and a plain text part; no unsubscribe header on a link email.
    expect(mail!.html).toContain('Asha &lt;b&gt;Rao&lt;/b&gt;');
    expect(headerOf(mail!, 'List-Unsubscribe')).toBeUndefined();
    const link = linkIn(mail!, '/verify-email');
    expect(link.origin).toBe('https://civicpulse.example.in');
    expect((await settings(me)).emailVerified).toBe(false);

    const token = link.searchParams.get('token')!;
    const ok = await post('/api/auth/verify-email', { token });
    expect(ok.json()).toEqual({ message: ACCOUNT_EMAIL_TEXTS.emailVerified });
    expect((await settings(me)).emailVerified).toBe(true);
    const again = await post('/api/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: ACCOUNT_EMAIL_TEXTS.linkInvalid });
    // Sent rows keep no token.
    const row = (await outbox()).find((r) => r.to_address === me.email)!;
    expect(row).toMatchObject({ status: 'sent', payload: null, attempts: 1 });
    // Verified: asking again is a 409.
    const resend = await app.inject({ method: 'POST', url: '/api/account/verify-email', headers: me.auth });
    expect(resend.statusCode).toBe(409);
  });

  it('a department gets one too, in the language it signed up in; Settings sends another, up to three an hour', async () => {
    const email = uniqueEmail('hindi');
    const res = await post('/api/user/signup', { name: 'राधा', email, password: 'secret-pass' }, { 'accept-language': 'hi-IN,hi;q=0.9' });
    expect(res.statusCode).toBe(201);
    const [mail] = await smtp.waitFor(1, email);
    expect(mail!.subject).toBe(MAIL_TEXTS_HI.verifySubject);
    expect(mail!.text).toContain(MAIL_TEXTS_HI.verifyAction);
    expect(headerOf(mail!, 'Content-Language')).toBe('hi');

    const dept = await signupGovernment(app);
    await smtp.waitFor(1, dept.email);
    for (let i = 0; i < 3; i++) {
      const again = await app.inject({ method: 'POST', url: '/api/account/verify-email', headers: dept.auth });
      expect(again.json()).toEqual({ message: ACCOUNT_EMAIL_TEXTS.verificationSent });
    }
    const limited = await app.inject({ method: 'POST', url: '/api/account/verify-email', headers: dept.auth });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: TEXTS.auth.rateLimited });
    await smtp.waitFor(4, dept.email);
    // Each link works: the newest one verifies.
    const mails = await smtp.waitFor(4, dept.email);
    const token = linkIn(mails[3]!, '/verify-email').searchParams.get('token')!;
    expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(200);
  });

  it('refuses made-up, over-long and missing tokens with a 400 and changes nothing', async () => {
    for (const payload of [{ token: 'x'.repeat(43) }, { token: 'x'.repeat(5000) }, { token: '' }, {}, { token: 'a\u0000b' }]) {
      const res = await post('/api/auth/verify-email', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('password reset', () => {
  it('answers the same for a known and an unknown address; only the known one gets a link', async () => {
    const me = await signupCitizen(app);
    await smtp.waitFor(1, me.email);
    const unknown = uniqueEmail('nobody');
    const a = await post('/api/auth/forgot-password', { email: unknown });
    const b = await post('/api/auth/forgot-password', { email: me.email.toUpperCase() });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
    expect(a.json()).toEqual({ message: ACCOUNT_EMAIL_TEXTS.resetSent });
    const [, reset] = await smtp.waitFor(2, me.email);
    expect(reset!.subject).toBe(MAIL_TEXTS.resetSubject);
    await settle();
    expect(smtp.messages.filter((m) => toOf(m) === unknown)).toEqual([]);
    expect((await outbox()).filter((r) => r.to_address === unknown)).toEqual([]);
  });

  it('the link sets a new password once, ends every session, verifies the address; other links die with it', async () => {
    const me = await signupCitizen(app);
    await smtp.waitFor(1, me.email);
    await post('/api/auth/forgot-password', { email: me.email });
    await post('/api/auth/forgot-password', { email: me.email });
    const mails = await smtp.waitFor(3, me.email);
    const first = linkIn(mails[1]!, '/reset-password').searchParams.get('token')!;
    const second = linkIn(mails[2]!, '/reset-password').searchParams.get('token')!;

    const short = await post('/api/auth/reset-password', { token: first, password: '123' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: TEXTS.validation.passwordTooShort });
    const done = await post('/api/auth/reset-password', { token: first, password: 'a-new-password' });
    expect(done.json()).toEqual({ message: ACCOUNT_EMAIL_TEXTS.passwordReset });

    // The old session is over; the old password fails; the new one works.
    expect((await app.inject({ method: 'GET', url: '/api/account/settings', headers: me.auth })).statusCode).toBe(401);
    expect((await post('/api/user/login', { email: me.email, password: me.password })).statusCode).toBe(401);
    const login = await post('/api/user/login', { email: me.email, password: 'a-new-password' });
    expect(login.statusCode).toBe(200);
    const fresh = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
    expect((await app.inject({ method: 'GET', url: '/api/account/settings', headers: fresh })).json()).toMatchObject({ emailVerified: true });

    for (const token of [first, second]) {
      const reuse = await post('/api/auth/reset-password', { token, password: 'third-password' });
      expect(reuse.statusCode).toBe(400);
      expect(reuse.json()).toEqual({ message: ACCOUNT_EMAIL_TEXTS.linkInvalid });
    }
    expect((await post('/api/user/login', { email: me.email, password: 'a-new-password' })).statusCode).toBe(200);
  });

  it('a reset lifts a sign-in lock from wrong guesses: the owner proved the inbox', async () => {
    const me = await signupCitizen(app);
    await smtp.waitFor(1, me.email);
    let last = 0;
    for (let i = 0; i < 6; i++) last = (await post('/api/user/login', { email: me.email, password: `wrong-${i}` })).statusCode;
    expect(last).toBe(429);
    await post('/api/auth/forgot-password', { email: me.email });
    const [, mail] = await smtp.waitFor(2, me.email);
    const token = linkIn(mail!, '/reset-password').searchParams.get('token')!;
    expect((await post('/api/auth/reset-password', { token, password: 'unlocked-pass' })).statusCode).toBe(200);
    expect((await post('/api/user/login', { email: me.email, password: 'unlocked-pass' })).statusCode).toBe(200);
  });

  it('a link expires after an hour', async () => {
    const me = await signupCitizen(app);
    await smtp.waitFor(1, me.email);
    await post('/api/auth/forgot-password', { email: me.email });
    const [, mail] = await smtp.waitFor(2, me.email);
    const token = linkIn(mail!, '/reset-password').searchParams.get('token')!;
    clock.advance(61 * 60 * 1000);
    const late = await post('/api/auth/reset-password', { token, password: 'too-late-pass' });
    expect(late.statusCode).toBe(400);
    expect((await post('/api/user/login', { email: me.email, password: me.password })).statusCode).toBe(200);
  });

  it('sends one address at most three links an hour, answering the same past that', async () => {
    const me = await signupCitizen(app);
    await smtp.waitFor(1, me.email);
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/auth/forgot-password', { email: me.email });
      expect(res.json()).toEqual({ message: ACCOUNT_EMAIL_TEXTS.resetSent });
    }
    await smtp.waitFor(4, me.email);
    await settle();
    expect(smtp.messages.filter((m) => toOf(m) === me.email)).toHaveLength(4);
  });

  it('refuses a malformed address with a 400', async () => {
    for (const email of ['not-an-email', '', 'a'.repeat(300) + '@x.in', 'nul\u0000@x.in']) {
      expect((await post('/api/auth/forgot-password', { email })).statusCode, email).toBe(400);
    }
  });
});

describe('update emails', () => {
  it('a verified reporter is mailed a move right away, with one-click unsubscribe that works', async () => {
    const me = await verifiedCitizen();
    const dept = await signupGovernment(app, { verified: true });
    const { _id } = await createPost(app, me);
    const reference = (await app.ctx.database.db.selectFrom('posts').select('reference').where('id', '=', _id).executeTakeFirstOrThrow()).reference!;
    await advanceTo(app, dept, _id, 'Problem Seen');
    const mails = await smtp.waitFor(2, me.email);
    const update = mails[1]!;
    expect(update.subject).toContain(`[${reference}]`);
    expect(update.text).toContain(`https://civicpulse.example.in/post/${_id}`);
    expect(headerOf(update, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = /^<https:\/\/civicpulse\.example\.in(\/api\/mail\/unsubscribe\?t=[^>]+)>$/.exec(headerOf(update, 'List-Unsubscribe')!)![1]!;
    // The footer leads to the reporter's own Settings page.
    expect(update.text).toContain('https://civicpulse.example.in/user/dashboard/settings');
    // The email's own link opens the page that asks first.
    expect(update.text).toContain(`https://civicpulse.example.in/unsubscribe?t=`);

    // RFC 8058: the mail client POSTs a form to the URL.
    const res = await app.inject({ method: 'POST', url: unsubscribe, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.json()).toEqual({ message: ACCOUNT_EMAIL_TEXTS.unsubscribed });
    expect((await settings(me)).emailPrefs).toEqual({ ...EMAIL_DEFAULTS, progress: 'off' });

    // The next move rings the bell but sends no email.
    await advanceTo(app, dept, _id, 'Verified');
    await settle();
    expect(smtp.messages.filter((m) => toOf(m) === me.email)).toHaveLength(2);
    // (The take-over's item, updated with this move: rapid moves on one report are one bell item.)
    const bell = (await app.inject({ method: 'GET', url: '/api/notifications', headers: me.auth })).json<{ notifications: Array<{ postId: string | null; type: string; count?: number; isRead: boolean }> }>();
    expect(bell.notifications.filter((n) => n.postId === _id).map((n) => [n.type, n.count, n.isRead])).toEqual([['progress', 2, false]]);

    // A tampered link changes nothing.
    const bad = await app.inject({ method: 'POST', url: unsubscribe.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) });
    expect(bad.statusCode).toBe(400);
  });

  it('an unverified address gets no update email', async () => {
    const me = await signupCitizen(app);
    await smtp.waitFor(1, me.email);
    const dept = await signupGovernment(app, { verified: true });
    const { _id } = await createPost(app, me);
    await advanceTo(app, dept, _id, 'Problem Seen');
    await settle();
    expect(smtp.messages.filter((m) => toOf(m) === me.email)).toHaveLength(1);
  });

  it('comments wait for the daily summary, which lists them once and links each report', async () => {
    const me = await verifiedCitizen('Kiran Patil');
    const neighbour = await signupCitizen(app, 'Neighbour One');
    const { _id } = await createPost(app, me);
    for (const content of ['Same on my lane', 'Reported it too']) {
      expect((await app.inject({ method: 'POST', url: '/api/posts/addComment', headers: neighbour.auth, payload: { postId: _id, content } })).statusCode).toBe(201);
    }
    await settle();
    expect(smtp.messages.filter((m) => toOf(m) === me.email)).toHaveLength(1);
    const waiting = await app.ctx.database.db.selectFrom('accounts').select('digest_since').where('id', '=', me.id).executeTakeFirstOrThrow();
    expect(waiting.digest_since).not.toBeNull();

    clock.advance(23 * 60 * 60 * 1000);
    await settle();
    expect(smtp.messages.filter((m) => toOf(m) === me.email)).toHaveLength(1);
    clock.advance(2 * 60 * 60 * 1000);
    await settle();
    const [, digest] = await smtp.waitFor(2, me.email);
    expect(digest!.subject).toBe(MAIL_TEXTS.digestSubject(2));
    expect(digest!.text).toContain('Neighbour One');
    expect(digest!.text).toContain(`https://civicpulse.example.in/post/${_id}`);
    expect(headerOf(digest!, 'List-Unsubscribe')).toContain('/api/mail/unsubscribe?t=');
    expect(headerOf(digest!, 'List-Unsubscribe')).toContain('.digest.');
    const closed = await app.ctx.database.db.selectFrom('accounts').select('digest_since').where('id', '=', me.id).executeTakeFirstOrThrow();
    expect(closed.digest_since).toBeNull();
    // Nothing new: no second summary a day later.
    clock.advance(25 * 60 * 60 * 1000);
    await settle();
    expect(smtp.messages.filter((m) => toOf(m) === me.email)).toHaveLength(2);
  });

  it('Settings chooses per kind: right away, daily or off', async () => {
    const me = await verifiedCitizen();
    const saved = await app.inject({ method: 'PUT', url: '/api/account/settings', headers: me.auth, payload: { emailPrefs: { comments: 'immediately', progress: 'off' } } });
    expect(saved.json()).toMatchObject({ emailPrefs: { comments: 'immediately', progress: 'off', replies: 'daily' }, emailVerified: true });
    const bad = await app.inject({ method: 'PUT', url: '/api/account/settings', headers: me.auth, payload: { emailPrefs: { comments: 'hourly' } } });
    expect(bad.statusCode).toBe(400);
    const neighbour = await signupCitizen(app);
    const { _id } = await createPost(app, me);
    await app.inject({ method: 'POST', url: '/api/posts/addComment', headers: neighbour.auth, payload: { postId: _id, content: 'Seen this too' } });
    const [, comment] = await smtp.waitFor(2, me.email);
    const reference = (await app.ctx.database.db.selectFrom('posts').select('reference').where('id', '=', _id).executeTakeFirstOrThrow()).reference!;
    const words = notificationText('comment', { actorName: 'Asha Citizen', caption: 'x', toState: null, reason: null });
    expect(comment!.subject).toBe(`${words.title} [${reference}]`);
  });
});

describe('the queue', () => {
  it('retries a refused email with backoff, and keeps it as failed after the last attempt', async () => {
    smtp.refuseNext(1);
    const me = await signupCitizen(app);
    await runOnce();
    let row = (await outbox()).find((r) => r.to_address === me.email)!;
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.last_error).toContain('Try again later');
    expect(Date.parse(row.next_attempt_at) - clock.now()).toBeGreaterThan(25_000);
    // Not due yet: nothing is sent.
    await runOnce();
    expect(smtp.messages.filter((m) => toOf(m) === me.email)).toHaveLength(0);
    clock.advance(31_000);
    await runOnce();
    await smtp.waitFor(1, me.email);
    row = (await outbox()).find((r) => r.to_address === me.email)!;
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });

    smtp.refuseNext(3);
    const other = await signupCitizen(app);
    for (let i = 0; i < 3; i++) {
      await runOnce();
      clock.advance(10 * 60 * 1000);
    }
    row = (await outbox()).find((r) => r.to_address === other.email)!;
    expect(row).toMatchObject({ status: 'failed', attempts: 3, payload: null });
    expect(smtp.messages.filter((m) => toOf(m) === other.email)).toHaveLength(0);
  });

  it('an account deleted before its email went out takes the email with it', async () => {
    smtp.hold();
    const me = await signupCitizen(app);
    const del = await app.inject({ method: 'DELETE', url: '/api/account', headers: me.auth, payload: { password: me.password } });
    expect(del.statusCode).toBe(200);
    smtp.release();
    await settle();
    expect((await outbox()).filter((r) => r.to_address === me.email && r.status === 'pending')).toEqual([]);
  });
});

describe('without SMTP_URL', () => {
  it('writes each email to DATA_DIR/outbox as an .eml file and says so at start', async () => {
    const lines: string[] = [];
    const log = new (await import('node:stream')).Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const local = await createTestApp({ LOG_LEVEL: 'info', MAIL_POLL_MS: '0' }, { logStream: log });
    try {
      expect(lines.join('')).toContain(`email: files in ${path.join(local.dataDir, 'outbox')}`);
      const me = await signupCitizen(local.app);
      const dir = path.join(local.dataDir, 'outbox');
      const deadline = Date.now() + 10_000;
      while (!(existsSync(dir) && readdirSync(dir).some((f) => f.endsWith('.eml'))) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const mail = await simpleParser(readFileSync(path.join(dir, files[0]!)));
      expect(toOf(mail)).toBe(me.email);
      expect(mail.subject).toBe(MAIL_TEXTS.verifySubject);
    } finally {
      await local.close();
    }
  });
});
