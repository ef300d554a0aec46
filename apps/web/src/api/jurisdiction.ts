/** Department jurisdictions (issue 16): the department's own, anyone's (public), and saving one (own or, for admins, any). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Jurisdiction } from '@civicpulse/shared';
import { call } from './client';
import { postKeys } from './posts';

export const jurisdictionKeys = {
  of: (departmentId: string | 'me') => ['jurisdiction', departmentId] as const,
};

/** `me`: the signed-in department's own; an id: that department's (public to everyone signed in). */
export function useJurisdiction(departmentId: string | 'me') {
  return useQuery({
    queryKey: jurisdictionKeys.of(departmentId),
    queryFn: ({ signal }) =>
      departmentId === 'me'
        ? call('GET /api/gov/jurisdiction', { signal })
        : call('GET /api/departments/:id/jurisdiction', { params: { id: departmentId }, signal }),
  });
}

/** Saves a jurisdiction: the department's own (`me`), or as an admin any department's. View Issues reloads. */
export function useSaveJurisdiction(departmentId: string | 'me') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (j: Jurisdiction) =>
      departmentId === 'me'
        ? call('PUT /api/gov/jurisdiction', { body: j })
        : call('PUT /api/admin/jurisdiction/:id', { params: { id: departmentId }, body: j }),
    onSuccess: (answer) => {
      client.setQueryData(jurisdictionKeys.of(departmentId), { jurisdiction: answer.jurisdiction });
      void client.invalidateQueries({ queryKey: ['jurisdiction'] });
      void client.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}
