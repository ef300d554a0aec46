/** One's own account (issue 12 item 5): settings, password, delete, export. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSettings } from '@civicpulse/shared';
import { api } from './client';

export const accountKeys = { settings: () => ['account', 'settings'] as const };

export function useSettings() {
  return useQuery({ queryKey: accountKeys.settings(), queryFn: ({ signal }) => api<AccountSettings>('/api/account/settings', { signal }) });
}

export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<AccountSettings>) => api<AccountSettings & { message: string }>('/api/account/settings', { method: 'PUT', json: body }),
    onSuccess: async (answer) => {
      client.setQueryData(accountKeys.settings(), { notifications: answer.notifications, publicFields: answer.publicFields });
      await client.invalidateQueries({ queryKey: ['profile'] });
    },
  });
}

export function changePassword(currentPassword: string, newPassword: string) {
  return api<{ message: string; token: string }>('/api/account/password', { method: 'PUT', json: { currentPassword, newPassword } });
}

export function deleteAccount(password: string) {
  return api<{ message: string }>('/api/account', { method: 'DELETE', json: { password } });
}
