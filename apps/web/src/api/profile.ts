import { useQuery } from '@tanstack/react-query';
import type { Role } from '@civicpulse/shared';
import { api } from './client';

interface HeaderProfile {
  profilePhoto?: string | null;
  name?: string;
  authorityName?: string;
}

/** The header's own profile fetch (spec 7, Profiles): user and government only; failure is only logged. */
export function useHeaderProfile(role: Role | null, id: string, token: string | null) {
  const enabled = Boolean(token && id && (role === 'user' || role === 'government'));
  return useQuery({
    queryKey: ['header-profile', role, id],
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => {
      const path = role === 'government' ? `/api/gov/profile/government/${id}` : `/api/user/profile/user/${id}`;
      try {
        return await api<HeaderProfile>(path, { signal });
      } catch (error) {
        console.error('Header profile fetch failed', error);
        throw error;
      }
    },
  });
}
