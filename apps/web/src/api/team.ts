/**
 * A department's team over the API (department teams): the members and pending invitations, inviting,
 * withdrawing an invitation, removing a member, and the public join page's two calls. Every write
 * reloads the team; the pages toast the server's own messages.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiAnswer, TeamRole } from '@civicpulse/shared';
import { ApiError, call } from './client';

export type TeamAnswer = ApiAnswer<'GET /api/gov/team'>;
export type JoinInfo = ApiAnswer<'GET /api/gov/team/join/:token'>;

export const teamKeys = {
  team: () => ['gov', 'team'] as const,
  join: (token: string) => ['team', 'join', token] as const,
};

/** The signed-in department's team: members for everyone, pending invitations for heads. */
export function useTeam() {
  return useQuery({
    queryKey: teamKeys.team(),
    queryFn: ({ signal }) => call('GET /api/gov/team', { signal }),
  });
}

function useReloadTeam() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: teamKeys.team() });
}

export function useInviteMember() {
  const reload = useReloadTeam();
  return useMutation({
    mutationFn: (input: { email: string; teamRole: TeamRole }) => call('POST /api/gov/team/invites', { body: input }),
    onSettled: reload,
  });
}

export function useRevokeInvite() {
  const reload = useReloadTeam();
  return useMutation({
    mutationFn: (id: string) => call('DELETE /api/gov/team/invites/:id', { params: { id } }),
    onSettled: reload,
  });
}

export function useRemoveMember() {
  const reload = useReloadTeam();
  return useMutation({
    mutationFn: (id: string) => call('DELETE /api/gov/team/members/:id', { params: { id } }),
    onSettled: reload,
  });
}

/** Whom an invitation is from and for; a 404 (used, withdrawn, expired, mangled) is not retried. */
export function useJoinInfo(token: string) {
  return useQuery({
    queryKey: teamKeys.join(token),
    queryFn: ({ signal }) => call('GET /api/gov/team/join/:token', { params: { token }, auth: false, signal }),
    enabled: token !== '',
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    staleTime: Infinity,
  });
}

export function useJoinTeam(token: string) {
  return useMutation({
    mutationFn: (input: { name: string; password: string; confirmPassword: string }) =>
      call('POST /api/gov/team/join/:token', { params: { token }, body: input, auth: false }),
  });
}
