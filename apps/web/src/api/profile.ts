import { useQuery } from '@tanstack/react-query';
import type { CitizenProfile, GovernmentProfile, Role } from '@civicpulse/shared';
import { call } from './client';

/** The header's own profile fetch (spec 7, Profiles): user and government only; failure is only logged. */
export function useHeaderProfile(role: Role | null, id: string, token: string | null) {
  const enabled = Boolean(token && id && (role === 'user' || role === 'government'));
  return useQuery({
    queryKey: ['header-profile', role, id],
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => {
      try {
        return role === 'government'
          ? await call('GET /api/gov/profile/:role/:id', { params: { role: 'government', id }, signal })
          : await call('GET /api/user/profile/:role/:id', { params: { role: 'user', id }, signal });
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
      const government = () => call('GET /api/gov/profile/:role/:id', { params: { role: 'government', id }, signal });
      const citizen = () => call('GET /api/user/profile/:role/:id', { params: { role: 'user', id }, signal });
      if (role === 'government') return government();
      if (role === 'user') return citizen();
      try {
        return await citizen();
      } catch {
        return government();
      }
    },
  });
}
