import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '@civicpulse/shared';

export interface TokenSubject {
  id: string;
  role: Role;
  email: string;
  name: string;
  profilePhoto: string;
}

export class TokenService {
  private readonly key: Uint8Array;
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

  /** The id and role the token was issued for, or null when it is expired, tampered or malformed. */
  async verify(token: string): Promise<{ id: string; role: Role; iat: number } | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const { id, role, iat } = payload as { id?: unknown; role?: unknown; iat?: unknown };
      if (typeof id !== 'string' || (role !== 'user' && role !== 'government' && role !== 'admin')) return null;
      if (typeof iat !== 'number' || !Number.isFinite(iat)) return null;
      return { id, role, iat };
    } catch {
      return null;
    }
  }
}
