/**
 * The per-account sign-in budget (issue 25 item 4, "Guessing"). The per-address route limit alone let
 * 5 addresses x 3 login tabs make 150 guesses a minute at one account; this budget is keyed by the
 * account's email, whatever the tab or the address, so guesses at one account are counted together.
 *
 * The rule (`takeAttempt`, pure, tested on its own): an account may spend `max` sign-in attempts
 * without a success; the attempt after that is refused until a lock has passed, counted from the last
 * attempt. Each further lock lasts twice the one before (`lockMs`, 2 x `lockMs`, 4 x …), up to `capMs`,
 * so a guesser gets `max` guesses per `capMs` at best while the owner is never locked out for longer
 * than `capMs`: every lock ends, and a successful sign-in forgets everything. An account with no
 * attempt for `forgetMs` starts afresh.
 *
 * An attempt is counted before its password is checked (`take`), so a burst of parallel guesses from
 * many addresses cannot all pass a "not locked yet" check at once; a refused attempt costs no password
 * work and changes nothing (it does not extend the lock). The right password on the wrong tab gives
 * its attempt back (`refund`), and a success clears the record (`reset`).
 *
 * Stores: in memory (one process, the embedded default) or in Redis (every process counts together;
 * one Lua script makes each take atomic). Both take `now` from the caller, so the lock follows the
 * app's injectable clock and tests move time instead of sleeping.
 */
import type { Redis } from 'ioredis';

export interface GuardRule {
  /** Attempts an account may spend without a success before a lock. */
  max: number;
  /** The first lock, in ms; each further lock doubles it. */
  lockMs: number;
  /** The longest lock, in ms. */
  capMs: number;
  /** A record with no attempt for this long is forgotten (counts, locks served, all). */
  forgetMs: number;
}

/** One account's record: attempts spent in this round, locks served so far, time of the last attempt. */
export interface GuardState {
  spent: number;
  lockouts: number;
  lastAt: number;
}

export type TakeResult =
  | { allowed: true; state: GuardState }
  | { allowed: false; retryAfterMs: number; state: GuardState };

/** How long the `n`-th lock (1, 2, …) lasts: lockMs doubled n-1 times, at most capMs. */
export function lockDuration(rule: GuardRule, n: number): number {
  const doublings = Math.max(0, n - 1);
  // Past 2^40 the cap has long been reached; stop before the multiplication overflows anything.
  return doublings >= 40 ? rule.capMs : Math.min(rule.capMs, rule.lockMs * 2 ** doublings);
}

/** The ms left on the account's lock at `now`, or 0 when an attempt may go ahead. */
export function lockRemaining(state: GuardState | undefined, now: number, rule: GuardRule): number {
  if (!state || now - state.lastAt >= rule.forgetMs || state.spent < rule.max) return 0;
  return Math.max(0, state.lastAt + lockDuration(rule, state.lockouts + 1) - now);
}

/** The rule: whether an attempt at `now` may go ahead, and the record after it. */
export function takeAttempt(state: GuardState | undefined, now: number, rule: GuardRule): TakeResult {
  const current = !state || now - state.lastAt >= rule.forgetMs ? { spent: 0, lockouts: 0, lastAt: now } : state;
  const remaining = lockRemaining(current, now, rule);
  if (remaining > 0) return { allowed: false, retryAfterMs: remaining, state: current };
  // A lock that has passed is one more served: the next round's lock will be longer.
  const round = current.spent >= rule.max ? { spent: 0, lockouts: current.lockouts + 1 } : current;
  return { allowed: true, state: { spent: round.spent + 1, lockouts: round.lockouts, lastAt: now } };
}

/**
 * The lock an allowed attempt leads to if it fails: its length in ms, or 0 when the account still
 * has attempts left after it.
 */
export function lockIfFailed(state: GuardState, rule: GuardRule): number {
  return state.spent >= rule.max ? lockDuration(rule, state.lockouts + 1) : 0;
}

export interface GuardStore {
  /** Applies `takeAttempt` to `key`'s record atomically and keeps the result. */
  take(key: string, now: number): Promise<TakeResult>;
  /** Gives back one attempt (the right password on the wrong tab is not a guess). */
  refund(key: string): Promise<void>;
  /** Forgets `key`'s record (a successful sign-in). */
  reset(key: string): Promise<void>;
}

/**
 * One process's records. Forgotten records are swept whenever the map has doubled since the last
 * sweep (so sweeping stays amortised O(1) per attempt); past `hardCap` the least recently used go
 * first (they are the least likely to be locked), so a spray of made-up emails cannot grow memory
 * without bound.
 */
export class MemoryGuardStore implements GuardStore {
  private readonly records = new Map<string, GuardState>();
  private nextSweepAt: number;

  constructor(
    private readonly rule: GuardRule,
    private readonly sweepAt = 10_000,
    private readonly hardCap = 200_000,
  ) {
    this.nextSweepAt = sweepAt;
  }

  take(key: string, now: number): Promise<TakeResult> {
    const result = takeAttempt(this.records.get(key), now, this.rule);
    if (result.allowed) {
      // Delete first so the key moves to the end of the map's order (most recently used).
      this.records.delete(key);
      this.records.set(key, result.state);
      if (this.records.size > this.nextSweepAt) this.sweep(now);
      if (this.records.size > this.hardCap) this.records.delete(this.records.keys().next().value!);
    }
    return Promise.resolve(result);
  }

  refund(key: string): Promise<void> {
    const state = this.records.get(key);
    if (state && state.spent > 0) this.records.set(key, { ...state, spent: state.spent - 1 });
    return Promise.resolve();
  }

  reset(key: string): Promise<void> {
    this.records.delete(key);
    return Promise.resolve();
  }

  private sweep(now: number): void {
    for (const [key, state] of this.records) if (now - state.lastAt >= this.rule.forgetMs) this.records.delete(key);
    this.nextSweepAt = Math.max(this.sweepAt, 2 * this.records.size);
  }
}

/**
 * `takeAttempt` in Lua, so a read-decide-write on one key is one atomic step however many processes
 * share the Redis. Keep it in step with `takeAttempt` (redis.test.ts runs both on the same attempts).
 * KEYS[1]: the record (a hash). ARGV: now, max, lockMs, capMs, forgetMs.
 * Returns { allowed (1/0), retryAfterMs, spent, lockouts, lastAt }.
 */
const TAKE_SCRIPT = `
local now = tonumber(ARGV[1])
local max = tonumber(ARGV[2])
local lockMs = tonumber(ARGV[3])
local capMs = tonumber(ARGV[4])
local forgetMs = tonumber(ARGV[5])
local h = redis.call('HMGET', KEYS[1], 'spent', 'lockouts', 'lastAt')
local spent = tonumber(h[1]) or 0
local lockouts = tonumber(h[2]) or 0
local lastAt = tonumber(h[3]) or now
if now - lastAt >= forgetMs then spent = 0; lockouts = 0; lastAt = now end
if spent >= max then
  local doublings = lockouts
  local duration = capMs
  if doublings < 40 then duration = math.min(capMs, lockMs * 2 ^ doublings) end
  local remaining = lastAt + duration - now
  if remaining > 0 then return { 0, math.ceil(remaining), spent, lockouts, lastAt } end
  spent = 0
  lockouts = lockouts + 1
end
spent = spent + 1
redis.call('HSET', KEYS[1], 'spent', spent, 'lockouts', lockouts, 'lastAt', now)
redis.call('PEXPIRE', KEYS[1], forgetMs)
return { 1, 0, spent, lockouts, now }
`;

const REFUND_SCRIPT = `
local spent = tonumber(redis.call('HGET', KEYS[1], 'spent'))
if spent and spent > 0 then redis.call('HINCRBY', KEYS[1], 'spent', -1) end
return 0
`;

/**
 * Records in Redis, shared by every process. The key's TTL (forgetMs, real time) only collects
 * garbage; the rule itself goes by the `now` it is given. If Redis fails, the process's own memory
 * store stands in (as lib/limiter.ts does) rather than refusing every sign-in.
 */
export class RedisGuardStore implements GuardStore {
  private readonly fallback: MemoryGuardStore;

  constructor(
    private readonly redis: Redis,
    private readonly rule: GuardRule,
    private readonly prefix: string,
    private readonly onError: (err: unknown) => void,
  ) {
    this.fallback = new MemoryGuardStore(rule);
  }

  private keyOf(key: string): string {
    return `${this.prefix}${key}`;
  }

  async take(key: string, now: number): Promise<TakeResult> {
    const r = this.rule;
    let raw: unknown;
    try {
      raw = await this.redis.eval(TAKE_SCRIPT, 1, this.keyOf(key), now, r.max, r.lockMs, r.capMs, r.forgetMs);
    } catch (err) {
      this.onError(err);
      return this.fallback.take(key, now);
    }
    const [allowed, retryAfterMs, spent, lockouts, lastAt] = (raw as Array<number | string>).map(Number) as [number, number, number, number, number];
    const state = { spent, lockouts, lastAt };
    return allowed === 1 ? { allowed: true, state } : { allowed: false, retryAfterMs, state };
  }

  async refund(key: string): Promise<void> {
    try {
      await this.redis.eval(REFUND_SCRIPT, 1, this.keyOf(key));
    } catch (err) {
      this.onError(err);
      await this.fallback.refund(key);
    }
  }

  async reset(key: string): Promise<void> {
    await this.fallback.reset(key);
    try {
      await this.redis.del(this.keyOf(key));
    } catch (err) {
      this.onError(err);
    }
  }
}
