/**
 * Caps on open live connections per account and per client address (issue 25: one account opened
 * 500 sockets). A socket holds a "seat" under both keys from its admitted handshake until it closes.
 *
 * In one process the seats are counted in memory, exactly: the check and the take are one
 * synchronous step after the handshake's token was resolved. With REDIS_URL they are also counted in
 * Redis, so spreading sockets over processes does not multiply the cap: each key is a sorted set of
 * socket ids scored by when the seat lapses, and one Lua script prunes lapsed seats, checks both caps
 * and takes both seats atomically (two processes admitting at once cannot both take the last seat).
 * A seat lapses SEAT_TTL_MS after its last renewal; each process renews its own sockets' seats every
 * RENEW_MS, so the seats of a process that crashed (and never said goodbye) are free again within
 * SEAT_TTL_MS. A closed socket gives its seats back at once. If Redis fails, the in-memory count
 * stands in (one process's count) rather than refusing everyone.
 */
import type { Redis } from 'ioredis';

export type SeatRefusal = 'account' | 'address';

export interface SeatKeys {
  account: string;
  address: string;
}

interface Log {
  warn(obj: object, msg: string): void;
}

export const SEAT_TTL_MS = 30_000;
const RENEW_MS = 10_000;
const KEY_PREFIX = 'civicpulse-live-seats:';

/**
 * KEYS: account set, address set. ARGV: member, account cap, address cap, ttl ms.
 * Returns 0 when both seats were taken, 1 when the account is full, 2 when the address is.
 * Scores are Redis's own clock (TIME), so the processes' clocks need not agree.
 */
const TAKE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if redis.call('ZSCORE', KEYS[1], ARGV[1]) == false and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 1 end
if redis.call('ZSCORE', KEYS[2], ARGV[1]) == false and redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[3]) then return 2 end
redis.call('ZADD', KEYS[1], now + ttl, ARGV[1])
redis.call('ZADD', KEYS[2], now + ttl, ARGV[1])
redis.call('PEXPIRE', KEYS[1], ttl)
redis.call('PEXPIRE', KEYS[2], ttl)
return 0
`;

/** KEYS: the sets of this process's seats; ARGV: ttl ms, then one member per key. Pushes their lapse out. */
const RENEW_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, now + ttl, ARGV[i + 1])
  redis.call('PEXPIRE', key, ttl)
end
return #KEYS
`;

interface SeatCommands {
  civicpulseLiveSeatTake(accountKey: string, addressKey: string, member: string, accountMax: number, addressMax: number, ttl: number): Promise<number>;
  civicpulseLiveSeatRenew(...args: Array<string | number>): Promise<number>;
}

export class LiveSeats {
  /** Open seats per key in this process. */
  private readonly local = new Map<string, number>();
  /** This process's admitted sockets and their keys (what to renew and to give back). */
  private readonly held = new Map<string, SeatKeys>();
  private readonly redis: (Redis & SeatCommands) | undefined;
  private readonly renewTimer: NodeJS.Timeout | undefined;

  constructor(
    redis: Redis | undefined,
    private readonly caps: { socketsPerAccount: number; socketsPerAddress: number },
    private readonly log: Log,
  ) {
    if (redis) {
      redis.defineCommand('civicpulseLiveSeatTake', { numberOfKeys: 2, lua: TAKE_SCRIPT });
      redis.defineCommand('civicpulseLiveSeatRenew', { lua: RENEW_SCRIPT });
      this.redis = redis as Redis & SeatCommands;
      this.renewTimer = setInterval(() => void this.renew(), RENEW_MS);
      this.renewTimer.unref();
    }
  }

  /** Takes a seat under both keys for this socket, or says which cap is full (and takes none). */
  async take(socketId: string, keys: SeatKeys): Promise<SeatRefusal | null> {
    const accountKey = `account:${keys.account}`;
    const addressKey = `address:${keys.address}`;
    if ((this.local.get(accountKey) ?? 0) >= this.caps.socketsPerAccount) return 'account';
    if ((this.local.get(addressKey) ?? 0) >= this.caps.socketsPerAddress) return 'address';
    // Reserved here before the await, so concurrent handshakes in this process count each other.
    this.add(accountKey, 1);
    this.add(addressKey, 1);
    this.held.set(socketId, keys);
    if (!this.redis) return null;
    let answer: number;
    try {
      answer = await this.redis.civicpulseLiveSeatTake(
        KEY_PREFIX + accountKey,
        KEY_PREFIX + addressKey,
        socketId,
        this.caps.socketsPerAccount,
        this.caps.socketsPerAddress,
        SEAT_TTL_MS,
      );
    } catch (err) {
      this.log.warn({ err }, 'live seat count in Redis failed; counting this process only');
      return null;
    }
    if (answer === 0) {
      // The handshake's connection closed while Redis answered: its seats go straight back.
      if (!this.held.has(socketId)) this.forgetInRedis(socketId, keys);
      return null;
    }
    this.giveBack(socketId, false);
    return answer === 1 ? 'account' : 'address';
  }

  /** Gives the socket's seats back (its disconnect; a handshake that never completed). Idempotent. */
  release(socketId: string): void {
    this.giveBack(socketId, true);
  }

  /** How many seats a key holds in this process (tests, metrics). */
  localCount(kind: SeatRefusal, value: string): number {
    return this.local.get(`${kind}:${value}`) ?? 0;
  }

  close(): void {
    if (this.renewTimer) clearInterval(this.renewTimer);
  }

  private giveBack(socketId: string, inRedis: boolean): void {
    const keys = this.held.get(socketId);
    if (!keys) return;
    this.held.delete(socketId);
    this.add(`account:${keys.account}`, -1);
    this.add(`address:${keys.address}`, -1);
    if (inRedis) this.forgetInRedis(socketId, keys);
  }

  private forgetInRedis(socketId: string, keys: SeatKeys): void {
    if (!this.redis) return;
    // One MULTI: both seats go together. A failure only leaves them to lapse.
    this.redis
      .multi()
      .zrem(`${KEY_PREFIX}account:${keys.account}`, socketId)
      .zrem(`${KEY_PREFIX}address:${keys.address}`, socketId)
      .exec()
      .catch((err: unknown) => this.log.warn({ err }, 'live seat release in Redis failed; it lapses on its own'));
  }

  private add(key: string, delta: number): void {
    const n = (this.local.get(key) ?? 0) + delta;
    // Zero entries are dropped: the map holds only keys with open sockets.
    if (n > 0) this.local.set(key, n);
    else this.local.delete(key);
  }

  /** Renews every seat this process holds, in batches (sent on the client that takes and releases, so in order with them). */
  private async renew(): Promise<void> {
    const redis = this.redis;
    if (!redis || this.held.size === 0) return;
    const entries = [...this.held];
    const batch = 250;
    try {
      for (let i = 0; i < entries.length; i += batch) {
        const keys: string[] = [];
        const members: string[] = [];
        for (const [socketId, k] of entries.slice(i, i + batch)) {
          // Released while an earlier batch was on its way: renewing it would bring the seat back.
          if (this.held.get(socketId) !== k) continue;
          keys.push(`${KEY_PREFIX}account:${k.account}`, `${KEY_PREFIX}address:${k.address}`);
          members.push(socketId, socketId);
        }
        if (keys.length > 0) await redis.civicpulseLiveSeatRenew(keys.length, ...keys, SEAT_TTL_MS, ...members);
      }
    } catch (err) {
      this.log.warn({ err }, 'live seat renewal in Redis failed');
    }
  }
}
