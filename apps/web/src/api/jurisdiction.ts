/** Department jurisdictions (issue 16): the department's own, anyone's (public), and saving one (own or, for admins, any). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Jurisdiction } from '@civicpulse/shared';
import { api } from './client';
import { postKeys } from './posts';

export interface JurisdictionSaved {
  message: string;
  jurisdiction: Jurisdiction;
  rerouted: number;
}

export const jurisdictionKeys = {
  of: (departmentId: string | 'me') => ['jurisdiction', departmentId] as const,
};

/** `me`: the signed-in department's own; an id: that department's (public to everyone signed in). */
export function useJurisdiction(departmentId: string | 'me') {
  return useQuery({
    queryKey: jurisdictionKeys.of(departmentId),
    queryFn: ({ signal }) =>
      api<{ jurisdiction: Jurisdiction | null }>(
        departmentId === 'me' ? '/api/gov/jurisdiction' : `/api/departments/${encodeURIComponent(departmentId)}/jurisdiction`,
        { signal },
      ),
  });
}

/** Saves a jurisdiction: the department's own (`me`), or as an admin any department's. View Issues reloads. */
export function useSaveJurisdiction(departmentId: string | 'me') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (j: Jurisdiction) =>
      api<JurisdictionSaved>(departmentId === 'me' ? '/api/gov/jurisdiction' : `/api/admin/jurisdiction/${encodeURIComponent(departmentId)}`, {
        method: 'PUT',
        json: j,
      }),
    onSuccess: (answer) => {
      client.setQueryData(jurisdictionKeys.of(departmentId), { jurisdiction: answer.jurisdiction });
      void client.invalidateQueries({ queryKey: ['jurisdiction'] });
      void client.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}
