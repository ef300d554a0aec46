/**
 * The admin console over the API (spec 2.13, issue 11): the three lists with search and filters,
 * verification and its revocation, deletions, the audit log, the figures and heatmap of the admin
 * home, exports and the private proof documents (fetched with the token, shown from a blob URL).
 * Post lists live under ['posts'] so every post write's invalidation reloads them; accounts under
 * ['admin'].
 */
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIMITS, type Category, type ProgressState, type Role } from '@civicpulse/shared';
import { ApiError, call, messageOf, networkError, notifyUnauthorized, parseBody } from './client';
import { postKeys } from './posts';
import { readStoredToken } from '../session/token';
import { currentLanguage } from '../i18n';

/** The admin filter's words (spec 2.10): low, medium, high, urgent. */
export type AdminPriority = 'low' | 'medium' | 'high' | 'urgent';

export interface AdminPostFilters {
  q: string;
  priority: AdminPriority | null;
  progress: ProgressState | null;
  /** Issue 16: one category; left out or null, all of them. */
  category?: Category | null;
}

export interface AdminUserFilters {
  q: string;
  role: Role | null;
}

export interface AdminGovernmentFilters {
  q: string;
  status: 'pending' | 'verified' | null;
}

export const adminKeys = {
  all: ['admin'] as const,
  posts: (f: AdminPostFilters) => [...postKeys.all, 'admin', f.q, f.priority, f.progress, f.category ?? null] as const,
  users: (f: AdminUserFilters) => ['admin', 'users', f.q, f.role] as const,
  governments: (f: AdminGovernmentFilters) => ['admin', 'governments', f.q, f.status] as const,
  audit: (actor?: string) => ['admin', 'audit', actor ?? 'all'] as const,
  stats: () => ['admin', 'stats'] as const,
  me: () => ['admin', 'me'] as const,
  heatmap: (bbox: string) => ['admin', 'heatmap', bbox] as const,
};

/** A list's query: a page of the feed's size, the filters that are set (blank ones left out), the cursor. */
function query<F extends Record<string, string | null>>(base: F, cursor: string | null) {
  const set = Object.fromEntries(Object.entries(base).map(([k, v]) => [k, v || undefined])) as { [K in keyof F]?: string };
  return { limit: LIMITS.feedPageSize, ...set, cursor };
}

/** Cursor paging shared by the four lists; while a new search or filter loads, the last answer stays on screen. */
const page = () => ({
  initialPageParam: null as string | null,
  getNextPageParam: (last: { nextCursor?: string | null }) => last.nextCursor ?? null,
  placeholderData: keepPreviousData,
});

export function useAdminPosts(f: AdminPostFilters) {
  return useInfiniteQuery({
    queryKey: adminKeys.posts(f),
    queryFn: ({ pageParam, signal }) =>
      call('GET /api/admin/allPosts', {
        query: query({ q: f.q.trim() || null, priority: f.priority, progress: f.progress, category: f.category ?? null, shape: 'compact' }, pageParam),
        signal,
      }),
    ...page(),
  });
}

export function useAdminUsers(f: AdminUserFilters) {
  return useInfiniteQuery({
    queryKey: adminKeys.users(f),
    queryFn: ({ pageParam, signal }) => call('GET /api/admin/allUsers', { query: query({ q: f.q.trim() || null, role: f.role }, pageParam), signal }),
    ...page(),
  });
}

export function useAdminGovernments(f: AdminGovernmentFilters) {
  return useInfiniteQuery({
    queryKey: adminKeys.governments(f),
    queryFn: ({ pageParam, signal }) =>
      call('GET /api/admin/allGovernments', { query: query({ q: f.q.trim() || null, status: f.status }, pageParam), signal }),
    ...page(),
  });
}

/** The audit log, newest first; with `actor`, only that admin's actions. */
export function useAuditLog(actor?: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.audit(actor),
    queryFn: ({ pageParam, signal }) => call('GET /api/admin/audit', { query: query(actor ? { actor } : {}, pageParam), signal }),
    ...page(),
  });
}

/** The signed-in admin's own account (the Profile screen). */
export function useAdminMe() {
  return useQuery({ queryKey: adminKeys.me(), queryFn: ({ signal }) => call('GET /api/admin/me', { signal }), staleTime: 60_000 });
}

export function useAdminStats() {
  return useQuery({ queryKey: adminKeys.stats(), queryFn: ({ signal }) => call('GET /api/admin/stats', { signal }), staleTime: 30_000 });
}

export function useHeatmap(bbox: string | null) {
  return useQuery({
    queryKey: adminKeys.heatmap(bbox ?? ''),
    queryFn: ({ signal }) => call('GET /api/admin/heatmap', { query: { bbox: bbox ?? '' }, signal }),
    enabled: bbox !== null,
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  });
}

/** One admin write: on success the lists, figures and audit log reload (spec 4: after each write). */
function useAdminWrite<V>(call: (v: V) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: adminKeys.all }), client.invalidateQueries({ queryKey: postKeys.all })]);
    },
  });
}

export const useVerifyGovernment = () => useAdminWrite((govId: string) => call('PUT /api/admin/verifyGovernment/:id', { params: { id: govId } }));
export const useRevokeGovernment = () =>
  useAdminWrite(({ govId, reason }: { govId: string; reason: string }) => call('PUT /api/admin/unverifyGovernment/:id', { params: { id: govId }, body: { reason } }));
export const useDeleteGovernment = () => useAdminWrite((govId: string) => call('DELETE /api/admin/deleteGovernment/:id', { params: { id: govId } }));
export const useDeleteUser = () => useAdminWrite((userId: string) => call('DELETE /api/admin/deleteUser/:id', { params: { id: userId } }));
export const useDeleteAdminPost = () => useAdminWrite((postId: string) => call('DELETE /api/admin/deletePosts/:id', { params: { id: postId } }));

/**
 * A file behind the token (a proof document, an export) as a Blob: the browser cannot send the
 * bearer token on a plain link, so the app fetches it and hands the page a blob: URL.
 */
export async function fetchPrivateFile(path: string): Promise<Blob> {
  const token = readStoredToken();
  let response: Response;
  try {
    // Accept-Language: the CSV export prints status words in the language the admin reads.
    const headers: Record<string, string> = { 'Accept-Language': currentLanguage() };
    if (token) headers.Authorization = `Bearer ${token}`;
    response = await fetch(path, { headers });
  } catch {
    throw new ApiError(0, networkError(), networkError());
  }
  if (!response.ok) {
    if (response.status === 401 && token) notifyUnauthorized();
    const serverMessage = messageOf(parseBody(await response.text()));
    throw new ApiError(response.status, serverMessage ?? `${response.status}`, serverMessage);
  }
  return response.blob();
}

/** Saves a blob under a file name (an export). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
