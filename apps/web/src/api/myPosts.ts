/**
 * My Issues over the API (spec 2.10, docs/api.md "API beyond the spec"): the citizen's own reports filtered and
 * sorted on the server, and the owner's writes (edit, delete, verify, reject a resolution). Queries live
 * under ['posts', ...] so a vote or comment anywhere reloads this list too, and every write here reloads
 * every post list (spec 4, "After each successful write").
 */
import { useInfiniteQuery, useMutation, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import toast from '../toast';
import { LIMITS, TEXTS, type ApiAnswer, type Category, type Localized, type MY_POSTS_SORTS, type Priority, type Rating } from '@civicpulse/shared';
import { call, errorMessage } from './client';
import { localized } from '../i18n';
import { postKeys, type PostPage } from './posts';

export type MyPostsSort = (typeof MY_POSTS_SORTS)[number];

export interface MyPostsFilters {
  sort: MyPostsSort;
  /** '' means all priorities (nothing is sent). */
  priority: Priority | '';
  /** '' means all categories (issue 16). */
  category: Category | '';
  /** Raw input text: blank is ignored; the server reads anything non-numeric as 0. */
  minUpvotes: string;
  minDownvotes: string;
}

export const DEFAULT_MY_POSTS_FILTERS: MyPostsFilters = { sort: 'newest', priority: '', category: '', minUpvotes: '', minDownvotes: '' };

export function hasActiveFilters(filters: MyPostsFilters): boolean {
  return (
    filters.sort !== DEFAULT_MY_POSTS_FILTERS.sort ||
    filters.priority !== '' ||
    filters.category !== '' ||
    filters.minUpvotes.trim() !== '' ||
    filters.minDownvotes.trim() !== ''
  );
}

/** Only what narrows or orders the list: blank filters and the default sort are left out. */
export function myPostsSearch(filters: MyPostsFilters, cursor: string | null): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  if (filters.priority) params.set('priority', filters.priority);
  if (filters.category) params.set('category', filters.category);
  if (filters.minUpvotes.trim()) params.set('minUpvotes', filters.minUpvotes.trim());
  if (filters.minDownvotes.trim()) params.set('minDownvotes', filters.minDownvotes.trim());
  params.set('limit', String(LIMITS.feedPageSize));
  params.set('shape', 'compact');
  if (cursor) params.set('cursor', cursor);
  return params;
}

export interface EditPostInput {
  caption: string;
  priority: Priority;
  category?: Category;
  /** Anonymous reports: hide (true) or show (false) the reporter's name. */
  anonymous?: boolean;
  location: {
    state: string;
    landmark: string;
    address: string;
    pincode: string;
    coordinates: { lat: number; lng: number };
  };
}

/** A write on one post answers the post as it now is. */
type PostAnswer = ApiAnswer<'PUT /api/user/editPosts/:id'>;

export const myPostsKeys = {
  all: [...postKeys.all, 'mine'] as const,
  list: (filters: MyPostsFilters) => [...postKeys.all, 'mine', filters] as const,
};

// ---- plain calls ----

export function fetchMyPosts(filters: MyPostsFilters, cursor: string | null, signal?: AbortSignal): Promise<PostPage> {
  return call('GET /api/user/myPosts', { query: Object.fromEntries(myPostsSearch(filters, cursor)), signal });
}

export function editPost(id: string, input: EditPostInput): Promise<PostAnswer> {
  return call('PUT /api/user/editPosts/:id', { params: { id }, body: input });
}

export function deletePost(id: string) {
  return call('DELETE /api/user/deletePosts/:id', { params: { id } });
}

/** Confirms the fix, with the reporter's optional rating of it (issue 16). */
export function verifyPost(id: string, rating?: { rating: Rating; comment: string }): Promise<PostAnswer> {
  const body = rating ? { rating: rating.rating, ...(rating.comment.trim() ? { comment: rating.comment.trim() } : {}) } : {};
  return call('PUT /api/user/verifyPost/:id', { params: { id }, body });
}

/** "Not fixed yet": JSON without photos (as before), a form with the reporter's photos under `images`. */
export function rejectResolution(id: string, reason: string, photos: File[] = []): Promise<PostAnswer> {
  if (photos.length === 0) return call('PUT /api/user/rejectResolution/:id', { params: { id }, body: { reason } });
  const form = new FormData();
  form.append('reason', reason);
  for (const photo of photos) form.append('images', photo, photo.name);
  return call('PUT /api/user/rejectResolution/:id', { params: { id }, form });
}

// ---- hooks ----

export function useMyPosts(filters: MyPostsFilters) {
  return useInfiniteQuery({
    queryKey: myPostsKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchMyPosts(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
    // While a new filter loads, the previous answer stays on screen (no flash of the skeleton).
    placeholderData: keepPreviousData,
  });
}

type Errors = Localized<typeof TEXTS>['errors'];

/**
 * A write on one post: the server's message as the success toast (in the reader's language, Accept-Language),
 * the spec's failure text otherwise, picked from the texts in the current language when it fails.
 */
function useOwnerWrite<V, A extends { message: string }>(run: (vars: V) => Promise<A>, failure: (errors: Errors) => string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (answer) => {
      toast.success(answer.message);
    },
    onError: (error) => {
      toast.error(errorMessage(error, failure(localized(TEXTS).errors)));
    },
    onSettled: () => client.invalidateQueries({ queryKey: postKeys.all }),
  });
}

export function useEditPost() {
  return useOwnerWrite(({ id, input }: { id: string; input: EditPostInput }) => editPost(id, input), (e) => e.updatePost);
}

export function useDeletePost() {
  return useOwnerWrite((id: string) => deletePost(id), (e) => e.deletePost);
}

export function useVerifyPost() {
  return useOwnerWrite(({ id, rating }: { id: string; rating?: { rating: Rating; comment: string } | undefined }) => verifyPost(id, rating), (e) => e.verifyCompletion);
}

export function useRejectResolution() {
  // The spec names no failure text for this addition; verifying's is the closest reading.
  return useOwnerWrite(({ id, reason, photos }: { id: string; reason: string; photos?: File[] }) => rejectResolution(id, reason, photos), (e) => e.verifyCompletion);
}
