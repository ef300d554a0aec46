import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '@civicpulse/shared';

export interface TokenSubject {
  id: string;
  role: Role;
  email: string;
  name: string;
  profilePhoto: string;
}

export interface TokenClaims {
  id: string;
  role: Role;
  /** Issued at, epoch seconds. */
  iat: number;
  /** Expires at, epoch seconds (always present: a token without it is refused). */
  exp: number;
}

/** How many verified tokens a process remembers (about 300 bytes each); the oldest is forgotten first. */
export const VERIFIED_TOKENS_MAX = 10_000;

export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature and claims were checked, with their claims. A token's signature never
   * changes its answer, so it is checked once per process instead of on every request (an HMAC through
   * WebCrypto costs about a quarter of a millisecond); expiry, which does change, is compared with the
   * time again on every use. Only the token is remembered, never the account: the caller still looks
   * the account up on every request, so a deleted, deactivated or signed-out account is refused at once.
   */
  private readonly verified = new Map<string, TokenClaims>();
  constructor(
    secret: string,
    private readonly expiresIn: string,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** `issuedAt` (epoch seconds) defaults to now; a password change signs its session's token at the account's new sessions_from. */
  sign(subject: TokenSubject, issuedAt?: number): Promise<string> {
    return new SignJWT({ ...subject })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(issuedAt)
      .setExpirationTime(this.expiresIn)
      .sign(this.key);
  }

  /**
   * The id and role the token was issued for, when it was issued and when it expires (epoch seconds;
   * the live connection ends a socket then), or null when it is expired, tampered or malformed.
   * A token without `exp` is refused (issue 25 item 9): jose checks `exp` only when it is present, and
   * a token that never expires would outlive every session rule built on expiry.
   */
  async verify(token: string): Promise<TokenClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      // jose's rule: expired when exp <= now, in whole seconds.
      if (known.exp > Math.floor(Date.now() / 1000)) return { ...known };
      this.verified.delete(token);
      return null;
    }
    const claims = await this.check(token);
    if (claims) {
      if (this.verified.size >= VERIFIED_TOKENS_MAX) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, claims);
    }
    return claims;
  }

  private async check(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], requiredClaims: ['exp', 'iat'] });
      const { id, role, iat, exp } = payload as { id?: unknown; role?: unknown; iat?: unknown; exp?: unknown };
      if (typeof id !== 'string' || (role !== 'user' && role !== 'government' && role !== 'admin')) return null;
      if (typeof iat !== 'number' || !Number.isFinite(iat)) return null;
      if (typeof exp !== 'number' || !Number.isFinite(exp)) return null;
      return { id, role, iat, exp };
    } catch {
      return null;
    }
  }
}
