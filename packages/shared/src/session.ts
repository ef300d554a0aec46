import type { Role } from './constants.js';

/** Token claims (API-CONTRACT "Token"). Clients read them by decoding the token's middle segment. */
export interface TokenClaims {
  id: string;
  role: Role;
  email: string;
  name: string;
  profilePhoto: string;
  iat: number;
  exp: number;
}

/** Decodes a JWT's payload without verifying it (the server verifies; the client only reads). */
export function decodeTokenClaims(token: string): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const b64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4);
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const json: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (!json || typeof json !== 'object') return null;
    const c = json as Record<string, unknown>;
    if (typeof c.id !== 'string' || (c.role !== 'user' && c.role !== 'government' && c.role !== 'admin')) return null;
    return {
      id: c.id,
      role: c.role,
      email: typeof c.email === 'string' ? c.email : '',
      name: typeof c.name === 'string' ? c.name : '',
      profilePhoto: typeof c.profilePhoto === 'string' ? c.profilePhoto : '',
      iat: typeof c.iat === 'number' ? c.iat : 0,
      exp: typeof c.exp === 'number' ? c.exp : 0,
    };
  } catch {
    return null;
  }
}
