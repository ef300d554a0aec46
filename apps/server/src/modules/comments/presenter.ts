/** Comment rows → the contract's PostComment and PostReply shapes. Pure. */
import { shortenText, type PostComment, type PostReply } from '@civicpulse/shared';
import type { ListedCommentRow } from '../../db/rows.js';
import { encodeCursor } from '../../lib/paging.js';

/** A comment's or reply's words; `card`: shortened to LIMITS.cardTextChars with `truncated: true` when cut. */
export function presentReply(r: ListedCommentRow, card = false): PostReply {
  const content = card ? shortenText(r.content) : { text: r.content, truncated: false };
  return {
    _id: r.id,
    userId: r.author_id,
    userName: r.author_name,
    userRole: r.author_role,
    content: content.text,
    createdAt: r.created_at,
    userPending: r.author_pending,
    ...(content.truncated ? { truncated: true } : {}),
  };
}

/**
 * A comment with its first replies (loaded, at most LIMITS.repliesPerCard), how many it has, and when it
 * has more than those, the replies route's cursor after the last one carried.
 */
export function presentComment(c: ListedCommentRow, replies: ListedCommentRow[], replyCount: number, card = false): PostComment {
  const last = replies[replies.length - 1];
  const count = Math.max(replyCount, replies.length);
  return {
    ...presentReply(c, card),
    replies: replies.map((r) => presentReply(r, card)),
    replyCount: count,
    ...(count > replies.length && last ? { repliesCursor: encodeCursor([last.id]) } : {}),
  };
}
