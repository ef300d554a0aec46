/**
 * Transfers and appeals over the database (department teams): each a compare-and-set on the report with
 * its history entry in one transaction, so a concurrent move turns into a clean 409, never a lost one.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ProgressState } from '@civicpulse/shared';
import type { HistoryRow } from '../../db/rows.js';
import type { AppealTable, DB } from '../../db/types.js';
import type { Engine } from '../../db/index.js';
import type { EventList } from '../../events/index.js';
import { holdAccounts } from '../../events/store.js';
import type { UnitOfWork } from '../../events/unitOfWork.js';

export type AppealRow = Selectable<AppealTable>;

export interface TransferChange {
  postId: string;
  expect: { progressState: ProgressState; assignedGovernment: string | null; assignedOfficer: string | null };
  /** The receiving department (at Problem Seen), or null: the admin's triage queue (at Unseen). */
  target: string | null;
  slaNextAt: string | null;
  history: Omit<HistoryRow, 'post_id'>;
}

export interface AppealAnswerChange {
  postId: string;
  status: 'upheld' | 'dismissed';
  response: string;
  at: string;
  by: { id: string; name: string };
  /** Upheld on a finished report: it opens again at Work Started (the department's resolved count goes back). */
  reopen?: { expectState: ProgressState; department: string | null; slaNextAt: string | null } | undefined;
  history: Omit<HistoryRow, 'post_id'>;
}

export class CaseworkRepo {
  private readonly db: Kysely<DB>;
  private readonly engine: Engine;
  constructor(private readonly work: UnitOfWork) {
    this.db = work.db;
    this.engine = work.engine;
  }

  async isRoutedTo(postId: string, departmentId: string): Promise<boolean> {
    const row = await this.db.selectFrom('post_routes').select('post_id').where('department_id', '=', departmentId).where('post_id', '=', postId).executeTakeFirst();
    return row !== undefined;
  }

  /** A verified department (not a member account) by id, with its name. */
  department(id: string) {
    return this.db
      .selectFrom('accounts')
      .select(['id', 'name', 'city'])
      .where('id', '=', id)
      .where('role', '=', 'government')
      .where('department_id', 'is', null)
      .where('is_verified', '=', 1)
      .executeTakeFirst();
  }

  /** Verified departments by name (accounts_role_verified; the text filter checks the bounded range). */
  departments(q: string | undefined, limit: number) {
    let query = this.db
      .selectFrom('accounts')
      .select(['id', 'name', 'city'])
      .where('role', '=', 'government')
      .where('is_verified', '=', 1)
      .where('department_id', 'is', null);
    if (q) query = query.where(sql<boolean>`lower(name) like ${`%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`);
    return query.orderBy('name').orderBy('id').limit(limit).execute();
  }

  /** Active members besides the department account: none makes a one-person department. */
  async memberCount(departmentId: string): Promise<number> {
    const r = await this.db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('department_id', '=', departmentId)
      .where('deactivated_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  transfer(change: TransferChange, events: EventList): Promise<boolean> {
    return this.work.run(events, async (trx) => {
      const present = await holdAccounts(trx, this.engine, [change.target]);
      if (change.target && !present.has(change.target)) return false;
      let update = trx
        .updateTable('posts')
        .set({
          progress_state: change.target ? 'Problem Seen' : 'Unseen',
          current_state: 'In Progress',
          assigned_government: change.target,
          assigned_officer: null,
          needs_triage: change.target ? 0 : 1,
          final_caption: null,
          sla_next_at: change.slaNextAt,
        })
        .where('id', '=', change.postId)
        .where('progress_state', '=', change.expect.progressState);
      update = change.expect.assignedGovernment === null ? update.where('assigned_government', 'is', null) : update.where('assigned_government', '=', change.expect.assignedGovernment);
      update = change.expect.assignedOfficer === null ? update.where('assigned_officer', 'is', null) : update.where('assigned_officer', '=', change.expect.assignedOfficer);
      const r = await update.executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false;
      // Held by a department now, or waiting for the admins: on nobody's View Issues.
      await trx.deleteFrom('post_routes').where('post_id', '=', change.postId).execute();
      await trx.insertInto('progress_history').values({ ...change.history, post_id: change.postId }).execute();
      return true;
    });
  }

  /** What an appeal is allowed on: the rejected fixes, a "Not satisfied" rating, the appeal if any. */
  async appealFacts(postId: string): Promise<{ rejections: number; notSatisfied: boolean; appeal: AppealRow | null }> {
    const [rejections, rating, appeal] = await Promise.all([
      this.db
        .selectFrom('progress_history')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('post_id', '=', postId)
        .where('action', '=', 'reject')
        .executeTakeFirstOrThrow(),
      this.db.selectFrom('post_ratings').select('rating').where('post_id', '=', postId).executeTakeFirst(),
      this.db.selectFrom('appeals').selectAll().where('post_id', '=', postId).executeTakeFirst(),
    ]);
    return { rejections: Number(rejections.n), notSatisfied: rating?.rating === 'notSatisfied', appeal: appeal ?? null };
  }

  /** Stores the appeal and its timeline entry; false when the report already has one (its key) or is gone. */
  async appeal(row: AppealRow, history: Omit<HistoryRow, 'post_id'>, events: EventList): Promise<boolean> {
    return this.work.run(events, async (trx) => {
      const exists = await trx.selectFrom('appeals').select('post_id').where('post_id', '=', row.post_id).executeTakeFirst();
      if (exists) return false;
      const post = await trx.selectFrom('posts').select('id').where('id', '=', row.post_id).executeTakeFirst();
      if (!post) return false;
      await trx.insertInto('appeals').values(row).onConflict((oc) => oc.column('post_id').doNothing()).execute();
      const mine = await trx.selectFrom('appeals').select('created_at').where('post_id', '=', row.post_id).executeTakeFirst();
      if (mine?.created_at !== row.created_at) return false;
      await trx.insertInto('progress_history').values({ ...history, post_id: row.post_id }).execute();
      return true;
    });
  }

  answer(change: AppealAnswerChange, events: EventList): Promise<boolean> {
    return this.work.run(events, async (trx) => {
      const r = await trx
        .updateTable('appeals')
        .set({ status: change.status, response: change.response, answered_at: change.at, answered_by: change.by.id, answered_by_name: change.by.name })
        .where('post_id', '=', change.postId)
        .where('status', '=', 'open')
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false;
      if (change.reopen) {
        const reopened = await trx
          .updateTable('posts')
          .set({ progress_state: 'Work Started', current_state: 'In Progress', finished: 0, resolved_at: null, final_caption: null, sla_next_at: change.reopen.slaNextAt })
          .where('id', '=', change.postId)
          .where('progress_state', '=', change.reopen.expectState)
          .executeTakeFirst();
        if (Number(reopened.numUpdatedRows) !== 1) throw new ConcurrentChange();
        // Its proof goes with the fix that did not hold, like a rejection's.
        await trx.updateTable('post_images').set({ kind: 'rejected', history_id: change.history.id }).where('post_id', '=', change.postId).where('kind', '=', 'final').execute();
        if (change.reopen.department && change.reopen.expectState === 'Finished') {
          await trx
            .updateTable('accounts')
            .set((eb) => ({ resolved_issues_count: eb('resolved_issues_count', '-', 1) }))
            .where('id', '=', change.reopen.department)
            .where('resolved_issues_count', '>', 0)
            .execute();
        }
      }
      await trx.insertInto('progress_history').values({ ...change.history, post_id: change.postId }).execute();
      return true;
    }).catch((err: unknown) => {
      if (err instanceof ConcurrentChange) return false;
      throw err;
    });
  }

  /** Open appeals, soonest due first: a department's, or (admin) the admins' own and every overdue one. */
  openAppeals(scope: { department: string } | { admin: true; now: string }, after: { dueAt: string; postId: string } | null, limit: number) {
    let q = this.db
      .selectFrom('appeals')
      .innerJoin('posts', 'posts.id', 'appeals.post_id')
      .selectAll('appeals')
      .select(['posts.caption', 'posts.reference'])
      .where('appeals.status', '=', 'open');
    q = 'department' in scope
      ? q.where('appeals.department_id', '=', scope.department)
      : q.where((eb) => eb.or([eb('appeals.handler', '=', 'admin'), eb('appeals.due_at', '<', scope.now)]));
    if (after) q = q.where((eb) => eb.or([eb('appeals.due_at', '>', after.dueAt), eb.and([eb('appeals.due_at', '=', after.dueAt), eb('appeals.post_id', '>', after.postId)])]));
    return q.orderBy('appeals.due_at').orderBy('appeals.post_id').limit(limit).execute();
  }

  async appealOf(postId: string) {
    return this.db
      .selectFrom('appeals')
      .innerJoin('posts', 'posts.id', 'appeals.post_id')
      .selectAll('appeals')
      .select(['posts.caption', 'posts.reference'])
      .where('appeals.post_id', '=', postId)
      .executeTakeFirst();
  }
}

class ConcurrentChange extends Error {}
