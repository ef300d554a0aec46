import { decodeTokenClaims, TEXTS, UI, type TokenClaims } from '@civicpulse/shared';
import { localized } from '../i18n';

/** The stored token lives in localStorage under the spec's key (spec 9). */
export function readStoredToken(): string | null {
  try {
    return localStorage.getItem(UI.tokenStorageKey);
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  localStorage.setItem(UI.tokenStorageKey, token);
}

export function clearStoredToken(): void {
  localStorage.removeItem(UI.tokenStorageKey);
}

export interface StoredSession {
  token: string;
  claims: TokenClaims;
}

/**
 * Spec 4: on startup the stored token is decoded from its middle segment; an undecodable one is removed
 * (console warning only). A token whose expiry has passed is removed too: the server would refuse it.
 */
export function loadStoredSession(now: number = Date.now()): StoredSession | null {
  const token = readStoredToken();
  if (!token) return null;
  const claims = decodeTokenClaims(token);
  if (!claims) {
    console.warn(localized(TEXTS).auth.decodeFailed);
    clearStoredToken();
    return null;
  }
  if (isExpired(claims, now)) {
    clearStoredToken();
    return null;
  }
  return { token, claims };
}

export function isExpired(claims: TokenClaims, now: number = Date.now()): boolean {
  return claims.exp > 0 && claims.exp * 1000 <= now;
}
