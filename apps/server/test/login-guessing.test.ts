/**
 * Issue 25 item 4, "Guessing": one sign-in budget per account across the three login tabs and every
 * address. The per-address route limit is 10000 here (createTestApp), so everything these tests see
 * comes from the account budget: 5 attempts without a success, then a lock of 1, 2, 4 … minutes,
 * capped at 60, moved past with the app's injected clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ManualClock } from '../src/lib/clock.js';
import { ADMIN, createTestApp, signupCitizen, signupGovernment, uniqueEmail, type TestApp } from './helpers/app.js';

const MIN = 60_000;
const LOCKED = 'Too many failed sign-in attempts for this account. Try again in ';

type Tab = 'user' | 'government' | 'admin';

describe('login guessing', () => {
  let t: TestApp;
  const clock = new ManualClock();

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
  });
  afterAll(async () => {
    await t.close();
  });

  let addressCounter = 0;
  /** A sign-in on `tab` from a fresh address each time (as a guesser with many addresses would). */
  function signIn(tab: Tab, email: string, password: string, secretKey = 'not-the-key', remoteAddress?: string) {
    addressCounter += 1;
    const from = remoteAddress ?? `10.25.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
    if (tab === 'user') return t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password }, remoteAddress: from });
    if (tab === 'government') {
      return t.app.inject({ method: 'POST', url: '/api/gov/login', payload: { officialEmail: email, password }, remoteAddress: from });
    }
    return t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password, secretKey }, remoteAddress: from });
  }

  const TABS: Tab[] = ['user', 'government', 'admin', 'user', 'government'];
  /** Five wrong passwords, one per tab in turn, each from its own address: the statuses seen. */
  async function fiveWrong(email: string): Promise<LightMyRequestResponse[]> {
    const answers: LightMyRequestResponse[] = [];
    for (const tab of TABS) answers.push(await signIn(tab, email, 'wrong-guess'));
    return answers;
  }

  const seen = (r: LightMyRequestResponse) => ({ status: r.statusCode, message: r.json<{ message: string }>().message });
  const retryAfter = (r: LightMyRequestResponse) => Number(r.headers['retry-after']);

  it('5 wrong guesses over the three tabs from 5 addresses lock the account; the right password then gets 429 and Retry-After', async () => {
    const asha = await signupCitizen(t.app);
    // Case and spaces do not make another account (emails are normalised as accounts are).
    const spellings = [asha.email, asha.email.toUpperCase(), ` ${asha.email}`, asha.email, asha.email.toUpperCase()];
    const answers: LightMyRequestResponse[] = [];
    for (const [i, tab] of TABS.entries()) answers.push(await signIn(tab, spellings[i]!, 'wrong-guess'));
    expect(answers.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 429]);
    expect(seen(answers[3]!).message).toBe('Invalid email or password');
    // The guess that spends the last of the budget is told of the lock at once.
    expect(seen(answers[4]!)).toEqual({ status: 429, message: `${LOCKED}a minute.` });
    expect(retryAfter(answers[4]!)).toBe(60);

    const right = await signIn('user', asha.email, asha.password);
    expect(seen(right)).toEqual({ status: 429, message: `${LOCKED}a minute.` });
    expect(retryAfter(right)).toBeGreaterThan(50);
    expect(retryAfter(right)).toBeLessThanOrEqual(60);
    // In Hindi for a Hindi reader, like every other message.
    const hindi = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: asha.email, password: asha.password },
      headers: { 'accept-language': 'hi' },
    });
    expect(hindi.statusCode).toBe(429);
    expect(hindi.json<{ message: string }>().message).toBe('इस खाते में साइन इन के बहुत अधिक असफल प्रयास हुए हैं। एक मिनट बाद फिर कोशिश करें।');

    clock.advance(MIN);
    const after = await signIn('user', asha.email, asha.password);
    expect(after.statusCode).toBe(200);
    expect(after.json<{ token: string }>().token).toBeTruthy();
    // The success forgot the record: four more wrong guesses are plain 401s, the fifth locks for a minute again.
    expect((await fiveWrong(asha.email)).map(seen)).toEqual([
      ...Array.from({ length: 4 }, () => ({ status: 401, message: 'Invalid email or password' })),
      { status: 429, message: `${LOCKED}a minute.` },
    ]);
    clock.advance(MIN);
  });

  it('50 wrong guesses from 5 addresses then the right one: the right one is refused (before: it signed in)', async () => {
    const ravi = await signupCitizen(t.app, 'Ravi Guessed');
    const codes: number[] = [];
    for (let i = 0; i < 50; i++) codes.push((await signIn('user', ravi.email, `guess-${i}`, undefined, `192.0.2.${(i % 5) + 1}`)).statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(4);
    expect(codes.slice(4).every((c) => c === 429)).toBe(true);
    const right = await signIn('user', ravi.email, ravi.password, undefined, '192.0.2.1');
    expect(right.statusCode).toBe(429);
    clock.advance(MIN);
    expect((await signIn('user', ravi.email, ravi.password)).statusCode).toBe(200);
  });

  it('a burst of 20 parallel guesses from 20 addresses gets 4 of them checked, not 20', async () => {
    const ravi = await signupCitizen(t.app, 'Ravi Burst');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(TABS[i % 5]!, ravi.email, `burst-${i}`, undefined, `198.51.100.${i + 1}`)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(4);
    expect(codes.filter((c) => c === 429)).toHaveLength(16);
    clock.advance(MIN);
  });

  it('a locked attempt runs no password check and does not extend the lock', async () => {
    const dept = await signupGovernment(t.app, { verified: true });
    await fiveWrong(dept.email);
    // Knocking all through the minute (the right password included) never moves the end of the lock.
    for (let s = 0; s < 6; s++) {
      clock.advance(9_000);
      const r = await signIn('government', dept.email, s % 2 ? dept.password : 'wrong-guess');
      expect(r.statusCode).toBe(429);
      expect(retryAfter(r)).toBeLessThanOrEqual(60 - 9 * (s + 1) + 1);
    }
    clock.advance(MIN - 54_000);
    expect((await signIn('government', dept.email, dept.password)).statusCode).toBe(200);
  });

  it('each further lock doubles, up to an hour; the owner gets in after each one', async () => {
    const asha = await signupCitizen(t.app);
    const waits: string[] = [];
    const headers: number[] = [];
    for (let round = 0; round < 8; round++) {
      const answers = await fiveWrong(asha.email);
      expect(answers.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 429]);
      const last = answers[4]!;
      waits.push(seen(last).message.slice(LOCKED.length));
      headers.push(retryAfter(last));
      // Still locked a little before the end…
      clock.advance(retryAfter(last) * 1000 - 2_000);
      expect((await signIn('user', asha.email, asha.password)).statusCode).toBe(429);
      clock.advance(2_000);
    }
    expect(waits).toEqual(['a minute.', '2 minutes.', '4 minutes.', '8 minutes.', '16 minutes.', '32 minutes.', '60 minutes.', '60 minutes.']);
    expect(headers).toEqual([60, 120, 240, 480, 960, 1920, 3600, 3600]);
    // …and open at the end of the longest lock: the right password signs in, and the next lock is a minute again.
    expect((await signIn('user', asha.email, asha.password)).statusCode).toBe(200);
    expect(seen((await fiveWrong(asha.email))[4]!).message).toBe(`${LOCKED}a minute.`);
    clock.advance(MIN);
  });

  it('an unknown email answers exactly as a known one: same statuses, messages and waits', async () => {
    const known = await signupCitizen(t.app);
    const unknown = uniqueEmail('nobody');
    const trace = async (email: string, rightPassword: string) => {
      const out: Array<{ status: number; message: string; retryAfter?: string }> = [];
      const record = (r: LightMyRequestResponse) => out.push({ ...seen(r), retryAfter: r.headers['retry-after'] as string | undefined });
      for (let round = 0; round < 2; round++) {
        for (const r of await fiveWrong(email)) record(r);
        record(await signIn('government', email, rightPassword));
        record(await signIn('admin', email, rightPassword));
        clock.advance(round === 0 ? MIN : 2 * MIN);
      }
      return out;
    };
    const knownTrace = await trace(known.email, known.password);
    const unknownTrace = await trace(unknown, 'whatever-password');
    expect(unknownTrace).toEqual(knownTrace);
    expect(unknownTrace.map((a) => a.status)).toEqual([401, 401, 401, 401, 429, 429, 429, 401, 401, 401, 401, 429, 429, 429]);
    expect(unknownTrace[11]).toEqual({ status: 429, message: `${LOCKED}2 minutes.`, retryAfter: '120' });
  });

  it('guesses at the admin secret key with the right password spend the same budget', async () => {
    const wrongKey = () => signIn('admin', ADMIN.email, ADMIN.password, 'guessed-key');
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await wrongKey()).statusCode);
    // The right password on the wrong tab is not a guess: it neither spends nor resets the budget
    // (else knowing the password would buy unlimited guesses at the key).
    for (const tab of ['user', 'government'] as const) {
      const r = await signIn(tab, ADMIN.email, ADMIN.password);
      expect(r.statusCode).toBe(403);
    }
    const fifth = await wrongKey();
    codes.push(fifth.statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 429]);
    expect(seen(fifth).message).toBe(`${LOCKED}a minute.`);
    const right = await signIn('admin', ADMIN.email, ADMIN.password, ADMIN.secret);
    expect(right.statusCode).toBe(429);
    expect(retryAfter(right)).toBeGreaterThan(50);
    clock.advance(MIN);
    expect((await signIn('admin', ADMIN.email, ADMIN.password, ADMIN.secret)).statusCode).toBe(200);
  });

  it("one account's lock leaves every other account alone", async () => {
    const locked = await signupCitizen(t.app);
    const other = await signupCitizen(t.app);
    await fiveWrong(locked.email);
    expect((await signIn('user', locked.email, locked.password)).statusCode).toBe(429);
    expect((await signIn('user', other.email, other.password)).statusCode).toBe(200);
    expect((await signIn('user', other.email, 'wrong-guess')).statusCode).toBe(401);
    expect((await signIn('admin', ADMIN.email, ADMIN.password, ADMIN.secret)).statusCode).toBe(200);
    clock.advance(MIN);
  });

  it('the budget and lock lengths follow LOGIN_FAILURES_MAX, LOGIN_LOCKOUT_MS and LOGIN_LOCKOUT_MAX_MS', async () => {
    const own = new ManualClock();
    const app = await createTestApp({ LOGIN_FAILURES_MAX: '2', LOGIN_LOCKOUT_MS: '120000', LOGIN_LOCKOUT_MAX_MS: '180000' }, { clock: own });
    try {
      const email = uniqueEmail('configured');
      const wrong = () => app.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password: 'wrong-guess' } });
      const rounds: Array<[number, number, string | undefined]> = [];
      for (let round = 0; round < 3; round++) {
        const a = await wrong();
        const b = await wrong();
        rounds.push([a.statusCode, b.statusCode, b.headers['retry-after'] as string | undefined]);
        own.advance(Number(b.headers['retry-after']) * 1000);
      }
      expect(rounds).toEqual([
        [401, 429, '120'],
        [401, 429, '180'],
        [401, 429, '180'],
      ]);
    } finally {
      await app.close();
    }
  });
});
