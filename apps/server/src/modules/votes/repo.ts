import { sql, type Kysely, type Transaction } from 'kysely';
import type { VoteType } from '@civicpulse/shared';
import { inChunks, isRowId } from '../../db/chunks.js';
import type { Engine } from '../../db/index.js';
import type { VoteRow } from '../../db/rows.js';
import type { DB } from '../../db/types.js';
import type { EventList } from '../../events/index.js';
import { holdAccounts } from '../../events/store.js';
import type { UnitOfWork } from '../../events/unitOfWork.js';

/** Position in a voted list: [vote time, post id]. */
export type VotedKey = [votedAt: string, postId: string];

const isIsoTime = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(v);

/** A voted list cursor's parts as a position, or null when they are not [ISO time, row id]. */
export function toVotedKey(parts: ReadonlyArray<string | number>): VotedKey | null {
  return parts.length === 2 && isIsoTime(parts[0]) && isRowId(parts[1]) ? [parts[0], parts[1]] : null;
}

/**
 * The read behind VotesRepo.votes (exported for the plan test in scale-counters-plans.test.ts): each
 * post's `perPost` most recent votes, and any more cast in the millisecond of the last of them (the
 * presenter trims), ordered by post, then most recent first, ties by account id descending. The same
 * rows on both engines.
 *
 * - SQLite: each post's cut-off (its perPost-th most recent vote's time) is a correlated subquery on
 *   votes_post_recent, and the post's votes from that time on are one range of the same index.
 * - PostgreSQL: a LATERAL subquery per post walking votes_post_recent backwards, `FETCH ... WITH
 *   TIES` keeping the cut-off millisecond's other votes. PostgreSQL ran the cut-off form's subquery
 *   as a join filter, again for every vote of the post: for a page holding a report with 6,000 votes
 *   it read 616,302 rows with statistics and 36 million (22 s) without, as on a freshly loaded
 *   database (the plan test). This form reads 200 and 6,100 there.
 */
export function recentVotesQuery(db: Kysely<DB>, engine: Engine, ids: string[], perPost: number) {
  if (engine === 'postgres') {
    return db
      .selectFrom('posts as p')
      .innerJoinLateral(
        (eb) =>
          eb
            .selectFrom('votes')
            .select(['votes.post_id', 'votes.account_id', 'votes.type', 'votes.created_at'])
            .whereRef('votes.post_id', '=', 'p.id')
            .orderBy('votes.created_at', 'desc')
            .fetch(perPost, 'with ties')
            .as('v'),
        (join) => join.onTrue(),
      )
      .select(['v.post_id', 'v.account_id', 'v.type'])
      .where('p.id', 'in', ids)
      .orderBy('v.post_id')
      .orderBy('v.created_at', 'desc')
      .orderBy('v.account_id', 'desc');
  }
  return db
    .selectFrom('posts as p')
    .innerJoin('votes', (join) =>
      join.onRef('votes.post_id', '=', 'p.id').on((eb) =>
        eb(
          'votes.created_at',
          '>=',
          eb.fn.coalesce(
            eb
              .selectFrom('votes as cut')
              .select('cut.created_at')
              .whereRef('cut.post_id', '=', 'p.id')
              .orderBy('cut.created_at', 'desc')
              .limit(1)
              .offset(perPost - 1),
            sql.lit(''),
          ),
        ),
      ),
    )
    .select(['votes.post_id', 'votes.account_id', 'votes.type'])
    .where('p.id', 'in', ids)
    .orderBy('votes.post_id')
    .orderBy('votes.created_at', 'desc')
    .orderBy('votes.account_id', 'desc');
}

/**
 * Recounts a post's kept vote counts from its votes and writes them, in one statement of the write's
 * transaction (it sees the transaction's own vote change), so they never drift from the rows.
 */
async function recount(trx: Transaction<DB>, postId: string): Promise<{ upvotes: number; downvotes: number }> {
  // One range of votes_post_recent for both counts (a subquery per count would read it twice).
  const counted = trx
    .selectFrom('votes')
    .select((eb) => [
      eb.fn.count<number>(eb.case().when('type', '=', 'upvote').then(1).end()).as('up'),
      eb.fn.count<number>(eb.case().when('type', '=', 'downvote').then(1).end()).as('down'),
    ])
    .where('post_id', '=', postId)
    .as('c');
  const counts = await trx
    .updateTable('posts')
    .from(counted)
    .set((eb) => ({ upvote_count: eb.ref('c.up'), downvote_count: eb.ref('c.down') }))
    .where('posts.id', '=', postId)
    .returning(['posts.upvote_count', 'posts.downvote_count'])
    .executeTakeFirstOrThrow();
  return { upvotes: Number(counts.upvote_count), downvotes: Number(counts.downvote_count) };
}

/** The votes table: one vote per account and post, and the posts' kept vote counts written with it. */
export class VotesRepo {
  constructor(
    private readonly work: UnitOfWork,
    private readonly db: Kysely<DB> = work.db,
    private readonly engine: Engine = work.engine,
  ) {}

  /**
   * The posts an account voted on with this type, most recent vote first, paged by (vote time, post id)
   * on the votes_account_recent index; the posts themselves are read by id (PostsService.byIds).
   */
  votedPage(accountId: string, type: VoteType, opts: { after?: VotedKey | null; limit: number }): Promise<Array<{ post_id: string; voted_at: string }>> {
    let q = this.db
      .selectFrom('votes')
      .select(['votes.post_id', 'votes.created_at as voted_at'])
      .where('votes.account_id', '=', accountId)
      .where('votes.type', '=', type);
    const after = opts.after;
    if (after) {
      q = q.where((eb) =>
        eb.or([eb('votes.created_at', '<', after[0]), eb.and([eb('votes.created_at', '=', after[0]), eb('votes.post_id', '<', after[1])])]),
      );
    }
    return q.orderBy('votes.created_at', 'desc').orderBy('votes.post_id', 'desc').limit(opts.limit).execute();
  }

  /**
   * The most recent votes of each post, at least `perPost` of them when it has that many (a few more
   * only when several share the cut-off millisecond; the presenter trims). Each post is one bounded
   * range of votes_post_recent however many votes it has (recentVotesQuery).
   */
  votes(postIds: string[], perPost: number): Promise<VoteRow[]> {
    return inChunks(postIds, (ids) => recentVotesQuery(this.db, this.engine, ids, perPost).execute());
  }

  /** The viewer's own vote on each of the posts (primary key lookups). */
  myVotes(postIds: string[], accountId: string): Promise<VoteRow[]> {
    return inChunks(postIds, (ids) =>
      this.db.selectFrom('votes').select(['post_id', 'account_id', 'type']).where('account_id', '=', accountId).where('post_id', 'in', ids).execute(),
    );
  }

  /**
   * Applies one vote decision atomically. On PostgreSQL the post row is locked so parallel votes
   * on a post queue up; SQLite runs one write transaction at a time anyway. Counts are recounted
   * from the votes table, so they can never drift from the rows. A hot post takes its votes one lock
   * at a time, and each round trip under the lock waits its turn on a busy event loop: the recount is
   * written in the statement that counts (five round trips under the lock, not six).
   */
  async applyVote(
    postId: string,
    accountId: string,
    decide: (current: VoteType | null) => VoteType | null,
    now: string,
    events: EventList,
  ): Promise<{ found: boolean; vote: VoteType | null; upvotes: number; downvotes: number; duplicate?: true }> {
    return this.work.run(events, async (trx) => {
      if (this.engine === 'postgres') await holdAccounts(trx, this.engine, [accountId]);
      let lock = trx.selectFrom('posts').select(['id', 'duplicate_of', 'hidden_at']).where('id', '=', postId);
      if (this.engine === 'postgres') lock = lock.forUpdate();
      const post = await lock.executeTakeFirst();
      // A report hidden by moderation takes no votes: to voters it is not there.
      if (!post || post.hidden_at) return { found: false, vote: null, upvotes: 0, downvotes: 0 };
      // A duplicate's votes went to its original (duplicates); it takes no more (read under the row lock a mark takes too).
      if (post.duplicate_of !== null) return { found: true, vote: null, upvotes: 0, downvotes: 0, duplicate: true };
      // Read after the lock, in a statement of its own: on PostgreSQL it then sees a vote the account's
      // parallel request committed while this one waited (a join in the locking read would not: read
      // committed re-checks only the locked row, the joined rows stay as the statement first saw them).
      const existing = await trx
        .selectFrom('votes')
        .select('type')
        .where('post_id', '=', postId)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      const next = decide(existing?.type ?? null);
      if (next === null) {
        await trx.deleteFrom('votes').where('post_id', '=', postId).where('account_id', '=', accountId).execute();
      } else if (existing) {
        await trx.updateTable('votes').set({ type: next, created_at: now }).where('post_id', '=', postId).where('account_id', '=', accountId).execute();
      } else {
        await trx.insertInto('votes').values({ post_id: postId, account_id: accountId, type: next, created_at: now }).execute();
      }
      const { upvotes, downvotes } = await recount(trx, postId);
      return { found: true, vote: next, upvotes, downvotes };
    }, (r) => r.found && !r.duplicate);
  }

  /**
   * Duplicates, in the mark's transaction (the caller holds both posts' rows): gives the original a vote
   * of the same type for each voter of the duplicate who has none there (never a second vote), recounts
   * its kept counts and answers the votes added.
   */
  async copyVotes(trx: Transaction<DB>, fromPostId: string, toPostId: string, at: string): Promise<Array<{ account_id: string; type: VoteType }>> {
    const added = await trx
      .insertInto('votes')
      .columns(['post_id', 'account_id', 'type', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('votes as v')
          .select([sql.val(toPostId).as('post_id'), 'v.account_id', 'v.type', sql.val(at).as('created_at')])
          .where('v.post_id', '=', fromPostId)
          .where((w) => w.not(w.exists(w.selectFrom('votes as o').select('o.account_id').where('o.post_id', '=', toPostId).whereRef('o.account_id', '=', 'v.account_id')))),
      )
      .returning(['account_id', 'type'])
      .execute();
    if (added.length) await recount(trx, toPostId);
    return added;
  }

  /**
   * Duplicates, in the un-mark's transaction: removes from the post the votes a mark added that are still
   * as added (same type, same time: a voter who changed or removed theirs since keeps their own), and
   * recounts. Answers how many went.
   */
  async removeCopied(trx: Transaction<DB>, postId: string, copied: Array<{ account_id: string; type: VoteType; created_at: string }>): Promise<number> {
    let removed = 0;
    for (let i = 0; i < copied.length; i += 200) {
      const slice = copied.slice(i, i + 200);
      const r = await trx
        .deleteFrom('votes')
        .where('post_id', '=', postId)
        .where((eb) => eb.or(slice.map((c) => eb.and([eb('account_id', '=', c.account_id), eb('type', '=', c.type), eb('created_at', '=', c.created_at)]))))
        .executeTakeFirst();
      removed += Number(r.numDeletedRows);
    }
    if (removed) await recount(trx, postId);
    return removed;
  }

  /** How many votes an account has given (votes_account_recent). */
  async countBy(accountId: string): Promise<number> {
    const r = await this.db.selectFrom('votes').select((eb) => eb.fn.countAll<number | string>().as('n')).where('account_id', '=', accountId).executeTakeFirstOrThrow();
    return Number(r.n);
  }
}
