/**
 * Following's queries (issue 27 item 5): one account's follow of one report (primary key), the kept
 * follower_count, and the follow notifier's reads: the oldest fan-outs, and a report's followers in
 * account order after a cursor (the primary key's range), a batch at a time.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { EventList } from '../../events/index.js';
import type { UnitOfWork } from '../../events/unitOfWork.js';
import type { DB, FollowFanoutTable } from '../../db/types.js';

export class FollowsRepo {
  private readonly db: Kysely<DB>;
  constructor(private readonly work: UnitOfWork) {
    this.db = work.db;
  }

  /** The report's follower count and whether `accountId` follows it; undefined: no such report. */
  async state(postId: string, accountId: string): Promise<{ following: boolean; followerCount: number } | undefined> {
    const row = await this.db
      .selectFrom('posts as p')
      .leftJoin('follows as f', (j) => j.onRef('f.post_id', '=', 'p.id').on('f.account_id', '=', accountId))
      .select(['p.follower_count', 'f.account_id'])
      .where('p.id', '=', postId)
      .executeTakeFirst();
    return row ? { following: row.account_id !== null, followerCount: Number(row.follower_count) } : undefined;
  }

  /** Follows (true) or stops following (false), keeping the count; answers the count after, or null when the report is gone. */
  async set(postId: string, accountId: string, follow: boolean, at: string): Promise<number | null> {
    return this.work.run(undefined, async (trx) => {
      // A report deleted meanwhile: its foreign key would fail the insert; the answer is "not found".
      let exists = trx.selectFrom('posts').select('id').where('id', '=', postId);
      if (this.work.engine === 'postgres') exists = exists.forKeyShare();
      if (!(await exists.executeTakeFirst())) return null;
      let changed: boolean;
      if (follow) {
        const r = await trx.insertInto('follows').values({ post_id: postId, account_id: accountId, created_at: at }).onConflict((oc) => oc.doNothing()).executeTakeFirst();
        changed = Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
      } else {
        const r = await trx.deleteFrom('follows').where('post_id', '=', postId).where('account_id', '=', accountId).executeTakeFirst();
        changed = Number(r.numDeletedRows) > 0;
      }
      if (changed) await trx.updateTable('posts').set({ follower_count: sql<number>`follower_count + ${follow ? 1 : -1}` }).where('id', '=', postId).execute();
      const row = await trx.selectFrom('posts').select('follower_count').where('id', '=', postId).executeTakeFirst();
      return row ? Number(row.follower_count) : null;
    }, () => true);
  }

  /**
   * Duplicates, in the mark's transaction: the duplicate's followers follow the original too (those who
   * did not already), keeping its count; answers who was added.
   */
  async copyFollows(trx: Transaction<DB>, fromPostId: string, toPostId: string, at: string): Promise<string[]> {
    const added = await trx
      .insertInto('follows')
      .columns(['post_id', 'account_id', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('follows as f')
          .select([sql.val(toPostId).as('post_id'), 'f.account_id', sql.val(at).as('created_at')])
          .where('f.post_id', '=', fromPostId)
          .where((w) => w.not(w.exists(w.selectFrom('follows as o').select('o.account_id').where('o.post_id', '=', toPostId).whereRef('o.account_id', '=', 'f.account_id')))),
      )
      .returning('account_id')
      .execute();
    if (added.length) await trx.updateTable('posts').set({ follower_count: sql<number>`follower_count + ${added.length}` }).where('id', '=', toPostId).execute();
    return added.map((r) => r.account_id);
  }

  /** Duplicates, in the un-mark's transaction: removes the follows a mark added that are still as added (same time), keeping the count. */
  async removeCopied(trx: Transaction<DB>, postId: string, copied: Array<{ account_id: string; created_at: string }>): Promise<number> {
    let removed = 0;
    for (let i = 0; i < copied.length; i += 200) {
      const slice = copied.slice(i, i + 200);
      const r = await trx
        .deleteFrom('follows')
        .where('post_id', '=', postId)
        .where((eb) => eb.or(slice.map((c) => eb.and([eb('account_id', '=', c.account_id), eb('created_at', '=', c.created_at)]))))
        .executeTakeFirst();
      removed += Number(r.numDeletedRows);
    }
    if (removed) await trx.updateTable('posts').set({ follower_count: sql<number>`follower_count - ${removed}` }).where('id', '=', postId).execute();
    return removed;
  }

  fanouts(limit: number): Promise<FollowFanoutTable[]> {
    return this.db.selectFrom('follow_fanouts').selectAll().orderBy('created_at').orderBy('id').limit(limit).execute();
  }

  /** Up to `limit` followers of a report after `afterAccount`, in account order. */
  async followers(postId: string, afterAccount: string | null, limit: number): Promise<string[]> {
    let q = this.db.selectFrom('follows').select('account_id').where('post_id', '=', postId);
    if (afterAccount !== null) q = q.where('account_id', '>', afterAccount);
    return (await q.orderBy('account_id').limit(limit).execute()).map((r) => r.account_id);
  }

  /** A batch's notifications (in `events`) with the cursor's move, or with the fan-out's end (compare-and-set on the cursor). */
  async advance(id: string, from: string | null, to: string | null, done: boolean, events: EventList): Promise<boolean> {
    return this.work.run(events, async (trx) => {
      if (done) {
        const del = trx.deleteFrom('follow_fanouts').where('id', '=', id);
        const r = await (from === null ? del.where('after_account', 'is', null) : del.where('after_account', '=', from)).executeTakeFirst();
        return Number(r.numDeletedRows) === 1;
      }
      const upd = trx.updateTable('follow_fanouts').set({ after_account: to }).where('id', '=', id);
      const r = await (from === null ? upd.where('after_account', 'is', null) : upd.where('after_account', '=', from)).executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    });
  }
}
