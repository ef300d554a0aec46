/**
 * The post page's "Show more comments" and "Show N more replies" (issue 25): the post answer carries
 * the first page of comments and the first replies of each; these load the rest page by page through
 * the comments and replies routes. Lazily loaded by CommentThread, and only on the post page, so the
 * feed's first paint (perf.spec's budget) carries none of this code.
 */
import type { ReactNode } from 'react';
import { useState } from 'react';
import { POST_UI, type PostComment, type PostReply } from '@civicpulse/shared';
import { useMoreComments, useMoreReplies } from '../../api/threads';
import { useLocalized } from '../../i18n';

/** First click: start loading; later clicks: the next page, or try again after a failure. */
function useLoader(query: { isError: boolean; refetch: () => unknown; fetchNextPage: () => unknown }, wanted: boolean, want: () => void) {
  return () => {
    if (!wanted) want();
    else if (query.isError) void query.refetch();
    else void query.fetchNextPage();
  };
}

export function MoreComments({
  postId,
  start,
  carried,
  renderComment,
}: {
  postId: string;
  /** The post's commentsCursor: where the comments it did not carry start. */
  start: string;
  /** Ids already shown (a comment added meanwhile may come again in a page). */
  carried: ReadonlySet<string>;
  renderComment: (comment: PostComment) => ReactNode;
}) {
  const ui = useLocalized(POST_UI);
  const [wanted, setWanted] = useState(false);
  const more = useMoreComments(postId, start, wanted);
  const loaded = (more.data?.pages ?? []).flatMap((page) => page.comments).filter((c) => !carried.has(c._id));
  const canLoadMore = !wanted || more.hasNextPage || more.isError;
  const loadMore = useLoader(more, wanted, () => setWanted(true));
  return (
    <>
      {loaded.length > 0 && <ul className="space-y-3">{loaded.map(renderComment)}</ul>}
      {more.isError && (
        <p role="alert" className="text-sm text-red-700">
          {ui.loadMoreFailed}
        </p>
      )}
      {(canLoadMore || more.isFetching) && (
        <button type="button" className="btn-ghost px-3 py-2 text-sm" onClick={loadMore} disabled={more.isFetching} data-testid="more-comments">
          {more.isFetching ? ui.loadingMoreComments : ui.showMoreComments}
        </button>
      )}
    </>
  );
}

export function MoreReplies({
  postId,
  comment,
  renderReply,
}: {
  postId: string;
  comment: PostComment;
  renderReply: (reply: PostReply) => ReactNode;
}) {
  const ui = useLocalized(POST_UI);
  const [wanted, setWanted] = useState(false);
  const more = useMoreReplies(postId, comment._id, comment.repliesCursor ?? '', wanted);
  const carried = new Set(comment.replies.map((r) => r._id));
  const loaded = (more.data?.pages ?? []).flatMap((page) => page.replies).filter((r) => !carried.has(r._id));
  const remaining = Math.max(0, (comment.replyCount ?? comment.replies.length) - comment.replies.length - loaded.length);
  const canLoadMore = wanted ? more.hasNextPage || more.isError : remaining > 0;
  const loadMore = useLoader(more, wanted, () => setWanted(true));
  return (
    <>
      {loaded.length > 0 && <ul className="mt-2 space-y-2 border-l-2 border-slate-200 pl-3">{loaded.map(renderReply)}</ul>}
      {more.isError && (
        <p role="alert" className="mt-2 text-xs text-red-700">
          {ui.loadMoreFailed}
        </p>
      )}
      {(canLoadMore || more.isFetching) && (
        <button
          type="button"
          className="mt-2 text-xs font-semibold text-brand-700 hover:underline"
          onClick={loadMore}
          disabled={more.isFetching}
          data-testid="more-replies"
        >
          {more.isFetching ? ui.loadingMoreReplies : remaining > 0 ? ui.showMoreReplies(remaining) : ui.showMoreRepliesAny}
        </button>
      )}
    </>
  );
}
