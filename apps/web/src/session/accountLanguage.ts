/**
 * The account's language (issue 17 item 2): a signed-in person's choice of language is kept in their
 * account's settings as well as in this browser, and a session that starts (sign-in, or a stored
 * session on load) takes the account's language when it has one and it differs from the browser's.
 */
import { useCallback, useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AccountSettings, Language } from '@civicpulse/shared';
import { accountKeys } from '../api/account';
import { api } from '../api/client';
import { currentLanguage, setLanguage } from '../i18n';
import { useSession } from './useSession';

/** Saves the language in the signed-in account's settings (other settings stay as they are). */
export async function saveAccountLanguage(client: QueryClient, language: Language): Promise<void> {
  const { message: _message, ...settings } = await api<AccountSettings & { message: string }>('/api/account/settings', { method: 'PUT', json: { language } });
  client.setQueryData<AccountSettings>(accountKeys.settings(), settings);
}

/** The language switch's onChange: kept in the account while signed in (nothing to do otherwise). */
export function useSaveAccountLanguage(): ((language: Language) => void) | undefined {
  const client = useQueryClient();
  const { token } = useSession();
  const save = useCallback(
    (language: Language) => {
      saveAccountLanguage(client, language).catch((error: unknown) => console.warn('Saving the language to the account failed', error));
    },
    [client],
  );
  return token ? save : undefined;
}

/**
 * When a session starts, applies the account's language if it has one that differs from the one on
 * screen. A switch made while the settings load wins over them.
 */
export function useAccountLanguageSync(token: string | null): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    const before = currentLanguage();
    client
      .fetchQuery({
        queryKey: accountKeys.settings(),
        queryFn: ({ signal }) => api<AccountSettings>('/api/account/settings', { signal }),
        staleTime: 0,
      })
      .then((settings) => {
        const wanted = settings.language;
        if (cancelled || !wanted || currentLanguage() !== before || wanted === before) return;
        return setLanguage(wanted);
      })
      .catch(() => {
        // Offline or signed out meanwhile: the browser's language stays.
      });
    return () => {
      cancelled = true;
    };
  }, [client, token]);
}
