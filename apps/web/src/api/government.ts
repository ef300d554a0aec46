/**
 * The department workflow over the API (API-CONTRACT "Progress workflow", docs/api.md "API beyond the spec"):
 * the three scoped lists, the moves, the final update (XHR upload with byte progress), the route for the
 * route map and the department's own verification state. The lists live under the ['posts'] key, so the
 * one invalidation every post write already does reloads them too (spec 4, "After each successful write").
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from '../toast';
import { LIMITS, TEXTS, type ApiAnswer, type AreaFilter, type Category, type GovScope, type PostSort, type Priority } from '@civicpulse/shared';
import { ApiError, call, errorMessage } from './client';
import { postKeys } from './posts';
import { upload, type UploadProgress } from './upload';
import { localized } from '../i18n';

export interface GovFilters {
  priority: Priority | null;
  sort: PostSort | 'default';
  /** Issue 16: one category; left out or null, all of them. */
  category?: Category | null;
  /** View Issues (issue 16): left out, the department's jurisdiction; 'all', All of India. */
  area?: AreaFilter;
}

/** A page of a department's list, with the scope's counts and View Issues' area on the first page. */
export type GovPostPage = ApiAnswer<'GET /api/gov/allPosts'>;
export type GovMe = ApiAnswer<'GET /api/gov/me'>;
export type RouteAnswer = ApiAnswer<'GET /api/gov/route'>;
export type MoveAnswer = ApiAnswer<'PUT /api/gov/progressState/:id'>;

export const govKeys = {
  list: (scope: GovScope, filters: GovFilters) => [...postKeys.all, 'gov', scope, filters.priority, filters.sort, filters.category ?? null, filters.area ?? 'mine'] as const,
  me: () => ['gov', 'me'] as const,
  route: (from: { lat: number; lng: number }, to: { lat: number; lng: number }) =>
    ['gov', 'route', from.lat, from.lng, to.lat, to.lng] as const,
};

// ---- plain calls ----

export function fetchGovPosts(
  scope: GovScope,
  filters: GovFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<GovPostPage> {
  const query = {
    scope,
    limit: LIMITS.feedPageSize,
    shape: 'compact',
    priority: filters.priority || undefined,
    sort: filters.sort !== 'default' ? filters.sort : undefined,
    category: filters.category || undefined,
    area: scope === 'unassigned' && filters.area === 'all' ? 'all' : undefined,
    cursor,
  };
  return call('GET /api/gov/allPosts', { query, signal });
}

/** Advance, with an optional public note shown on the timeline. */
export function advanceProgress(postId: string, note?: string): Promise<MoveAnswer> {
  return call('PUT /api/gov/progressState/:id', { params: { id: postId }, ...(note ? { body: { note } } : {}) });
}

/** Go Back, with the reason the reporter reads on the timeline. */
export function regressProgress(postId: string, reason?: string): Promise<MoveAnswer> {
  return call('PUT /api/gov/regressProgressState/:id', { params: { id: postId }, ...(reason ? { body: { reason } } : {}) });
}

/** Assigns a report to a member of the department (null: back to the unassigned queue). */
export function assignPost(postId: string, officerId: string | null, reason?: string): Promise<MoveAnswer> {
  return call('PUT /api/gov/assign/:id', { params: { id: postId }, body: { officerId, ...(reason ? { reason } : {}) } });
}

export function submitFinalUpdate(
  postId: string,
  input: { caption: string; images: File[] },
  onProgress?: (p: UploadProgress) => void,
): Promise<MoveAnswer> {
  const form = new FormData();
  form.append('finalCaption', input.caption);
  for (const image of input.images) form.append('images', image, image.name);
  return upload('PUT /api/gov/updateFinalWork/:id', form, { params: { id: postId }, onProgress });
}

export function fetchRoute(
  from: { lat: number; lng: number },
  to: { lat: number; lng: number },
  signal?: AbortSignal,
): Promise<RouteAnswer> {
  return call('GET /api/gov/route', { query: { fromLat: from.lat, fromLng: from.lng, toLat: to.lat, toLng: to.lng }, signal });
}

// ---- queries ----

export function useGovPosts(scope: GovScope, filters: GovFilters) {
  return useInfiniteQuery({
    queryKey: govKeys.list(scope, filters),
    queryFn: ({ pageParam, signal }) => fetchGovPosts(scope, filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
  });
}

/** The signed-in department: its verification and resolved count (GET /api/gov/me). */
export function useGovMe(enabled = true) {
  return useQuery({
    queryKey: govKeys.me(),
    queryFn: ({ signal }) => call('GET /api/gov/me', { signal }),
    enabled,
    staleTime: 30_000,
  });
}

export function useRoute(from: { lat: number; lng: number } | null, to: { lat: number; lng: number }) {
  return useQuery({
    queryKey: govKeys.route(from ?? { lat: 0, lng: 0 }, to),
    queryFn: ({ signal }) => fetchRoute(from!, to, signal),
    enabled: from !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

// ---- mutations ----

export type GovMove = 'advance' | 'regress';

/** The spec's failure text of a move, in the current language. */
function moveFailure(move: GovMove): string {
  const errors = localized(TEXTS).errors;
  return move === 'advance' ? errors.advanceProgress : errors.goBackward;
}

/** Reloads every post list and the department's own state after a move. */
function useReload() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: postKeys.all }),
      client.invalidateQueries({ queryKey: govKeys.me() }),
    ]);
}

/** Advance or Go Back: the server's message as a success toast; on failure the server's message or the spec's text. */
export function useProgressMove() {
  const reload = useReload();
  return useMutation({
    mutationFn: ({ postId, move, words }: { postId: string; move: GovMove; words?: string }) =>
      move === 'advance' ? advanceProgress(postId, words) : regressProgress(postId, words),
    onSuccess: (answer) => {
      toast.success(answer.message);
    },
    onError: (error, { move }) => {
      // A 401 already ended the session with its own toast.
      if (!isUnauthorized(error)) toast.error(errorMessage(error, moveFailure(move)));
    },
    onSettled: reload,
  });
}

/** Assign within the department: the server's message as a toast; every list reloads. */
export function useAssign() {
  const reload = useReload();
  return useMutation({
    mutationFn: ({ postId, officerId, reason }: { postId: string; officerId: string | null; reason?: string }) => assignPost(postId, officerId, reason),
    onSuccess: (answer) => {
      toast.success(answer.message);
    },
    onError: (error) => {
      if (!isUnauthorized(error)) toast.error(errorMessage(error, localized(TEXTS).errors.advanceProgress));
    },
    onSettled: reload,
  });
}

/** Transfer to the responsible department (or the admins' triage queue, null). */
export function useTransfer() {
  const reload = useReload();
  return useMutation({
    mutationFn: ({ postId, departmentId, reason }: { postId: string; departmentId: string | null; reason: string }) =>
      call('PUT /api/gov/transfer/:id', { params: { id: postId }, body: { departmentId, reason } }),
    onSuccess: (answer) => {
      toast.success(answer.message);
    },
    onError: (error) => {
      if (!isUnauthorized(error)) toast.error(errorMessage(error, localized(TEXTS).errors.advanceProgress));
    },
    onSettled: reload,
  });
}

export function useFinalUpdate(onProgress: (p: UploadProgress) => void) {
  const reload = useReload();
  return useMutation({
    mutationFn: ({ postId, caption, images }: { postId: string; caption: string; images: File[] }) =>
      submitFinalUpdate(postId, { caption, images }, onProgress),
    onSuccess: (answer) => {
      toast.success(answer.message);
    },
    onError: (error) => {
      if (!isUnauthorized(error)) toast.error(errorMessage(error, localized(TEXTS).errors.submitFinalUpdate));
    },
    onSettled: reload,
  });
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
