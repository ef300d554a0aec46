/**
 * A department's team over the API (department teams): the members and pending invitations, inviting,
 * withdrawing an invitation, removing a member, and the public join page's two calls. Every write
 * reloads the team; the pages toast the server's own messages. Also the department's response templates
 * (every member reads them, heads keep them; these writes toast the server's message themselves) and the
 * per-member figures.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TEXTS, type ApiAnswer, type TeamRole } from '@civicpulse/shared';
import { localized } from '../i18n';
import toast from '../toast';
import { ApiError, call, errorMessage } from './client';

export type TeamAnswer = ApiAnswer<'GET /api/gov/team'>;
export type JoinInfo = ApiAnswer<'GET /api/gov/team/join/:token'>;
export type TemplatesAnswer = ApiAnswer<'GET /api/gov/templates'>;
export type TeamMetricsAnswer = ApiAnswer<'GET /api/gov/team/metrics'>;

export const teamKeys = {
  team: () => ['gov', 'team'] as const,
  join: (token: string) => ['team', 'join', token] as const,
  templates: () => ['gov', 'templates'] as const,
  metrics: () => ['gov', 'team', 'metrics'] as const,
};

/** The signed-in department's team: members for everyone, pending invitations for heads. */
export function useTeam(enabled = true) {
  return useQuery({
    queryKey: teamKeys.team(),
    queryFn: ({ signal }) => call('GET /api/gov/team', { signal }),
    enabled,
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

// ---- response templates ----

/** The department's response templates (at most TEAM_LIMITS.templatesMax, by title), for every member. */
export function useTemplates() {
  return useQuery({
    queryKey: teamKeys.templates(),
    queryFn: ({ signal }) => call('GET /api/gov/templates', { signal }),
  });
}

/** A template write's toasts and reload: the server's message either way (a 401 already ended the session with its own). */
function useTemplateWrite() {
  const client = useQueryClient();
  return {
    onSuccess: (answer: { message: string }) => {
      toast.success(answer.message);
    },
    onError: (error: Error) => {
      if (!(error instanceof ApiError && error.status === 401)) toast.error(errorMessage(error, localized(TEXTS).http.internal));
    },
    onSettled: () => client.invalidateQueries({ queryKey: teamKeys.templates() }),
  };
}

export function useAddTemplate() {
  const write = useTemplateWrite();
  return useMutation({
    mutationFn: (input: { title: string; body: string }) => call('POST /api/gov/templates', { body: input }),
    ...write,
  });
}

export function useEditTemplate() {
  const write = useTemplateWrite();
  return useMutation({
    mutationFn: ({ id, ...input }: { id: string; title: string; body: string }) => call('PUT /api/gov/templates/:id', { params: { id }, body: input }),
    ...write,
  });
}

export function useDeleteTemplate() {
  const write = useTemplateWrite();
  return useMutation({
    mutationFn: (id: string) => call('DELETE /api/gov/templates/:id', { params: { id } }),
    ...write,
  });
}

// ---- per-member figures ----

/** Per member: reports taken over, confirmed fixed, the median hours to a confirmed fix, rejected fixes, open now. */
export function useTeamMetrics() {
  return useQuery({
    queryKey: teamKeys.metrics(),
    queryFn: ({ signal }) => call('GET /api/gov/team/metrics', { signal }),
  });
}
