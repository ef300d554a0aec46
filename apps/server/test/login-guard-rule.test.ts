/** The per-account sign-in budget's rule (lib/loginGuard.ts) on its own: no HTTP, no store. */
import { describe, expect, it } from 'vitest';
import { lockedSignInText } from '@civicpulse/shared';
import { MemoryGuardStore, lockDuration, lockIfFailed, takeAttempt, type GuardState } from '../src/lib/loginGuard.js';

const MIN = 60_000;
const rule = { max: 5, lockMs: MIN, capMs: 60 * MIN, forgetMs: 24 * 60 * MIN };

/** Takes `n` attempts at `now`, each allowed, and answers the record after them. */
function spend(state: GuardState | undefined, now: number, n: number): GuardState {
  let s = state;
  for (let i = 0; i < n; i++) {
    const r = takeAttempt(s, now, rule);
    expect(r.allowed).toBe(true);
    s = r.state;
  }
  return s!;
}

describe('login budget rule', () => {
  it('allows five attempts, then refuses until the first lock (a minute from the fifth) has passed', () => {
    const t0 = 1_000_000;
    const s = spend(undefined, t0, 5);
    expect(lockIfFailed(s, rule)).toBe(MIN);
    expect(takeAttempt(s, t0 + 1_000, rule)).toEqual({ allowed: false, retryAfterMs: MIN - 1_000, state: s });
    expect(takeAttempt(s, t0 + MIN - 1, rule).allowed).toBe(false);
    const after = takeAttempt(s, t0 + MIN, rule);
    expect(after).toEqual({ allowed: true, state: { spent: 1, lockouts: 1, lastAt: t0 + MIN } });
  });

  it('the fourth attempt leaves the account open; only the fifth leads to a lock if it fails', () => {
    const s4 = spend(undefined, 0, 4);
    expect(lockIfFailed(s4, rule)).toBe(0);
    expect(lockIfFailed(spend(s4, 0, 1), rule)).toBe(MIN);
  });

  it('doubles the lock each round: 1, 2, 4, 8, 16, 32 minutes, then 60 (the cap) for good', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 100, 5000].map((n) => lockDuration(rule, n) / MIN)).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60, 60]);
    let now = 0;
    let s: GuardState | undefined;
    const locks: number[] = [];
    for (let round = 0; round < 8; round++) {
      s = spend(s, now, 5);
      const refused = takeAttempt(s, now, rule);
      if (refused.allowed) throw new Error('not locked');
      locks.push(refused.retryAfterMs / MIN);
      now += refused.retryAfterMs;
    }
    expect(locks).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
  });

  it('a refused attempt changes nothing, so knocking on a locked account does not extend its lock', () => {
    const s = spend(undefined, 0, 5);
    let state = s;
    for (const at of [1_000, 20_000, 59_000]) {
      const r = takeAttempt(state, at, rule);
      expect(r.allowed).toBe(false);
      state = r.state;
    }
    expect(state).toEqual(s);
    expect(takeAttempt(state, MIN, rule).allowed).toBe(true);
  });

  it('forgets an account a day after its last attempt, locks served and all', () => {
    let s = spend(undefined, 0, 5);
    s = spend(s, MIN, 5); // round two: its lock would be 2 minutes
    const day = 24 * 60 * MIN;
    expect(takeAttempt(s, MIN + day - 1, rule).state.lockouts).toBe(2);
    expect(takeAttempt(s, MIN + day, rule)).toEqual({ allowed: true, state: { spent: 1, lockouts: 0, lastAt: MIN + day } });
  });

  it('the memory store keeps records apart, gives an attempt back, and forgets on reset', async () => {
    const store = new MemoryGuardStore(rule);
    for (let i = 0; i < 5; i++) await store.take('a', 0);
    expect((await store.take('a', 1)).allowed).toBe(false);
    expect((await store.take('b', 1)).allowed).toBe(true);
    await store.refund('a');
    expect(await store.take('a', 2)).toEqual({ allowed: true, state: { spent: 5, lockouts: 0, lastAt: 2 } });
    await store.reset('a');
    expect(await store.take('a', 3)).toEqual({ allowed: true, state: { spent: 1, lockouts: 0, lastAt: 3 } });
  });

  it('the memory store stays bounded under a spray of made-up emails', async () => {
    const store = new MemoryGuardStore(rule, 100, 150);
    for (let i = 0; i < 1000; i++) await store.take(`spray-${i}`, 0);
    expect((store as unknown as { records: Map<string, unknown> }).records.size).toBeLessThanOrEqual(150);
  });

  it('words the wait rounded up: a minute, minutes, then hours from two hours on', () => {
    const prefix = 'Too many failed sign-in attempts for this account. Try again in ';
    expect(lockedSignInText(1)).toBe(`${prefix}a minute.`);
    expect(lockedSignInText(MIN)).toBe(`${prefix}a minute.`);
    expect(lockedSignInText(MIN + 1)).toBe(`${prefix}2 minutes.`);
    expect(lockedSignInText(60 * MIN)).toBe(`${prefix}60 minutes.`);
    expect(lockedSignInText(119 * MIN)).toBe(`${prefix}119 minutes.`);
    expect(lockedSignInText(120 * MIN)).toBe(`${prefix}2 hours.`);
    expect(lockedSignInText(121 * MIN)).toBe(`${prefix}3 hours.`);
  });
});
