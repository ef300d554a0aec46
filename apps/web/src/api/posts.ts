/**
 * Posts, votes and comments over the API (API-CONTRACT "Post", "Votes", "Comments and replies") with
 * their TanStack Query hooks. Every post query lives under the ['posts'] key, so one invalidation after a
 * write reloads every list and page that may show the post (spec 4, "After each successful write").
 */
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryFilters,
} from '@tanstack/react-query';
import toast from '../toast';
import {
  LIMITS,
  TEXTS,
  toggleVote,
  type POST_UI,
  type ApiAnswer,
  type Category,
  type Post,
  type Role,
  type VoteType,
} from '@civicpulse/shared';
import { call, errorMessage } from './client';
import { localized } from '../i18n';

/** A page of a post list (the feed, My Issues, a department's or the admin's list). */
export type PostPage = ApiAnswer<'GET /api/user/allPosts'>;
export type VoteAnswer = ApiAnswer<'PUT /api/posts/votePost'>;

export interface CreatePostLocation {
  state: string;
  landmark: string;
  address: string;
  pincode: string;
  /** Optional (issue 16): department jurisdictions match on it. */
  city?: string;
  coordinates: { lat: number; lng: number } | null;
}

export interface CreatePostInput {
  caption: string;
  priority: string;
  /** Issue 16: left out, the server suggests one from the caption. */
  category?: Category;
  /** Anonymous reports: hide the reporter's name (the category must allow it). */
  anonymous?: boolean;
  location: CreatePostLocation;
  images: File[];
}

export type AppConfig = ApiAnswer<'GET /api/config'>;

export const postKeys = {
  all: ['posts'] as const,
  feed: () => ['posts', 'feed'] as const,
  post: (id: string) => ['posts', 'post', id] as const,
  /** The post page's further comments, from the cursor the post answer carried (issue 25). */
  comments: (id: string, start: string) => ['posts', 'post', id, 'comments', start] as const,
  /** A comment's further replies, from the cursor its comment carried. */
  replies: (id: string, commentId: string, start: string) => ['posts', 'post', id, 'replies', commentId, start] as const,
  upvoted: () => ['posts', 'upvoted'] as const,
  downvoted: () => ['posts', 'downvoted'] as const,
  similar: (lat: number, lng: number, caption: string) => ['posts', 'similar', lat, lng, caption] as const,
};

// ---- plain calls ----

/**
 * Where each role reads the feed: citizens the spec's /api/user/allPosts with `exclude=mine` (everyone's
 * posts but their own, left out by the server so pages stay full); departments and admins their own list
 * calls, which page the same way (API-CONTRACT "Answer shapes").
 */
const FEED = {
  user: { route: 'GET /api/user/allPosts', exclude: 'mine' },
  government: { route: 'GET /api/gov/allPosts' },
  admin: { route: 'GET /api/admin/allPosts' },
} as const satisfies Record<Role, { route: string; exclude?: 'mine' }>;

/** The feed's orders (the public list's, PUBLIC_LIST_SORTS); typed from the texts so no schema loads with the feed. */
export type FeedSort = keyof typeof POST_UI.feedSorts;

/** What the feed is narrowed to and ordered by (kept in the address, see Feed). */
export interface FeedFilter {
  category: Category | null;
  q: string;
  sort: FeedSort;
}
const NO_FEED_FILTER: FeedFilter = { category: null, q: '', sort: 'newest' };

export function fetchFeedPage(role: Role, cursor: string | null, signal?: AbortSignal, filter: FeedFilter = NO_FEED_FILTER): Promise<PostPage> {
  // A department's own list takes no words: its search reads the same posts from the citizens' feed route
  // (every post, as its list without a scope; the feed's cards show none of the team parts only its list adds).
  const feed: { route: (typeof FEED)[Role]['route']; exclude?: 'mine' } = role === 'government' && filter.q ? { route: FEED.user.route } : FEED[role];
  // compact: the cards use counts and myVote, never the voter id lists. Defaults are left out (the URL stays the old one).
  const { category, q, sort } = filter;
  const query = { exclude: feed.exclude, limit: LIMITS.feedPageSize, shape: 'compact', category, cursor, q: q || undefined, sort: sort === 'newest' ? undefined : sort } as const;
  return call(feed.route, { query, signal });
}

export function fetchPost(id: string, signal?: AbortSignal) {
  return call('GET /api/posts/post/:id', { params: { id }, signal });
}

export function votePost(postId: string, type: VoteType): Promise<VoteAnswer> {
  return call('PUT /api/posts/votePost', { body: { postId, type } });
}

export function addComment(postId: string, content: string) {
  return call('POST /api/posts/addComment', { body: { postId, content } });
}

export function addReply(postId: string, commentId: string, content: string) {
  return call('POST /api/posts/addReply', { body: { postId, commentId, content } });
}

export function deleteComment(postId: string, commentId: string) {
  return call('DELETE /api/posts/deleteComment', { body: { postId, commentId } });
}

export function deleteReply(postId: string, commentId: string, replyId: string) {
  return call('DELETE /api/posts/deleteReply', { body: { postId, commentId, replyId } });
}

// ---- queries ----

/** The public app config (tile server); fetched once per visit. */
export function useAppConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) => call('GET /api/config', { auth: false, signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** The community feed's query; main.tsx starts it for a returning visitor before the first render. */
export function feedQuery(role: Role, filter: FeedFilter = NO_FEED_FILTER) {
  return infiniteQueryOptions({
    queryKey: [...postKeys.feed(), role, filter.category ?? 'all', filter.q, filter.sort],
    queryFn: ({ pageParam, signal }) => fetchFeedPage(role, pageParam, signal, filter),
    initialPageParam: null as string | null,
    getNextPageParam: (last: PostPage) => last.nextCursor ?? null,
  });
}

export function useFeed(role: Role, filter: FeedFilter = NO_FEED_FILTER) {
  return useInfiniteQuery(feedQuery(role, filter));
}

export function usePost(id: string) {
  return useQuery({
    queryKey: postKeys.post(id),
    queryFn: ({ signal }) => fetchPost(id, signal).then((a) => a.post),
    retry: false,
  });
}

export function useUpvotedPosts() {
  return useQuery({
    queryKey: postKeys.upvoted(),
    queryFn: ({ signal }) => call('GET /api/user/upvotedPosts', { signal }).then((a) => a.upvotedPosts),
  });
}

export function useDownvotedPosts() {
  return useQuery({
    queryKey: postKeys.downvoted(),
    queryFn: ({ signal }) => call('GET /api/user/downvotedPosts', { signal }).then((a) => a.downvotedPosts),
  });
}

/** "Similar reports nearby" for a point and the caption typed so far (the caller debounces). */
export function useSimilarPosts(point: { lat: number; lng: number } | null, caption: string) {
  const lat = point?.lat ?? 0;
  const lng = point?.lng ?? 0;
  return useQuery({
    queryKey: postKeys.similar(lat, lng, caption),
    queryFn: ({ signal }) => call('GET /api/posts/similar', { query: { lat, lng, caption }, signal }).then((a) => a.posts),
    enabled: point !== null,
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  });
}

// ---- cache patching (optimistic votes) ----

function isPost(value: unknown, postId: string): value is Post {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { _id?: unknown })._id === postId &&
    'upvoteCount' in value &&
    'downvoteCount' in value
  );
}

/** Returns `data` with every copy of the post replaced by `update(post)`; untouched branches keep identity. */
function patchDeep(data: unknown, postId: string, update: (post: Post) => Post): unknown {
  if (Array.isArray(data)) {
    let changed = false;
    const next = data.map((item) => {
      const patched = patchDeep(item, postId, update);
      if (patched !== item) changed = true;
      return patched;
    });
    return changed ? next : data;
  }
  if (isPost(data, postId)) return update(data);
  if (typeof data === 'object' && data !== null) {
    let changed = false;
    const next: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(data)) {
      const patched = patchDeep(value, postId, update);
      if (patched !== value) changed = true;
      next[key] = patched;
    }
    return changed ? next : data;
  }
  return data;
}

/** Every cached copy of the post (or, with `filters`, those of the matching queries) becomes `update(post)`. */
export function patchPostEverywhere(client: QueryClient, postId: string, update: (post: Post) => Post, filters: QueryFilters = { queryKey: postKeys.all }): void {
  client.setQueriesData(filters, (data: unknown) => patchDeep(data, postId, update));
}

/** Returns `data` without any copy of the post (lists drop it); untouched branches keep identity. */
function removeDeep(data: unknown, postId: string): unknown {
  if (Array.isArray(data)) {
    let changed = false;
    const next: unknown[] = [];
    for (const item of data) {
      if (isPost(item, postId)) {
        changed = true;
        continue;
      }
      const patched = removeDeep(item, postId);
      if (patched !== item) changed = true;
      next.push(patched);
    }
    return changed ? next : data;
  }
  if (typeof data === 'object' && data !== null && !isPost(data, postId)) {
    let changed = false;
    const next: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(data)) {
      const patched = removeDeep(value, postId);
      if (patched !== value) changed = true;
      next[key] = patched;
    }
    return changed ? next : data;
  }
  return data;
}

/** A deleted post leaves every cached list at once (the single post query is refetched by the caller). */
export function removePostEverywhere(client: QueryClient, postId: string, filters: QueryFilters = { queryKey: postKeys.all }): void {
  client.setQueriesData(filters, (data: unknown) => removeDeep(data, postId));
}

/** The post with the viewer's vote changed to `next` (counts and id lists follow). */
export function withVote(post: Post, viewerId: string, next: VoteType | null): Post {
  const upDelta = (next === 'upvote' ? 1 : 0) - (post.myVote === 'upvote' ? 1 : 0);
  const downDelta = (next === 'downvote' ? 1 : 0) - (post.myVote === 'downvote' ? 1 : 0);
  return {
    ...post,
    myVote: next,
    // Compact answers carry no voter id lists; full ones keep theirs in step with the vote.
    ...(post.upvotes ? { upvotes: [...post.upvotes.filter((id) => id !== viewerId), ...(next === 'upvote' ? [viewerId] : [])] } : {}),
    ...(post.downvotes ? { downvotes: [...post.downvotes.filter((id) => id !== viewerId), ...(next === 'downvote' ? [viewerId] : [])] } : {}),
    upvoteCount: Math.max(0, post.upvoteCount + upDelta),
    downvoteCount: Math.max(0, post.downvoteCount + downDelta),
  };
}

// ---- mutations ----

/** Votes optimistically, then takes the server's counts and the viewer's vote from the answer. */
export function useVote(viewerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ post, type }: { post: Post; type: VoteType }) => votePost(post._id, type),
    onMutate: async ({ post, type }) => {
      await client.cancelQueries({ queryKey: postKeys.all });
      const snapshot = client.getQueriesData({ queryKey: postKeys.all });
      patchPostEverywhere(client, post._id, (p) => withVote(p, viewerId, toggleVote(p.myVote, type)));
      return { snapshot };
    },
    onSuccess: (answer, { post }) => {
      patchPostEverywhere(client, post._id, (p) => ({
        ...withVote(p, viewerId, answer.userVote),
        upvoteCount: answer.upvotes,
        downvoteCount: answer.downvotes,
      }));
      toast.success(answer.message);
    },
    onError: (error, _vars, context) => {
      for (const [key, data] of context?.snapshot ?? []) client.setQueryData(key, data);
      toast.error(errorMessage(error, localized(TEXTS).errors.submitVote));
    },
    // The answer already carries the post's true counts and the viewer's vote, patched in above, so
    // the lists on screen are right without refetching every loaded page of every list per click.
    // Other views are marked stale and reload when next shown; the voted lists, whose membership is the
    // vote itself, reload at once; after a failure everything on screen reloads.
    onSettled: async (_answer, error) => {
      await client.invalidateQueries({ queryKey: postKeys.all, refetchType: error ? 'active' : 'none' });
      if (!error) {
        await Promise.all([
          client.invalidateQueries({ queryKey: postKeys.upvoted() }),
          client.invalidateQueries({ queryKey: postKeys.downvoted() }),
        ]);
      }
    },
  });
}

type CommentAction =
  | { kind: 'addComment'; postId: string; content: string }
  | { kind: 'addReply'; postId: string; commentId: string; content: string }
  | { kind: 'deleteComment'; postId: string; commentId: string }
  | { kind: 'deleteReply'; postId: string; commentId: string; replyId: string };

/** The spec's failure text of each comment action, in the current language. */
function commentFailure(kind: CommentAction['kind']): string {
  const errors = localized(TEXTS).errors;
  switch (kind) {
    case 'addComment':
      return errors.addComment;
    case 'addReply':
      return errors.addReply;
    case 'deleteComment':
      return errors.deleteComment;
    case 'deleteReply':
      return errors.deleteReply;
  }
}

function runCommentAction(action: CommentAction): Promise<{ message: string }> {
  switch (action.kind) {
    case 'addComment':
      return addComment(action.postId, action.content);
    case 'addReply':
      return addReply(action.postId, action.commentId, action.content);
    case 'deleteComment':
      return deleteComment(action.postId, action.commentId);
    case 'deleteReply':
      return deleteReply(action.postId, action.commentId, action.replyId);
  }
}

/** Comments and replies: the server's message on success, the spec's text (or the server's) on failure. */
export function useCommentAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runCommentAction,
    onSuccess: (answer) => {
      toast.success(answer.message);
    },
    onError: (error, action) => {
      toast.error(errorMessage(error, commentFailure(action.kind)));
    },
    onSettled: () => client.invalidateQueries({ queryKey: postKeys.all }),
  });
}
