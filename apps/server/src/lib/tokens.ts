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

  sign(subject: TokenSubject): Promise<string> {
    return new SignJWT({ ...subject })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(this.expiresIn)
      .sign(this.key);
  }

  /** The id and role the token was issued for, or null when it is expired, tampered or malformed. */
  async verify(token: string): Promise<{ id: string; role: Role } | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const { id, role } = payload as { id?: unknown; role?: unknown };
      if (typeof id !== 'string' || (role !== 'user' && role !== 'government' && role !== 'admin')) return null;
      return { id, role };
    } catch {
      return null;
    }
  }
}
