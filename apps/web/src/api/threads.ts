/**
 * The post page's further comments and replies (issue 25: the post answer carries the first page of
 * each; these routes page the rest). A module of its own, loaded with the pager that uses it, so the
 * feed's first paint carries none of it.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ApiAnswer } from '@civicpulse/shared';
import { call } from './client';
import { postKeys } from './posts';

export type CommentPage = ApiAnswer<'GET /api/posts/post/:id/comments'>;
export type ReplyPage = ApiAnswer<'GET /api/posts/post/:id/comments/:commentId/replies'>;

/** A page of a post's comments after `cursor`, oldest first (GET /api/posts/post/{id}/comments). */
export function fetchComments(postId: string, cursor: string, signal?: AbortSignal): Promise<CommentPage> {
  return call('GET /api/posts/post/:id/comments', { params: { id: postId }, query: { cursor }, signal });
}

/** A page of a comment's replies after `cursor` (none: from its first), oldest first. */
export function fetchReplies(postId: string, commentId: string, cursor: string, signal?: AbortSignal): Promise<ReplyPage> {
  return call('GET /api/posts/post/:id/comments/:commentId/replies', { params: { id: postId, commentId }, query: { cursor: cursor || undefined }, signal });
}

/**
 * The post page's comments after those the post answer carried (issue 25): pages load on demand, from
 * `start` (the post's commentsCursor), once `enabled` (the reader asked for more).
 */
export function useMoreComments(postId: string, start: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: postKeys.comments(postId, start),
    queryFn: ({ pageParam, signal }) => fetchComments(postId, pageParam, signal),
    initialPageParam: start,
    getNextPageParam: (last: CommentPage) => last.nextCursor ?? undefined,
    enabled,
  });
}

/** A comment's replies after those it carried, from `start` (its repliesCursor), once `enabled`. */
export function useMoreReplies(postId: string, commentId: string, start: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: postKeys.replies(postId, commentId, start),
    queryFn: ({ pageParam, signal }) => fetchReplies(postId, commentId, pageParam, signal),
    initialPageParam: start,
    getNextPageParam: (last: ReplyPage) => last.nextCursor ?? undefined,
    enabled,
  });
}

