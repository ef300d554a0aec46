/**
 * A department's team (migration 024): its members (the department account and the accounts whose
 * department_id names it, accounts_department), its open invitations (team_invites by (department,
 * email)) and the assignment of its reports to members (posts.assigned_officer, posts_team_*).
 */
import type { Kysely, Selectable } from 'kysely';
import type { AccountRow, NewAccount } from '../../db/rows.js';
import type { DB, InternalNoteTable, ResponseTemplateTable, TeamInviteTable } from '../../db/types.js';
import type { EventList } from '../../events/index.js';
import type { UnitOfWork } from '../../events/unitOfWork.js';

export type InviteRow = Selectable<TeamInviteTable>;
export type TemplateRow = Selectable<ResponseTemplateTable>;
export type MemberRow = Pick<AccountRow, 'id' | 'name' | 'email' | 'team_role' | 'department_id' | 'created_at'>;

export interface AssignChange {
  postId: string;
  department: string;
  /** Compare-and-set: the report is still this department's and assigned to this member (null: nobody). */
  expectOfficer: string | null;
  officer: string | null;
  /** A reassignment's reason, kept as an internal note in the same transaction (department and admins read it). */
  note?: Selectable<InternalNoteTable> | undefined;
}

export class TeamRepo {
  private readonly db: Kysely<DB>;
  constructor(private readonly work: UnitOfWork) {
    this.db = work.db;
  }

  /** The department and its active members, oldest first (bounded: TEAM_LIMITS.membersMax). */
  members(departmentId: string, limit: number): Promise<MemberRow[]> {
    return this.db
      .selectFrom('accounts')
      .select(['id', 'name', 'email', 'team_role', 'department_id', 'created_at'])
      .where((eb) => eb.or([eb('id', '=', departmentId), eb('department_id', '=', departmentId)]))
      .where('deactivated_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** One member of the department (the department account itself included), active or not. */
  member(departmentId: string, id: string): Promise<MemberRow & { deactivated_at: string | null } | undefined> {
    return this.db
      .selectFrom('accounts')
      .select(['id', 'name', 'email', 'team_role', 'department_id', 'created_at', 'deactivated_at'])
      .where('id', '=', id)
      .where((eb) => eb.or([eb('id', '=', departmentId), eb('department_id', '=', departmentId)]))
      .where('role', '=', 'government')
      .executeTakeFirst();
  }

  async hasAccount(email: string): Promise<boolean> {
    return (await this.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirst()) !== undefined;
  }

  async name(accountId: string): Promise<string | undefined> {
    return (await this.db.selectFrom('accounts').select('name').where('id', '=', accountId).executeTakeFirst())?.name;
  }

  /** Open reports per member: one range of posts_team_new (the department's open, assigned reports). */
  async openAssigned(departmentId: string): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('posts')
      .select(['assigned_officer', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('assigned_government', '=', departmentId)
      .where('assigned_officer', 'is not', null)
      .where('finished', '=', 0)
      .groupBy('assigned_officer')
      .execute();
    return new Map(rows.map((r) => [r.assigned_officer!, Number(r.n)]));
  }

  /** Open (unaccepted, unexpired) invitations, newest first. */
  invites(departmentId: string, now: string, limit: number): Promise<InviteRow[]> {
    return this.db
      .selectFrom('team_invites')
      .selectAll()
      .where('department_id', '=', departmentId)
      .where('accepted_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  }

  /** Active members and open invitations together: what the team's size limit counts. */
  async size(departmentId: string, now: string): Promise<number> {
    const m = await this.db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('department_id', '=', departmentId)
      .where('deactivated_at', 'is', null)
      .executeTakeFirstOrThrow();
    const i = await this.db
      .selectFrom('team_invites')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('department_id', '=', departmentId)
      .where('accepted_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    return Number(m.n) + Number(i.n);
  }

  /** Stores an invitation with its email; one per (department, email): a new one replaces the old. */
  invite(row: InviteRow, events: EventList): Promise<boolean> {
    return this.work.run(events, async (trx) => {
      const dept = await trx.selectFrom('accounts').select('id').where('id', '=', row.department_id).executeTakeFirst();
      if (!dept) return false;
      await trx.deleteFrom('team_invites').where('department_id', '=', row.department_id).where('email', '=', row.email).execute();
      await trx.insertInto('team_invites').values(row).execute();
      return true;
    });
  }

  revoke(departmentId: string, id: string): Promise<boolean> {
    return this.work.run(undefined, async (trx) => {
      const r = await trx.deleteFrom('team_invites').where('id', '=', id).where('department_id', '=', departmentId).where('accepted_at', 'is', null).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    });
  }

  /** An open invitation by its token's hash, with its department's name. */
  openInvite(hash: string, now: string) {
    return this.db
      .selectFrom('team_invites as i')
      .innerJoin('accounts as d', 'd.id', 'i.department_id')
      .selectAll('i')
      .select('d.name as department_name')
      .where('i.token_hash', '=', hash)
      .where('i.accepted_at', 'is', null)
      .where('i.expires_at', '>', now)
      .executeTakeFirst();
  }

  /**
   * Accepting: the invitation is used by a compare-and-set (of two uses exactly one works) and the
   * member's account inserted in the same transaction. 'taken': the email got an account meanwhile.
   */
  accept(inviteId: string, now: string, account: NewAccount): Promise<'joined' | 'gone' | 'taken'> {
    return this.work.run(undefined, async (trx) => {
      const used = await trx.updateTable('team_invites').set({ accepted_at: now }).where('id', '=', inviteId).where('accepted_at', 'is', null).executeTakeFirst();
      if (Number(used.numUpdatedRows) === 0) return 'gone' as const;
      const taken = await trx.selectFrom('accounts').select('id').where('email', '=', account.email).executeTakeFirst();
      if (taken) throw new EmailTaken();
      await trx.insertInto('accounts').values(account).execute();
      return 'joined' as const;
    }).catch((err: unknown) => {
      if (err instanceof EmailTaken) return 'taken' as const;
      throw err;
    });
  }

  /**
   * Removing a member: the account stays (its moves and notes keep their byline) but is deactivated and
   * its sessions end; its open reports go back to the department's unassigned queue.
   */
  remove(departmentId: string, memberId: string, now: string, nowSeconds: number, events: EventList): Promise<boolean> {
    return this.work.run(events, async (trx) => {
      const r = await trx
        .updateTable('accounts')
        .set({ deactivated_at: now, sessions_from: nowSeconds + 1, updated_at: now })
        .where('id', '=', memberId)
        .where('department_id', '=', departmentId)
        .where('deactivated_at', 'is', null)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) return false;
      await trx.updateTable('posts').set({ assigned_officer: null }).where('assigned_officer', '=', memberId).where('finished', '=', 0).execute();
      await trx.deleteFrom('push_subscriptions').where('account_id', '=', memberId).execute();
      return true;
    });
  }

  /** Assigns a report within its department (compare-and-set on the department and the member it had). */
  assign(change: AssignChange, events: EventList): Promise<boolean> {
    return this.work.run(events, async (trx) => {
      let q = trx
        .updateTable('posts')
        .set({ assigned_officer: change.officer })
        .where('id', '=', change.postId)
        .where('assigned_government', '=', change.department);
      q = change.expectOfficer === null ? q.where('assigned_officer', 'is', null) : q.where('assigned_officer', '=', change.expectOfficer);
      const r = await q.executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) return false;
      if (change.note) await trx.insertInto('internal_notes').values(change.note).execute();
      return true;
    });
  }
}

// ---- response templates ----

export class TemplatesRepo {
  constructor(private readonly db: Kysely<DB>) {}

  /** A department's templates by title (response_templates_department; at most TEAM_LIMITS.templatesMax). */
  list(departmentId: string, limit: number): Promise<TemplateRow[]> {
    return this.db.selectFrom('response_templates').selectAll().where('department_id', '=', departmentId).orderBy('title').orderBy('id').limit(limit).execute();
  }

  /** Inserts unless the department already keeps `max` (counted in the same statement's transaction). */
  async add(row: TemplateRow, max: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const n = await trx.selectFrom('response_templates').select((eb) => eb.fn.countAll<number | string>().as('n')).where('department_id', '=', row.department_id).executeTakeFirstOrThrow();
      if (Number(n.n) >= max) return false;
      await trx.insertInto('response_templates').values(row).execute();
      return true;
    });
  }

  async edit(departmentId: string, id: string, patch: { title: string; body: string; updated_at: string }): Promise<TemplateRow | undefined> {
    const r = await this.db.updateTable('response_templates').set(patch).where('id', '=', id).where('department_id', '=', departmentId).executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return undefined;
    return this.db.selectFrom('response_templates').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async remove(departmentId: string, id: string): Promise<boolean> {
    const r = await this.db.deleteFrom('response_templates').where('id', '=', id).where('department_id', '=', departmentId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** Each member's kept figures and finish-time buckets (member_metrics, member_finish_buckets: one department's rows). */
  async metrics(departmentId: string) {
    const [rows, buckets] = await Promise.all([
      this.db.selectFrom('member_metrics').selectAll().where('department_id', '=', departmentId).execute(),
      this.db.selectFrom('member_finish_buckets').selectAll().where('department_id', '=', departmentId).execute(),
    ]);
    return { rows, buckets };
  }
}

class EmailTaken extends Error {}
