/**
 * The department workflow over the API (API-CONTRACT "Progress workflow", docs/api.md "API beyond the spec"):
 * the three scoped lists, the moves, the final update (XHR upload with byte progress), the route for the
 * route map and the department's own verification state. The lists live under the ['posts'] key, so the
 * one invalidation every post write already does reloads them too (spec 4, "After each successful write").
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from '../toast';
import { LIMITS, TEXTS, type AreaFilter, type Category, type GovScope, type Post, type PostSort, type Priority } from '@civicpulse/shared';
import { api, ApiError, errorMessage } from './client';
import { postKeys } from './posts';
import { uploadForm, type UploadProgress } from './upload';
import { localized } from '../i18n';

export interface GovFilters {
  priority: Priority | null;
  sort: PostSort | 'default';
  /** Issue 16: one category; left out or null, all of them. */
  category?: Category | null;
  /** View Issues (issue 16): left out, the department's jurisdiction; 'all', All of India. */
  area?: AreaFilter;
}

export interface GovPostPage {
  posts: Post[];
  nextCursor?: string | null;
  /** Posts in the scope. */
  total?: number;
  /** Posts in the scope that pass the filters. */
  matching?: number;
  /** View Issues: the area shown, and whether the department declared a jurisdiction. */
  area?: AreaFilter;
  jurisdictionDeclared?: boolean;
}

export interface GovMe {
  _id: string;
  authorityName: string;
  isVerified: boolean;
  resolvedIssuesCount: number;
}

export interface RouteAnswer {
  source: 'osrm' | 'ors' | 'straight';
  distanceMeters: number;
  durationSeconds: number | null;
  coordinates: Array<[number, number]>;
  directionsUrl: string;
}

export interface MoveAnswer {
  message: string;
  post: Post;
}

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
  const params = new URLSearchParams({ scope, limit: String(LIMITS.feedPageSize), shape: 'compact' });
  if (filters.priority) params.set('priority', filters.priority);
  if (filters.sort !== 'default') params.set('sort', filters.sort);
  if (filters.category) params.set('category', filters.category);
  if (scope === 'unassigned' && filters.area === 'all') params.set('area', 'all');
  if (cursor) params.set('cursor', cursor);
  return api<GovPostPage>(`/api/gov/allPosts?${params.toString()}`, { signal });
}

const id = (postId: string) => encodeURIComponent(postId);

export function advanceProgress(postId: string): Promise<MoveAnswer> {
  return api<MoveAnswer>(`/api/gov/progressState/${id(postId)}`, { method: 'PUT' });
}

export function regressProgress(postId: string): Promise<MoveAnswer> {
  return api<MoveAnswer>(`/api/gov/regressProgressState/${id(postId)}`, { method: 'PUT' });
}

export function submitFinalUpdate(
  postId: string,
  input: { caption: string; images: File[] },
  onProgress?: (p: UploadProgress) => void,
): Promise<MoveAnswer> {
  const form = new FormData();
  form.append('finalCaption', input.caption);
  for (const image of input.images) form.append('images', image, image.name);
  return uploadForm<MoveAnswer>(`/api/gov/updateFinalWork/${id(postId)}`, form, { method: 'PUT', onProgress });
}

export function fetchRoute(
  from: { lat: number; lng: number },
  to: { lat: number; lng: number },
  signal?: AbortSignal,
): Promise<RouteAnswer> {
  const params = new URLSearchParams({
    fromLat: String(from.lat),
    fromLng: String(from.lng),
    toLat: String(to.lat),
    toLng: String(to.lng),
  });
  return api<RouteAnswer>(`/api/gov/route?${params.toString()}`, { signal });
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
    queryFn: ({ signal }) => api<GovMe>('/api/gov/me', { signal }),
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
    mutationFn: ({ postId, move }: { postId: string; move: GovMove }) =>
      move === 'advance' ? advanceProgress(postId) : regressProgress(postId),
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
