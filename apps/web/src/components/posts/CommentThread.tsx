import { Suspense, lazy, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import toast from '../../toast';
import { LIMITS, POST_UI, validateCommentContent, type PostComment, type PostReply, type Role } from '@civicpulse/shared';
import { useCommentAction } from '../../api/posts';
import { useLocalized } from '../../i18n';
import { localizeProblem } from './postProblems';
import { TimeAgo } from './time';

// Only the post page pages its comments and replies: the feed's cards never load this code.
const MoreComments = lazy(() => import('./CommentPager').then((m) => ({ default: m.MoreComments })));
const MoreReplies = lazy(() => import('./CommentPager').then((m) => ({ default: m.MoreReplies })));
// Asked only when someone deletes: its code arrives on that click, not with the feed's first paint.
const ConfirmDialog = lazy(() => import('../ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));
// Flagging (moderation) is offered on the post page only, so the feed's cards never load it either.
const FlagButton = lazy(() => import('../moderation/FlagButton').then((m) => ({ default: m.FlagButton })));

export interface CommentThreadProps {
  postId: string;
  comments: PostComment[];
  /** All comments on the post; lists carry only the first few. */
  commentCount: number;
  /**
   * The post page (issue 25): where its further comments start (the post's commentsCursor); with one,
   * 'Show more comments' loads them page by page, and each comment's 'Show N more replies' its replies.
   */
  commentsCursor?: string | null;
  viewerId: string;
  viewerRole: Role | null;
  /** How many comments to show (spec: at most the first 3); the post page passes Infinity. */
  limit?: number;
  /** Offer 'View all N comments' (to /post/{id}) when there are more than shown. */
  linkToAll?: boolean;
}

/** Authors delete their own words; admins may delete anyone's (spec 6). */
function mayDelete(authorId: string, viewerId: string, viewerRole: Role | null): boolean {
  return (viewerId !== '' && authorId === viewerId) || viewerRole === 'admin';
}

/** Anyone signed in flags what others wrote (moderation); the server holds the same rule. */
function mayFlag(authorId: string, viewerId: string): boolean {
  return viewerId !== '' && authorId !== viewerId;
}

/** The author's name, with a mark while the author is a department an admin has not verified yet. */
function Author({ entry }: { entry: Pick<PostReply, 'userName' | 'userPending'> }) {
  const ui = useLocalized(POST_UI);
  return (
    <>
      <span className="text-sm font-semibold text-slate-900">{entry.userName || ui.commentAuthorFallback}</span>
      {entry.userPending && (
        <span
          className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-300"
          title={ui.pendingVerificationHint}
          data-testid="pending-mark"
        >
          {ui.pendingVerification}
        </span>
      )}
    </>
  );
}

/**
 * Words as the answer carries them; on a card a long text comes shortened (`truncated`, issue 25) and
 * 'Read more' leads to the post page, where it is whole.
 */
function Words({ entry, postId, className }: { entry: Pick<PostReply, 'content' | 'truncated'>; postId: string; className: string }) {
  const ui = useLocalized(POST_UI);
  return (
    <p className={className}>
      {entry.content}
      {entry.truncated && (
        <>
          {' '}
          <Link to={`/post/${postId}`} className="font-semibold whitespace-nowrap text-brand-700 hover:underline">
            {ui.readMore}
          </Link>
        </>
      )}
    </p>
  );
}

interface PendingDelete {
  commentId: string;
  replyId?: string;
}

function InlineForm({
  placeholder,
  action,
  onSubmit,
  busy,
}: {
  placeholder: string;
  action: string;
  onSubmit: (text: string) => Promise<boolean>;
  busy: boolean;
}) {
  const [text, setText] = useState('');
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await onSubmit(text)) setText('');
  };
  return (
    <form className="flex gap-2" onSubmit={(e) => void submit(e)}>
      <label htmlFor={id} className="sr-only">
        {placeholder}
      </label>
      <input
        id={id}
        className="field-input min-w-0 flex-1 py-2"
        placeholder={placeholder}
        value={text}
        maxLength={LIMITS.commentMaxChars}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="btn-primary shrink-0 px-3 py-2" disabled={busy}>
        {action}
      </button>
    </form>
  );
}

export function CommentThread({
  postId,
  comments,
  commentCount,
  viewerId,
  viewerRole,
  commentsCursor = null,
  limit = LIMITS.commentsPerCard,
  linkToAll = true,
}: CommentThreadProps) {
  const ui = useLocalized(POST_UI);
  const action = useCommentAction();
  const [confirming, setConfirming] = useState<PendingDelete | null>(null);
  const paged = !linkToAll && commentsCursor !== null;
  const shown = comments.slice(0, limit);
  const total = Math.max(commentCount, comments.length);

  const send = async (content: string, kind: 'comment' | 'reply', commentId?: string): Promise<boolean> => {
    const problem = validateCommentContent(content, kind);
    if (problem) {
      toast.error(localizeProblem(problem));
      return false;
    }
    try {
      if (kind === 'comment') await action.mutateAsync({ kind: 'addComment', postId, content });
      else await action.mutateAsync({ kind: 'addReply', postId, commentId: commentId ?? '', content });
      return true;
    } catch {
      return false; // the hook already showed the toast
    }
  };

  // Deleting is one click away from every comment: it asks first (the dialog's focus starts on Cancel).
  const remove = (payload: PendingDelete) => {
    const run = payload.replyId
      ? action.mutateAsync({ kind: 'deleteReply', postId, commentId: payload.commentId, replyId: payload.replyId })
      : action.mutateAsync({ kind: 'deleteComment', postId, commentId: payload.commentId });
    run.then(
      () => setConfirming(null),
      () => setConfirming(null), // the hook already showed the toast
    );
  };

  const renderComment = (comment: PostComment) => (
    <CommentItem
      key={comment._id}
      postId={postId}
      comment={comment}
      onCard={linkToAll}
      viewerId={viewerId}
      viewerRole={viewerRole}
      busy={action.isPending}
      onDelete={setConfirming}
      onReply={(text) => send(text, 'reply', comment._id)}
    />
  );

  return (
    <div className="space-y-4">
      {shown.length === 0 ? (
        <p className="text-sm text-slate-600">{ui.noComments}</p>
      ) : (
        <ul className="space-y-3">
          {shown.map(renderComment)}
        </ul>
      )}
      {paged && (
        <Suspense fallback={null}>
          <MoreComments postId={postId} start={commentsCursor} carried={new Set(comments.map((c) => c._id))} renderComment={renderComment} />
        </Suspense>
      )}
      {linkToAll && total > shown.length && (
        <Link to={`/post/${postId}`} className="inline-block text-sm font-semibold text-brand-700 hover:underline">
          {ui.viewAllComments(total)}
        </Link>
      )}
      <InlineForm
        placeholder={ui.writeComment}
        action={ui.comment}
        busy={action.isPending}
        onSubmit={(text) => send(text, 'comment')}
      />
      {confirming && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={confirming.replyId ? ui.deleteReplyHeading : ui.deleteCommentHeading}
            confirmLabel={confirming.replyId ? ui.deleteReply : ui.deleteComment}
            busyLabel={ui.deleting}
            busy={action.isPending}
            danger
            onConfirm={() => remove(confirming)}
            onCancel={() => setConfirming(null)}
          >
            {confirming.replyId ? ui.deleteReplyBody : ui.deleteCommentBody}
          </ConfirmDialog>
        </Suspense>
      )}
    </div>
  );
}

interface CommentItemProps {
  postId: string;
  comment: PostComment;
  /** On a card: shortened words with 'Read more', further replies as a link to the post page. */
  onCard: boolean;
  viewerId: string;
  viewerRole: Role | null;
  busy: boolean;
  onDelete: (target: PendingDelete) => void;
  onReply: (text: string) => Promise<boolean>;
}

/** A comment's or a reply's author, time, words and (for its author or an admin) its Delete button. */
interface EntryProps {
  entry: PostComment | PostReply;
  postId: string;
  reply?: boolean;
  /** null: this viewer may not delete it. */
  deleteLabel: string | null;
  onDelete: () => void;
  busy: boolean;
  /** Offer "Flag" (the post page, someone else's words). */
  flaggable?: boolean;
}

function Entry({ entry, postId, reply = false, deleteLabel, onDelete, busy, flaggable = false }: EntryProps) {
  return (
    <>
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <Author entry={entry} />
        <TimeAgo iso={entry.createdAt} className="text-xs text-slate-600" />
      </div>
      <Words entry={entry} postId={postId} className={`${reply ? '' : 'mt-1 '}text-sm break-words whitespace-pre-line text-slate-800`} />
      {(deleteLabel || flaggable) && (
        <div className={`${reply ? 'mt-0.5' : 'mt-1'} flex flex-wrap items-center gap-x-3`}>
          {deleteLabel && (
            <button type="button" className="text-xs font-semibold text-red-700 hover:underline" onClick={onDelete} disabled={busy}>
              {deleteLabel}
            </button>
          )}
          {flaggable && (
            <Suspense fallback={null}>
              <FlagButton kind={reply ? 'reply' : 'comment'} id={entry._id} label={entry.userName} className="-ml-2" />
            </Suspense>
          )}
        </div>
      )}
    </>
  );
}

/**
 * One comment with its replies: those the answer carried (LIMITS.repliesPerCard), and on the post page
 * the rest page by page through the replies route, from the comment's repliesCursor (issue 25).
 */
function CommentItem({ postId, comment, onCard, viewerId, viewerRole, busy, onDelete, onReply }: CommentItemProps) {
  const ui = useLocalized(POST_UI);
  const replies = comment.replies;
  const remaining = Math.max(0, (comment.replyCount ?? replies.length) - replies.length);
  const renderReply = (reply: PostReply) => (
    <li key={reply._id} data-testid="reply">
      <Entry
        entry={reply}
        postId={postId}
        reply
        deleteLabel={mayDelete(reply.userId, viewerId, viewerRole) ? ui.deleteReply : null}
        onDelete={() => onDelete({ commentId: comment._id, replyId: reply._id })}
        busy={busy}
        flaggable={!onCard && mayFlag(reply.userId, viewerId)}
      />
    </li>
  );

  return (
    <li className="rounded-xl bg-slate-50 p-3" data-testid="comment">
      <Entry
        entry={comment}
        postId={postId}
        deleteLabel={mayDelete(comment.userId, viewerId, viewerRole) ? ui.deleteComment : null}
        onDelete={() => onDelete({ commentId: comment._id })}
        busy={busy}
        flaggable={!onCard && mayFlag(comment.userId, viewerId)}
      />

      {replies.length > 0 && (
        <ul className="mt-2 space-y-2 border-l-2 border-slate-200 pl-3">
          {replies.map(renderReply)}
        </ul>
      )}
      {onCard && remaining > 0 && (
        <Link to={`/post/${postId}`} className="mt-2 inline-block text-xs font-semibold text-brand-700 hover:underline" data-testid="more-replies">
          {ui.moreReplies(remaining)}
        </Link>
      )}
      {!onCard && (remaining > 0 || comment.repliesCursor) && (
        <Suspense fallback={null}>
          <MoreReplies postId={postId} comment={comment} renderReply={renderReply} />
        </Suspense>
      )}
      <div className="mt-2">
        <InlineForm placeholder={ui.writeReply} action={ui.reply} busy={busy} onSubmit={onReply} />
      </div>
    </li>
  );
}
