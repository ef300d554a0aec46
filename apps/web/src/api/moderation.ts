/**
 * Moderation over the API: flagging, the author's notice and review request, and the admins' queue
 * with its actions and suspensions. Writes toast the server's own message; moderation writes reload
 * every post query (a hidden report leaves the lists) and the queue.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TEXTS, type FlagKind, type FlagReason, type ModerationAction, type ModerationFilter, type ModerationKind } from '@civicpulse/shared';
import toast from '../toast';
import { localized } from '../i18n';
import { call, errorMessage } from './client';
import { postKeys } from './posts';

export const moderationKeys = {
  all: ['moderation'] as const,
  queue: (status: ModerationFilter) => ['moderation', 'queue', status] as const,
  notice: (kind: FlagKind, id: string) => ['moderation', 'notice', kind, id] as const,
};

const failed = (error: unknown) => toast.error(errorMessage(error, localized(TEXTS).http.internal));

/** Flags an item for the moderators; the server's thanks (or why not) as a toast. */
export function useFlag() {
  return useMutation({
    mutationFn: (vars: { kind: FlagKind; id: string; reason: FlagReason }) => call('POST /api/moderation/flags', { body: vars }),
    onSuccess: (answer) => toast.success(answer.message),
    onError: failed,
  });
}

/** The author's view of a hidden item: why it is hidden and whether a review is asked. */
export function useHiddenNotice(kind: FlagKind, id: string, enabled = true) {
  return useQuery({
    queryKey: moderationKeys.notice(kind, id),
    queryFn: ({ signal }) => call('GET /api/moderation/notice', { query: { kind, id }, signal }),
    enabled: enabled && id !== '',
    retry: false,
  });
}

export function useRequestReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: { kind: FlagKind; id: string; note?: string }) => call('POST /api/moderation/review', { body: vars }),
    onSuccess: (answer) => toast.success(answer.message),
    onError: failed,
    onSettled: () => client.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}

/** One filter of the queue, most flagged first, paged by cursor. */
export function useModerationQueue(status: ModerationFilter) {
  return useInfiniteQuery({
    queryKey: moderationKeys.queue(status),
    queryFn: ({ pageParam, signal }) => call('GET /api/admin/moderation', { query: { status, cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
  });
}

function useModerationWrite<V>(run: (vars: V) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (answer) => toast.success(answer.message),
    onError: failed,
    onSettled: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: moderationKeys.all }), client.invalidateQueries({ queryKey: postKeys.all })]);
    },
  });
}

export function useModerate() {
  return useModerationWrite((vars: { action: ModerationAction; items: Array<{ kind: ModerationKind; id: string }> }) => call('POST /api/admin/moderation', { body: vars }));
}

export function useSuspend() {
  return useModerationWrite((vars: { accountId: string; days: number; reason: string }) =>
    call('PUT /api/admin/suspension/:id', { params: { id: vars.accountId }, body: { days: vars.days, reason: vars.reason } }),
  );
}

export function useUnsuspend() {
  return useModerationWrite((vars: { accountId: string }) => call('DELETE /api/admin/suspension/:id', { params: { id: vars.accountId } }));
}
