import { sql, type Kysely } from 'kysely';
import { inChunks, isRowId } from '../../db/chunks.js';
import type { Engine } from '../../db/index.js';
import type { CommentRow, ListedCommentRow } from '../../db/rows.js';
import type { DB } from '../../db/types.js';
import type { EventList } from '../../events/index.js';
import { accountsReferredTo, holdAccounts } from '../../events/store.js';
import type { UnitOfWork } from '../../events/unitOfWork.js';

/**
 * 1 when the comment's author is a department whose verification is pending (a left join: a deleted
 * author reads as not pending). Both engines answer the CASE as an integer, turned into a boolean below.
 */
const pendingAuthor = sql<number>`case when accounts.role = 'government' and accounts.is_verified = 0 then 1 else 0 end`.as(
  'author_pending',
);
function withPending<T extends { author_pending: number | string }>(row: T): Omit<T, 'author_pending'> & { author_pending: boolean } {
  return { ...row, author_pending: Number(row.author_pending) === 1 };
}

/**
 * The id of the `n`-th reply (1-based, oldest first) of the comment aliased `parent` in the outer query,
 * or '~' (above every id) when it has fewer: the end of a bounded comments_parent range, so reading or
 * counting a comment's first `n` replies costs what `n` rows do, however many it has.
 */
function nthReplyOfParent(n: number) {
  return sql<string>`coalesce((select cut.id from comments as cut where cut.parent_id = parent.id order by cut.id limit 1 offset ${n - 1}), '~')`;
}

/** A comment or reply page's cursor parts as the id of the last one seen, or null when they are not [row id]. */
export function toThreadKey(parts: ReadonlyArray<string | number>): string | null {
  return parts.length === 1 && isRowId(parts[0]) ? parts[0] : null;
}

/**
 * PostgreSQL's read of the first `n` top-level comments of each post (or replies of each comment) in
 * `ids`, oldest first, hidden ones then left out: a LATERAL subquery with LIMIT per group, so each
 * group is one range of comments_post (or comments_replies), however many rows the table holds
 * (CommentsRepo.firstPerGroup; exported for the plan test in scale-counters-plans.test.ts).
 */
export function firstPerGroupQuery(db: Kysely<DB>, group: 'post' | 'comment', ids: string[], n: number) {
  // Only g.id is named, which both tables have: the replies' form is typed as the posts'.
  const posts = db.selectFrom('posts as g');
  const groups = group === 'post' ? posts : (db.selectFrom('comments as g') as unknown as typeof posts);
  return groups
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('comments as c')
          .selectAll('c')
          .whereRef(group === 'post' ? 'c.post_id' : 'c.parent_id', '=', 'g.id')
          // A post's top-level comments in comments_post's order (post_id, parent_id, id): with parent_id
          // in it the primary key cannot give the order, so the planner never walks every comment by id
          // looking for the post's (it did for a test's post with 3,000 comments). The same order: all
          // their parent_ids are null.
          .$if(group === 'post', (q) => q.where('c.parent_id', 'is', null).orderBy('c.parent_id'))
          .orderBy('c.id')
          .limit(n)
          .as('r'),
      (join) => join.onTrue(),
    )
    .leftJoin('accounts', 'accounts.id', 'r.author_id')
    .selectAll('r')
    .select(pendingAuthor)
    .where('g.id', 'in', ids)
    .where('r.hidden_at', 'is', null)
    .orderBy('r.id')
    // Kysely does not carry a lateral subquery's selectAll into the row type: these are the comments' columns.
    .$castTo<CommentRow & { author_pending: number }>();
}

/**
 * The read behind CommentsRepo.replyCounts (exported for the plan test in scale-counters-plans.test.ts):
 * each comment's id and its replies counted up to `cap`.
 *
 * - SQLite: the count stops at the cap-th reply's id (nthReplyOfParent), both one comments_replies range.
 * - PostgreSQL: a LATERAL count over the comment's first `cap` replies in comments_replies' order
 *   (parent_id, id), which the index walks and stops. For the cut-off form PostgreSQL read all of a
 *   busy comment's replies and sorted them, with statistics too: 4,005 rows against 1,005 for a
 *   thread of 3,000 replies in the plan test, growing with the thread.
 */
export function replyCountsQuery(db: Kysely<DB>, engine: Engine, ids: string[], cap: number) {
  if (engine === 'postgres') {
    return db
      .selectFrom('comments as parent')
      .innerJoinLateral(
        (eb) =>
          eb
            .selectFrom((inner) =>
              inner
                .selectFrom('comments as r')
                .select(sql.lit(1).as('one'))
                .whereRef('r.parent_id', '=', 'parent.id')
                .orderBy('r.parent_id')
                .orderBy('r.id')
                .limit(cap)
                .as('first'),
            )
            .select((c) => c.fn.countAll<number | string>().as('n'))
            .as('c'),
        (join) => join.onTrue(),
      )
      .select(['parent.id', 'c.n'])
      .where('parent.id', 'in', ids);
  }
  return db
    .selectFrom('comments as parent')
    .select((eb) => [
      'parent.id',
      eb
        .selectFrom('comments as r')
        .select((c) => c.fn.countAll<number | string>().as('n'))
        .whereRef('r.parent_id', '=', 'parent.id')
        .where('r.id', '<=', nthReplyOfParent(cap))
        .as('n'),
    ])
    .where('parent.id', 'in', ids);
}

/** The comments table: a post's comments and their replies, read in bounded ranges, written with their events. */
export class CommentsRepo {
  constructor(
    private readonly work: UnitOfWork,
    private readonly db: Kysely<DB> = work.db,
    private readonly engine: Engine = work.engine,
  ) {}

  /**
   * The first `perPost` top-level comments of each post, oldest first. On SQLite each post's cut-off
   * (its perPost-th comment id) is a correlated subquery on comments_post (PostgreSQL: firstPerGroup),
   * so a post with 100,000 comments costs one bounded index range, like one with three.
   */
  async comments(postIds: string[], perPost: number): Promise<ListedCommentRow[]> {
    if (this.engine === 'postgres') return this.firstPerGroup('post', postIds, perPost);
    const rows = await inChunks(postIds, (ids) =>
      this.db
        .selectFrom('posts as p')
        .innerJoin('comments', (join) =>
          join
            .onRef('comments.post_id', '=', 'p.id')
            .on('comments.parent_id', 'is', null)
            .on((eb) =>
              eb(
                'comments.id',
                '<=',
                eb.fn.coalesce(
                  eb
                    .selectFrom('comments as cut')
                    .select('cut.id')
                    .whereRef('cut.post_id', '=', 'p.id')
                    .where('cut.parent_id', 'is', null)
                    .orderBy('cut.id')
                    .limit(1)
                    .offset(perPost - 1),
                  sql.lit('~'),
                ),
              ),
            ),
        )
        .leftJoin('accounts', 'accounts.id', 'comments.author_id')
        .selectAll('comments')
        .select(pendingAuthor)
        .where('p.id', 'in', ids)
        .where('comments.hidden_at', 'is', null)
        .orderBy('comments.id')
        .execute(),
    );
    return rows.map(withPending);
  }

  /**
   * The first `perComment` replies of each comment, oldest first: one bounded range per comment, as
   * above (PostgreSQL: firstPerGroup).
   */
  async replies(commentIds: string[], perComment: number): Promise<ListedCommentRow[]> {
    if (this.engine === 'postgres') return this.firstPerGroup('comment', commentIds, perComment);
    const rows = await inChunks(commentIds, (ids) =>
      this.db
        .selectFrom('comments as parent')
        .innerJoin('comments', (join) =>
          join.onRef('comments.parent_id', '=', 'parent.id').on('comments.id', '<=', nthReplyOfParent(perComment)),
        )
        .leftJoin('accounts', 'accounts.id', 'comments.author_id')
        .selectAll('comments')
        .select(pendingAuthor)
        .where('parent.id', 'in', ids)
        .where('comments.hidden_at', 'is', null)
        .orderBy('comments.id')
        .execute(),
    );
    return rows.map(withPending);
  }

  /**
   * PostgreSQL's form of comments() and replies(): the first `n` of each post's top-level comments (or
   * of each comment's replies) as a LATERAL subquery with LIMIT, so every group is one range of
   * comments_post (or comments_replies), with planner statistics or without. The correlated cut-off
   * the SQLite form uses left PostgreSQL free to plan a merge join instead: with 10,000 posts analysed
   * it read every reply in the table (10,099 rows, 4-6 ms) for a page of 20 posts, and without
   * statistics (a freshly loaded table) every comment (50,160 rows, 13 ms). This form read 202-204
   * rows for the comments and 100-140 for the replies, with statistics and without (bench/ seed,
   * 2026-11-29). The same rows either way: the first `n` by id, hidden ones then left out. (The
   * replies' order is also the primary key's; the planner would walk that only if comments averaged
   * thousands of replies each.)
   */
  private async firstPerGroup(group: 'post' | 'comment', ids: string[], n: number): Promise<ListedCommentRow[]> {
    const rows = await inChunks(ids, (slice) => firstPerGroupQuery(this.db, group, slice, n).execute());
    return rows.map(withPending);
  }

  /**
   * How many replies each comment has, counted up to `cap`: one bounded range of comments_replies per
   * comment, so a comment with a million replies costs what one with `cap` does (replyCountsQuery).
   * Comments without replies are left out of the map.
   */
  async replyCounts(commentIds: string[], cap: number): Promise<Map<string, number>> {
    const rows = await inChunks(commentIds, (ids) => replyCountsQuery(this.db, this.engine, ids, cap).execute());
    const counts = new Map<string, number>();
    for (const row of rows) if (Number(row.n) > 0) counts.set(row.id, Number(row.n));
    return counts;
  }

  /** A page of a post's top-level comments after `afterId`, oldest first: one comments_post range. */
  async commentPage(postId: string, afterId: string | null, limit: number): Promise<ListedCommentRow[]> {
    let query = this.db
      .selectFrom('comments')
      .leftJoin('accounts', 'accounts.id', 'comments.author_id')
      .selectAll('comments')
      .select(pendingAuthor)
      .where('comments.post_id', '=', postId)
      .where('comments.parent_id', 'is', null)
      .where('comments.hidden_at', 'is', null);
    if (afterId !== null) query = query.where('comments.id', '>', afterId);
    const rows = await query.orderBy('comments.id').limit(limit).execute();
    return rows.map(withPending);
  }

  /** A page of a comment's replies after `afterId`, oldest first: one comments_parent range. */
  async replyPage(commentId: string, afterId: string | null, limit: number): Promise<ListedCommentRow[]> {
    let query = this.db
      .selectFrom('comments')
      .leftJoin('accounts', 'accounts.id', 'comments.author_id')
      .selectAll('comments')
      .select(pendingAuthor)
      .where('comments.parent_id', '=', commentId)
      .where('comments.hidden_at', 'is', null);
    if (afterId !== null) query = query.where('comments.id', '>', afterId);
    const rows = await query.orderBy('comments.id').limit(limit).execute();
    return rows.map(withPending);
  }

  async insertComment(row: CommentRow, events?: EventList): Promise<void> {
    await this.work.run(events, async (trx) => {
      if (this.engine === 'postgres') await holdAccounts(trx, this.engine, [row.author_id, ...accountsReferredTo(events)]);
      await trx.insertInto('comments').values(row).execute();
      if (row.parent_id === null) {
        await trx.updateTable('posts').set((eb) => ({ comment_count: eb('comment_count', '+', 1) })).where('id', '=', row.post_id).execute();
      }
    });
  }

  findComment(postId: string, id: string): Promise<CommentRow | undefined> {
    return this.db.selectFrom('comments').selectAll().where('post_id', '=', postId).where('id', '=', id).executeTakeFirst();
  }

  /** The n-th (0-based) top-level comment of a post, or the n-th reply of a comment, oldest first. */
  nthComment(postId: string, parentId: string | null, n: number): Promise<CommentRow | undefined> {
    return this.db
      .selectFrom('comments')
      .selectAll()
      .where('post_id', '=', postId)
      .where('parent_id', parentId === null ? 'is' : '=', parentId)
      .where('hidden_at', 'is', null)
      .orderBy('id')
      .limit(1)
      .offset(n)
      .executeTakeFirst();
  }

  /**
   * Deletes a comment with its replies (comments.parent_id cascade), or one reply, as compare-and-set:
   * false when the row was already gone (deleted by a simultaneous request, or with its post or parent),
   * and then nothing is written, events included. The post's comment count goes down only with a
   * deleted top-level comment, and never below zero.
   *
   * On PostgreSQL the post row is locked first (FOR NO KEY UPDATE: new comments may still refer to it),
   * in the same order as a post's deletion takes it, so the two never deadlock.
   */
  async deleteComment(row: CommentRow, events?: EventList): Promise<boolean> {
    return this.work.run(events, async (trx) => {
      if (this.engine === 'postgres') {
        const post = await trx.selectFrom('posts').select('id').where('id', '=', row.post_id).forNoKeyUpdate().executeTakeFirst();
        if (!post) return false;
      }
      // A hidden comment had already left the count (moderation): the row as deleted says whether it was.
      const deleted = await trx.deleteFrom('comments').where('id', '=', row.id).where('post_id', '=', row.post_id).returning('hidden_at').executeTakeFirst();
      if (!deleted) return false;
      if (row.parent_id === null && deleted.hidden_at === null) {
        await trx
          .updateTable('posts')
          .set({ comment_count: sql<number>`case when comment_count > 0 then comment_count - 1 else 0 end` })
          .where('id', '=', row.post_id)
          .execute();
      }
      return true;
    });
  }

  /** How many comments and replies an account wrote (comments_author). */
  async countBy(accountId: string): Promise<number> {
    const r = await this.db.selectFrom('comments').select((eb) => eb.fn.countAll<number | string>().as('n')).where('author_id', '=', accountId).executeTakeFirstOrThrow();
    return Number(r.n);
  }
}
