import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '@civicpulse/shared';

export interface TokenSubject {
  id: string;
  role: Role;
  email: string;
  name: string;
  profilePhoto: string;
  /**
   * The account's token version when the token was made (an addition to the spec's claims). Changing
   * the password raises the account's version, so every older token stops working.
   */
  tv?: number;
}

export class TokenService {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    private readonly expiresIn: string,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(subject: TokenSubject): Promise<string> {
    return new SignJWT({ ...subject })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(this.expiresIn)
      .sign(this.key);
  }

  /** The id and role the token was issued for, or null when it is expired, tampered or malformed. */
  async verify(token: string): Promise<{ id: string; role: Role; tv: number } | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const { id, role, tv } = payload as { id?: unknown; role?: unknown; tv?: unknown };
      if (typeof id !== 'string' || (role !== 'user' && role !== 'government' && role !== 'admin')) return null;
      // Tokens made before versions existed carry none: version 0.
      if (tv !== undefined && (typeof tv !== 'number' || !Number.isInteger(tv) || tv < 0)) return null;
      return { id, role, tv: tv ?? 0 };
    } catch {
      return null;
    }
  }
}
