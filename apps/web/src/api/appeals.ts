/**
 * Appeals and the admin's triage queue over the API (department teams): a report's appeal, appealing,
 * answering (a department head or an admin), the open appeals of a department and of the admins, the
 * triage queue and sending a report on from it. Every query lives under the ['posts'] key, so the one
 * invalidation every post write already does reloads them too; every write here reloads every post
 * query (the post page, its appeal, the lists) and toasts the server's own message.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TEXTS, type ApiAnswer, type AppealOutcome } from '@civicpulse/shared';
import toast from '../toast';
import { localized } from '../i18n';
import { call, errorMessage } from './client';
import { postKeys } from './posts';

export type PostAppeal = ApiAnswer<'GET /api/posts/post/:id/appeal'>;
export type AppealsPage = ApiAnswer<'GET /api/gov/appeals'>;

/** Who answers an appeal through which route: the department's head, or an admin. */
export type AppealAnswerer = 'gov' | 'admin';

export const appealKeys = {
  /** Under the post's own key: reloading the post page's queries reloads its appeal too. */
  post: (id: string) => [...postKeys.post(id), 'appeal'] as const,
  list: (who: AppealAnswerer) => [...postKeys.all, 'appeals', who] as const,
  triage: () => [...postKeys.all, 'triage'] as const,
  /** Verified departments an admin may send a triaged report to, by name. */
  departments: (q: string) => ['admin', 'governments', 'verified', q] as const,
};

/** A report's appeal and whether the viewer (its reporter) may appeal now; only for those who may read it. */
export function usePostAppeal(postId: string, enabled: boolean) {
  return useQuery({
    queryKey: appealKeys.post(postId),
    queryFn: ({ signal }) => call('GET /api/posts/post/:id/appeal', { params: { id: postId }, signal }),
    enabled: enabled && postId !== '',
    retry: false,
  });
}

const pages = {
  initialPageParam: null as string | null,
  getNextPageParam: (last: { nextCursor?: string | null }) => last.nextCursor ?? null,
};

/** Open appeals, soonest due first: the signed-in department's, or the admins' (theirs and every overdue one). */
export function useOpenAppeals(who: AppealAnswerer) {
  return useInfiniteQuery({
    queryKey: appealKeys.list(who),
    queryFn: ({ pageParam, signal }) =>
      call(who === 'gov' ? 'GET /api/gov/appeals' : 'GET /api/admin/appeals', { query: { cursor: pageParam ?? undefined }, signal }),
    ...pages,
  });
}

/** The admin's triage queue: reports a department handed over without knowing the right one. */
export function useTriage() {
  return useInfiniteQuery({
    queryKey: appealKeys.triage(),
    queryFn: ({ pageParam, signal }) => call('GET /api/admin/triage', { query: { cursor: pageParam ?? undefined }, signal }),
    ...pages,
  });
}

/** Verified departments whose name (or address) holds `q`: the first page, for a choice. */
export function useVerifiedDepartments(q: string) {
  return useQuery({
    queryKey: appealKeys.departments(q),
    queryFn: ({ signal }) =>
      call('GET /api/admin/allGovernments', { query: { status: 'verified', q: q || undefined, limit: 50 }, signal }).then((a) => a.governments),
    // While a new search runs, the last answer stays (the choice does not empty under the cursor).
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  });
}

/** One write on a report: the server's message as a toast, its message (or a general one) on failure; every post query reloads. */
function usePostWrite<V>(run: (vars: V) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (answer) => {
      toast.success(answer.message);
    },
    onError: (error) => {
      toast.error(errorMessage(error, localized(TEXTS).http.internal));
    },
    onSettled: () => client.invalidateQueries({ queryKey: postKeys.all }),
  });
}

export function useAppeal() {
  return usePostWrite(({ postId, reason }: { postId: string; reason: string }) => call('POST /api/user/appeal/:id', { params: { id: postId }, body: { reason } }));
}

export function useAnswerAppeal(who: AppealAnswerer) {
  return usePostWrite(({ postId, outcome, response }: { postId: string; outcome: AppealOutcome; response: string }) =>
    call(who === 'gov' ? 'PUT /api/gov/appeal/:id' : 'PUT /api/admin/appeal/:id', { params: { id: postId }, body: { outcome, response } }),
  );
}

export function useTriageSend() {
  return usePostWrite(({ postId, departmentId, reason }: { postId: string; departmentId: string; reason: string }) =>
    call('PUT /api/admin/triage/:id', { params: { id: postId }, body: { departmentId, reason } }),
  );
}
