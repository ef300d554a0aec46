import { useQuery } from '@tanstack/react-query';
import type { CitizenProfile, GovernmentProfile, Role } from '@civicpulse/shared';
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

export type AnyProfile = CitizenProfile | GovernmentProfile;

/**
 * A profile as the signed-in viewer may see it (the server leaves out private fields). With no role
 * (the mobile menu's /user/profile/{id}) the citizen route is asked first, then the department's.
 */
export function useProfile(role: 'user' | 'government' | null, id: string) {
  return useQuery({
    queryKey: ['profile', role, id],
    retry: false,
    queryFn: async ({ signal }): Promise<AnyProfile> => {
      if (role === 'government') return api<GovernmentProfile>(`/api/gov/profile/government/${encodeURIComponent(id)}`, { signal });
      if (role === 'user') return api<CitizenProfile>(`/api/user/profile/user/${encodeURIComponent(id)}`, { signal });
      try {
        return await api<CitizenProfile>(`/api/user/profile/user/${encodeURIComponent(id)}`, { signal });
      } catch {
        return api<GovernmentProfile>(`/api/gov/profile/government/${encodeURIComponent(id)}`, { signal });
      }
    },
  });
}
