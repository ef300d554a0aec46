import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import toast from '../toast';
import { decodeTokenClaims, TEXTS, UI, type TokenClaims } from '@civicpulse/shared';
import { SessionContext, type Session } from './SessionContext';
import { clearStoredToken, loadStoredSession, storeToken } from './token';
import { setUnauthorizedHandler } from '../api/client';
import { localized } from '../i18n';
import { useAccountLanguageSync } from './accountLanguage';

interface State {
  loading: boolean;
  token: string | null;
  claims: TokenClaims | null;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ loading: true, token: null, claims: null });

  // Checking the stored token after the first render keeps "loading" observable, as the spec describes.
  useEffect(() => {
    const stored = loadStoredSession();
    setState({ loading: false, token: stored?.token ?? null, claims: stored?.claims ?? null });
  }, []);

  const endSession = useCallback(() => {
    clearStoredToken();
    queryClient.clear();
    setState({ loading: false, token: null, claims: null });
  }, [queryClient]);

  const logout = useCallback(() => {
    // Reports queued offline keep no copy of the token past a logout (loaded on demand: not first paint).
    const account = state.claims?.id;
    if (account) void import('../offline/outbox').then((outbox) => outbox.forgetTokens(account)).catch(() => undefined);
    endSession();
    void navigate('/login');
  }, [endSession, navigate, state.claims?.id]);

  const login = useCallback((token: string): TokenClaims | null => {
    const claims = decodeTokenClaims(token);
    if (!claims) {
      console.warn(localized(TEXTS).auth.invalidTokenLogin);
      return null;
    }
    storeToken(token);
    setState({ loading: false, token, claims });
    return claims;
  }, []);

  // A session that starts takes the account's language (issue 17), when it has one.
  useAccountLanguageSync(state.token);

  // Any 401 on a call that carried our token means the session is over (expired, revoked, account deleted).
  useEffect(() => {
    setUnauthorizedHandler(() => {
      toast.error(localized(TEXTS).auth.tokenInvalid, { id: 'session-expired' });
      logout();
    });
    return () => setUnauthorizedHandler(null);
  }, [logout]);

  // Keep tabs in step: signing out (or in) in one tab applies to the others.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== UI.tokenStorageKey && event.key !== null) return;
      const stored = loadStoredSession();
      setState({ loading: false, token: stored?.token ?? null, claims: stored?.claims ?? null });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const value = useMemo<Session>(
    () => ({
      loading: state.loading,
      token: state.token,
      id: state.claims?.id ?? '',
      role: state.claims?.role ?? null,
      email: state.claims?.email ?? '',
      name: state.claims?.name ?? '',
      profilePhoto: state.claims?.profilePhoto ?? '',
      login,
      logout,
    }),
    [state, login, logout],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
