/** One's own account (issue 12 item 5): settings, password, delete, export. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiBody } from '@civicpulse/shared';
import { call } from './client';

export const accountKeys = { settings: () => ['account', 'settings'] as const };

export function useSettings() {
  return useQuery({ queryKey: accountKeys.settings(), queryFn: ({ signal }) => call('GET /api/account/settings', { signal }) });
}

export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'PUT /api/account/settings'>) => call('PUT /api/account/settings', { body }),
    onSuccess: async (answer) => {
      client.setQueryData(accountKeys.settings(), { notifications: answer.notifications, publicFields: answer.publicFields });
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
