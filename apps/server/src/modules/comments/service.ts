/**
 * Comments and replies (spec: "Comment on issues", API-CONTRACT "Comment deletion"): adding one tells
 * the people it concerns, deleting is the author's or an admin's (then audited), and the pages of a
 * long thread are bounded reads of the comments table.
 */
import { LIMITS, POST_TEXTS, TEXTS, validateCommentContent, type PostComment, type PostReply } from '@civicpulse/shared';
import type { AccountRow, CommentRow, ListedCommentRow, PostRow } from '../../db/rows.js';
import { auditEvent } from '../../events/audit.js';
import { EventList } from '../../events/index.js';
import { notifyEvent } from '../../events/notifications.js';
import { fittingPrefix } from '../../lib/answerSize.js';
import { isoAt, systemClock, type Clock } from '../../lib/clock.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { authorize } from '../../policies/index.js';
import { newId } from '../../lib/ids.js';
import { decodeCursor, encodeCursor, type Page } from '../../lib/paging.js';
import type { PostLookup } from '../posts/index.js';
import { presentComment, presentReply } from './presenter.js';
import { toThreadKey, type CommentsRepo } from './repo.js';

/** A department whose proof an admin has not checked yet: its words carry a "Pending verification" mark. */
function isPendingDepartment(account: AccountRow): boolean {
  return account.role === 'government' && account.is_verified === 0;
}

export class CommentsService {
  constructor(
    private readonly repo: CommentsRepo,
    private readonly posts: PostLookup,
    private readonly clock: Clock = systemClock,
  ) {}

  /** The cards' comments: the first LIMITS.commentsPerCard of each post, each with its first replies and reply count. */
  async forCards(postIds: string[]) {
    return this.threads(await this.repo.comments(postIds, LIMITS.commentsPerCard));
  }

  /** The single post's first page of comments (one more is read, to know whether there are more). */
  async forPost(postId: string) {
    return this.threads(await this.repo.commentPage(postId, null, LIMITS.commentsPerPage + 1));
  }

  /** The first LIMITS.repliesPerCard replies of each comment and how many each has (both bounded ranges). */
  private async threads(comments: ListedCommentRow[]) {
    const ids = comments.map((c) => c.id);
    const [replies, replyCounts] = await Promise.all([this.repo.replies(ids, LIMITS.repliesPerCard), this.repo.replyCounts(ids, LIMITS.replyCountMax)]);
    return { comments, replies, replyCounts };
  }

  /** How many comments and replies an account wrote (its public profile). */
  countBy(accountId: string): Promise<number> {
    return this.repo.countBy(accountId);
  }

  /**
   * GET /api/posts/post/{id}/comments: the post's top-level comments after the cursor, oldest first,
   * each with its first replies, as on the post page; at most `limit` (LIMITS.commentsPerPage when left
   * out) and LIMITS.answerBytesMax bytes.
   */
  async commentPage(postId: string, req: { cursor?: string | undefined; limit?: number | undefined }): Promise<Page<PostComment>> {
    await this.posts.require(postId);
    const after = threadPosition(req.cursor);
    const limit = req.limit ?? LIMITS.commentsPerPage;
    const rows = await this.repo.commentPage(postId, after, limit + 1);
    const { comments, replies, replyCounts } = await this.threads(rows.slice(0, limit));
    const byParent = new Map<string, ListedCommentRow[]>();
    for (const r of replies) {
      const list = byParent.get(r.parent_id ?? '');
      if (list) list.push(r);
      else byParent.set(r.parent_id ?? '', [r]);
    }
    const all = comments.map((c) => presentComment(c, byParent.get(c.id) ?? [], replyCounts.get(c.id) ?? 0));
    return pageOf(all, rows.length > limit);
  }

  /** GET /api/posts/post/{id}/comments/{commentId}/replies: a comment's replies after the cursor, oldest first. */
  async replyPage(postId: string, commentId: string, req: { cursor?: string | undefined; limit?: number | undefined }): Promise<Page<PostReply>> {
    await this.posts.require(postId);
    const parent = await this.repo.findComment(postId, commentId);
    if (!parent || parent.parent_id !== null) throw notFound(POST_TEXTS.commentNotFound);
    const after = threadPosition(req.cursor);
    const limit = req.limit ?? LIMITS.repliesPerPage;
    const rows = await this.repo.replyPage(commentId, after, limit + 1);
    return pageOf(
      rows.slice(0, limit).map((r) => presentReply(r)),
      rows.length > limit,
    );
  }

  private newComment(postId: string, parentId: string | null, author: AccountRow, content: string): CommentRow {
    return {
      id: newId(),
      post_id: postId,
      parent_id: parentId,
      author_id: author.id,
      author_name: author.name,
      author_role: author.role,
      content: content.trim(),
      created_at: isoAt(this.clock.now()),
    };
  }

  /**
   * Who hears of a new comment or reply: the replied-to commenter, the reporter, and the department
   * working on the report (storeEvents drops the author's own and keeps one per person, first wins).
   */
  private commentEvents(post: PostRow, author: AccountRow, parent: CommentRow | null): EventList {
    const events = new EventList();
    const actor = { id: author.id, name: author.name };
    const about = { post: { id: post.id, caption: post.caption } };
    const notes = [
      ...(parent ? notifyEvent(parent.author_id, 'reply', actor, about) : []),
      ...notifyEvent(post.author_id, 'comment', actor, about),
      ...notifyEvent(post.assigned_government, 'deptComment', actor, about),
    ];
    for (const e of notes) events.add(e);
    return events;
  }

  /** A write that met a foreign key lost its race with a deletion: answers what a moment later would (PostLookup.lostRace). */
  private lostRace(err: unknown, postId: string, parentId: string | null, author: AccountRow): Promise<never> {
    return this.posts.lostRace(err, postId, author, async () => parentId === null || (await this.repo.findComment(postId, parentId)) !== undefined, POST_TEXTS.commentNotFound);
  }

  async addComment(postId: string, author: AccountRow, content: unknown): Promise<PostComment> {
    const problem = validateCommentContent(content, 'comment');
    if (problem) throw badRequest(problem);
    const post = await this.posts.require(postId);
    const row = this.newComment(postId, null, author, String(content));
    // The live post_update carries this comment whole: one comment, at most LIMITS.commentMaxChars.
    const comment = presentComment({ ...row, author_pending: isPendingDepartment(author) }, [], 0);
    const events = this.commentEvents(post, author, null).add({ type: 'postChanged', postId, reason: 'comment', comment });
    await this.repo.insertComment(row, events).catch((err: unknown) => this.lostRace(err, postId, null, author));
    return comment;
  }

  async addReply(postId: string, commentId: string, author: AccountRow, content: unknown): Promise<PostReply> {
    const problem = validateCommentContent(content, 'reply');
    if (problem) throw badRequest(problem);
    const post = await this.posts.require(postId);
    const parent = await this.repo.findComment(postId, commentId);
    if (!parent || parent.parent_id !== null) throw notFound(POST_TEXTS.commentNotFound);
    const row = this.newComment(postId, parent.id, author, String(content));
    const events = this.commentEvents(post, author, parent).add({ type: 'postChanged', postId, reason: 'reply' });
    await this.repo.insertComment(row, events).catch((err: unknown) => this.lostRace(err, postId, parent.id, author));
    return presentReply({ ...row, author_pending: isPendingDepartment(author) });
  }

  /** Finds a comment by id (preferred) or by its position, as the spec's clients send it. */
  private async locateComment(postId: string, id: string | undefined, index: number | undefined): Promise<CommentRow> {
    const row =
      id !== undefined
        ? await this.repo.findComment(postId, id)
        : index !== undefined
          ? await this.repo.nthComment(postId, null, index)
          : undefined;
    if (!row || row.parent_id !== null) throw notFound(POST_TEXTS.commentNotFound);
    return row;
  }

  /** An admin deleting someone else's words is moderation: it goes in the audit log. */
  private moderation(viewer: AccountRow, row: CommentRow, action: 'deleteComment' | 'deleteReply'): EventList {
    const events = new EventList();
    if (viewer.role === 'admin' && viewer.id !== row.author_id) {
      events.add(
        auditEvent(viewer, action, {
          type: action === 'deleteComment' ? 'comment' : 'reply',
          id: row.id,
          label: `${row.author_name}: ${row.content.slice(0, 120)}`,
        }),
      );
    }
    return events;
  }

  async deleteComment(viewer: AccountRow, input: { postId: string; commentId?: string | undefined; commentIndex?: number | undefined }) {
    await this.posts.require(input.postId);
    const row = await this.locateComment(input.postId, input.commentId, input.commentIndex);
    authorize(viewer, 'comment.delete', { comment: row });
    const events = this.moderation(viewer, row, 'deleteComment').add({ type: 'postChanged', postId: input.postId, reason: 'commentDeleted' });
    if (!(await this.repo.deleteComment(row, events))) throw notFound(POST_TEXTS.commentNotFound);
  }

  async deleteReply(
    viewer: AccountRow,
    input: {
      postId: string;
      commentId?: string | undefined;
      commentIndex?: number | undefined;
      replyId?: string | undefined;
      replyIndex?: number | undefined;
    },
  ) {
    await this.posts.require(input.postId);
    let reply: CommentRow | undefined;
    if (input.replyId !== undefined) {
      reply = await this.repo.findComment(input.postId, input.replyId);
      if (reply?.parent_id === null) reply = undefined;
    } else {
      const parent = await this.locateComment(input.postId, input.commentId, input.commentIndex);
      if (input.replyIndex !== undefined) reply = await this.repo.nthComment(input.postId, parent.id, input.replyIndex);
    }
    if (!reply) throw notFound(POST_TEXTS.replyNotFound);
    authorize(viewer, 'reply.delete', { reply });
    const events = this.moderation(viewer, reply, 'deleteReply').add({ type: 'postChanged', postId: input.postId, reason: 'commentDeleted' });
    if (!(await this.repo.deleteComment(reply, events))) throw notFound(POST_TEXTS.replyNotFound);
  }
}

/** A comment or reply page's cursor as the id after which it starts; a cursor of anything else is refused. */
function threadPosition(cursor: string | undefined): string | null {
  const parts = decodeCursor(cursor);
  if (!parts) return null;
  const id = toThreadKey(parts);
  if (id === null) throw badRequest(TEXTS.http.invalidCursor);
  return id;
}

/**
 * A comment or reply page: the items that fit LIMITS.answerBytesMax, and a cursor after the last of them
 * when more were read (`more`) or the budget cut the page.
 */
function pageOf<T extends { _id: string }>(all: T[], more: boolean): Page<T> {
  const items = fittingPrefix(all);
  const last = items[items.length - 1];
  return { items, nextCursor: (more || items.length < all.length) && last ? encodeCursor([last._id]) : null };
}
