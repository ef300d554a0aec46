/**
 * The Settings screen's calls (issue 12 item 5, issue 27 item 3): settings, password, delete. Only the
 * screen (loaded on demand) imports this module: none of it is in a first paint.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiBody } from '@civicpulse/shared';
import { accountKeys } from './account';
import { call } from './client';

export function useSettings() {
  return useQuery({ queryKey: accountKeys.settings(), queryFn: ({ signal }) => call('GET /api/account/settings', { signal }) });
}

export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'PUT /api/account/settings'>) => call('PUT /api/account/settings', { body }),
    // The answer is the whole of the settings as saved (and its message, which is not cached).
    onSuccess: async ({ message: _message, ...settings }) => {
      client.setQueryData(accountKeys.settings(), settings);
      await client.invalidateQueries({ queryKey: ['profile'] });
    },
  });
}

export function changePassword(currentPassword: string, newPassword: string) {
  return call('PUT /api/account/password', { body: { currentPassword, newPassword } });
}

export function deleteAccount(password: string) {
  return call('DELETE /api/account', { body: { password } });
}
