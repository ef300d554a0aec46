import { createContext } from 'react';
import type { Role, TokenClaims } from '@civicpulse/shared';

export interface Session {
  /** True until the stored token has been checked (spec 3: loading starts true). */
  loading: boolean;
  token: string | null;
  id: string;
  role: Role | null;
  email: string;
  name: string;
  profilePhoto: string;
  /** Stores a decodable token and signs in with its claims; returns the claims, or null when undecodable. */
  login: (token: string) => TokenClaims | null;
  /** Clears the session and the stored token, then goes to /login. */
  logout: () => void;
}

export const SessionContext = createContext<Session | null>(null);
