import { sql, type CompiledQuery, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { AccountTable, DB, ProgressHistoryTable } from '../../db/types.js';
import type { AccountRow, NewAccount } from '../../db/rows.js';
import { NAMED_STATEMENT, type Engine } from '../../db/index.js';
import type { EventList } from '../../events/index.js';
import type { UnitOfWork } from '../../events/unitOfWork.js';
import { contains } from '../../db/search.js';
import { ANONYMOUS_NAME, NOTIFICATION_KINDS } from '@civicpulse/shared';

/**
 * Every column of an account, by name: the session's read names them instead of `*`, so a column a
 * later migration adds (a rolling update: the new version migrates while the old one still serves)
 * does not change the result of the statement each connection keeps prepared, which PostgreSQL would
 * refuse ("cached plan must not change result type"). A Record, so the compiler holds it to AccountTable.
 */
const ACCOUNT_COLUMNS: Record<keyof AccountTable, true> = {
  id: true,
  role: true,
  email: true,
  password_hash: true,
  name: true,
  admin_secret_hash: true,
  profile_photo: true,
  phone: true,
  dob: true,
  gender: true,
  city: true,
  bio: true,
  address: true,
  state: true,
  pincode: true,
  landmark: true,
  social_links: true,
  is_verified: true,
  department: true,
  designation: true,
  jurisdiction_area: true,
  alternate_contact: true,
  office_address: true,
  id_proof_type: true,
  id_proof_number: true,
  website: true,
  proof_doc_key: true,
  proof_doc_type: true,
  resolved_issues_count: true,
  post_count: true,
  suspended_until: true,
  suspension_reason: true,
  revoked_reason: true,
  public_fields: true,
  profile_photo_small: true,
  sessions_from: true,
  notification_prefs: true,
  unread_notifications: true,
  language: true,
  department_id: true,
  team_role: true,
  deactivated_at: true,
  email_verified_at: true,
  email_prefs: true,
  digest_since: true,
  created_at: true,
  updated_at: true,
};

export interface AccountListOptions {
  role?: AccountRow['role'] | undefined;
  q?: string | undefined;
  /** Keyset position: the last row's id (newest first). */
  after?: string | null;
  limit: number;
}

export interface GovernmentListOptions {
  verified?: boolean | undefined;
  q?: string | undefined;
  /** Keyset position: [is_verified, id] of the last row (pending first, then newest first). */
  after?: [verified: number, id: string] | null;
  limit: number;
}

/** What deleting an account removed: files to delete from storage after the commit. */
export interface DeletedAccount {
  fileKeys: string[];
  releasedPosts: number;
  /** A deleted department's open reports, back to Unseen: to be routed to the departments whose jurisdiction takes them. */
  releasedIds: string[];
  recountedPosts: number;
}

/**
 * Resolved reports outlive their reporter's account (deleteCascade): their authorship moves to this one
 * system account, created the first time it is needed. Like an Open311 partner's system account it can
 * never sign in (not a scrypt hash, a reserved .invalid address, deactivated) and hears of nothing (every
 * notification kind off, no verified address). Its name is the anonymous resident's, and each report it
 * holds is marked anonymous, so everyone reads "A resident"; the department's moves keep their byline.
 * It cannot be deleted itself (that would take the reports along).
 */
export const FORMER_RESIDENTS_ID = '000000000000000000000001';

async function inChunks(ids: string[], run: (slice: string[]) => Promise<unknown>, size = 500): Promise<void> {
  for (let i = 0; i < ids.length; i += size) await run(ids.slice(i, i + size));
}

export class AccountsRepo {
  constructor(
    private readonly work: UnitOfWork,
    private readonly db: Kysely<DB> = work.db,
    private readonly engine: Engine = work.engine,
  ) {}

  /**
   * Every authenticated request reads its account by id: the statement is compiled once and run with
   * the id as its one parameter, instead of built and compiled anew each time, and on PostgreSQL each
   * connection keeps it prepared (NAMED_STATEMENT): parsed and planned once, not on every request
   * (measured 261 → 172 µs a read on a 100k-post database, most of it PostgreSQL's own CPU).
   */
  private byId: CompiledQuery<AccountRow> | undefined;

  async findById(id: string): Promise<AccountRow | undefined> {
    if (!this.byId) {
      const compiled = this.db
        .selectFrom('accounts')
        .select(Object.keys(ACCOUNT_COLUMNS) as Array<keyof AccountTable>)
        .where('id', '=', '')
        .compile() as CompiledQuery<AccountRow>;
      this.byId = { ...compiled, sql: NAMED_STATEMENT + compiled.sql };
    }
    return (await this.db.executeQuery<AccountRow>({ ...this.byId, parameters: [id] })).rows[0];
  }

  findByEmail(email: string): Promise<AccountRow | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirst();
  }

  async insert(account: NewAccount): Promise<void> {
    await this.db.insertInto('accounts').values(account).execute();
  }

  /** Answers whether the account was there to update (false: deleted meanwhile, and no events stored). */
  async update(id: string, patch: Updateable<AccountTable>, events?: EventList): Promise<boolean> {
    return this.work.run(events, async (trx) => {
      const result = await trx.updateTable('accounts').set(patch).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    });
  }

  /**
   * A department's verification as compare-and-set: the flag moves only from `from`, and the events
   * (audit entry, notification) are stored only when it did. Answers whether this call changed it, so
   * of simultaneous verifications (or revocations) exactly one writes.
   */
  async setVerified(id: string, from: 0 | 1, patch: Updateable<AccountTable>, events: EventList): Promise<boolean> {
    return this.work.run(events, async (trx) => {
      const result = await trx
        .updateTable('accounts')
        .set({ ...patch, is_verified: from === 1 ? 0 : 1 })
        .where('id', '=', id)
        .where('role', '=', 'government')
        .where('department_id', 'is', null)
        .where('is_verified', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    });
  }

  /**
   * A new password as compare-and-set on the hash the caller verified: of simultaneous changes made
   * with the same current password exactly one applies, the others answer null. Tokens issued before
   * the new sessions_from (epoch seconds) stop working; it is one second past now and past the previous
   * value, so a second change within the same second still ends the first change's token. Answers the
   * new sessions_from, the second this session's new token is issued at.
   */
  async changePassword(id: string, verifiedHash: string, passwordHash: string, nowSeconds: number, now: string, events: EventList): Promise<number | null> {
    const next = Math.floor(nowSeconds) + 1;
    const row = await this.work.run(events, (trx) =>
      trx
        .updateTable('accounts')
        .set({
          password_hash: passwordHash,
          sessions_from: sql<number>`case when sessions_from >= ${next} then sessions_from + 1 else ${next} end`,
          updated_at: now,
        })
        .where('id', '=', id)
        .where('password_hash', '=', verifiedHash)
        .returning('sessions_from')
        .executeTakeFirst(),
      (r) => r !== undefined,
    );
    return row ? Number(row.sessions_from) : null;
  }

  /** The account's own comments and replies for its data export (comments_author index), oldest first. */
  ownComments(accountId: string, after: string | null, limit: number) {
    let q = this.db.selectFrom('comments').select(['id', 'post_id', 'parent_id', 'content', 'created_at']).where('author_id', '=', accountId);
    if (after) q = q.where('id', '>', after);
    return q.orderBy('id').limit(limit).execute();
  }

  /** The account's Community Chat messages for its data export (chat_messages_author). */
  ownChatMessages(accountId: string, after: string | null, limit: number) {
    let q = this.db.selectFrom('chat_messages').select(['id', 'body', 'created_at']).where('author_id', '=', accountId);
    if (after) q = q.where('id', '>', after);
    return q.orderBy('id').limit(limit).execute();
  }

  /** The account's votes for its data export (votes_account_recent), by post id within each type. */
  ownVotes(accountId: string, after: [type: string, postId: string] | null, limit: number) {
    let q = this.db.selectFrom('votes').select(['post_id', 'type', 'created_at']).where('account_id', '=', accountId);
    if (after) {
      const [type, postId] = after;
      q = q.where((eb) => eb.or([eb('type', '>', type as 'upvote'), eb.and([eb('type', '=', type as 'upvote'), eb('post_id', '>', postId)])]));
    }
    return q.orderBy('type').orderBy('post_id').limit(limit).execute();
  }

  /** Accounts newest first (the id is time-ordered), on accounts_role_id or the primary key. */
  list(opts: AccountListOptions): Promise<AccountRow[]> {
    // The holder of departed reporters' resolved reports is no one's account: not listed, not counted.
    let q = this.db.selectFrom('accounts').selectAll().where('id', '!=', FORMER_RESIDENTS_ID);
    if (opts.role) q = q.where('role', '=', opts.role);
    if (opts.q) {
      const text = opts.q;
      q = q.where((eb) => eb.or([contains('name', text), contains('email', text)]));
    }
    if (opts.after) q = q.where('id', '<', opts.after);
    return q.orderBy('id', 'desc').limit(opts.limit).execute();
  }

  /** Departments, pending ones first, newest first within each, on accounts_role_verified. */
  listGovernments(opts: GovernmentListOptions): Promise<AccountRow[]> {
    // Departments only: their members (department teams) are not for the admin to verify.
    let q = this.db.selectFrom('accounts').selectAll().where('role', '=', 'government').where('department_id', 'is', null);
    if (opts.verified !== undefined) q = q.where('is_verified', '=', opts.verified ? 1 : 0);
    if (opts.q) {
      const text = opts.q;
      q = q.where((eb) => eb.or([contains('name', text), contains('email', text), contains('city', text)]));
    }
    if (opts.after) {
      const [verified, id] = opts.after;
      q = q.where((eb) => eb.or([eb('is_verified', '>', verified), eb.and([eb('is_verified', '=', verified), eb('id', '<', id)])]));
    }
    return q.orderBy('is_verified', 'asc').orderBy('id', 'desc').limit(opts.limit).execute();
  }

  async countByRole(): Promise<{ users: number; governments: number; pendingGovernments: number }> {
    const rows = await this.db
      .selectFrom('accounts')
      .select(['role', 'is_verified', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('department_id', 'is', null)
      .where('id', '!=', FORMER_RESIDENTS_ID)
      .groupBy(['role', 'is_verified'])
      .execute();
    const sum = (f: (r: (typeof rows)[number]) => boolean) => rows.filter(f).reduce((s, r) => s + Number(r.n), 0);
    return {
      users: sum((r) => r.role === 'user'),
      governments: sum((r) => r.role === 'government'),
      pendingGovernments: sum((r) => r.role === 'government' && Number(r.is_verified) === 0),
    };
  }

  /** Departments with the most resolved reports, on accounts_role_resolved. */
  topGovernments(limit: number): Promise<Array<Pick<AccountRow, 'id' | 'name' | 'resolved_issues_count'>>> {
    return this.db
      .selectFrom('accounts')
      .select(['id', 'name', 'resolved_issues_count'])
      .where('role', '=', 'government')
      .where('department_id', 'is', null)
      .orderBy('resolved_issues_count', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  namesOf(ids: string[]): Promise<Array<Pick<AccountRow, 'id' | 'name'>>> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('accounts').select(['id', 'name']).where('id', 'in', ids).execute();
  }

  /**
   * Deletes an account and everything that is its, in one transaction, leaving no wrong counter:
   * - its reports with their images, votes, comments, replies and history (cascade);
   * - its votes and comments (with the replies under them) on other reports, whose vote and
   *   comment counts are then recounted from the rows;
   * - for a department: its open reports go back to Unseen with a 'release' history entry, their
   *   final proof is dropped, and its finished reports lose their final proof photos;
   * - `lastAdminGuard`: for an admin, refuses ('lastAdmin') when no other admin would remain;
   * - an account already deleted (by a simultaneous request) is 'gone', and nothing is written.
   * The events (the audit entry) are stored in the same transaction. The account's files are
   * returned for the caller to remove once the transaction has committed.
   *
   * Its reads of the posts table (the account's photos, the reports it touched, in releaseAll a
   * department's held reports) stay here, unlike every other read of posts (the posts module's
   * PostReads): they lock, decide and write within this one transaction, which a service call
   * outside it could not.
   */
  async deleteCascade(
    target: AccountRow,
    release: Omit<ProgressHistoryTable, 'id' | 'post_id' | 'from_state' | 'to_state' | 'action' | 'department_id' | 'department_name' | 'target_id' | 'target_name'>,
    newId: () => string,
    events: EventList,
  ): Promise<DeletedAccount | 'gone' | 'lastAdmin' | 'kept'> {
    return this.work.run(events, async (trx): Promise<DeletedAccount | 'gone' | 'lastAdmin' | 'kept'> => {
      // Claim the row first: on PostgreSQL simultaneous deletions of one account queue here and all
      // but the first find it gone (SQLite runs one write transaction at a time). The row as it is
      // now, not as the caller read it, names the files (a profile photo changed meanwhile).
      let account: AccountRow | undefined;
      if (target.role === 'admin') {
        // Lock the admin rows on PostgreSQL (in id order), so two admins deleting each other cannot both succeed.
        let admins = trx.selectFrom('accounts').selectAll().where('role', '=', 'admin').orderBy('id');
        if (this.engine === 'postgres') admins = admins.forUpdate();
        const rows = await admins.execute();
        account = rows.find((r) => r.id === target.id);
        if (!account) return 'gone';
        if (rows.length < 2) return 'lastAdmin';
      } else {
        // The former residents' account holds other people's resolved reports.
        if (target.id === FORMER_RESIDENTS_ID) return 'kept';
        let claim = trx.selectFrom('accounts').selectAll().where('id', '=', target.id);
        if (this.engine === 'postgres') claim = claim.forUpdate();
        account = await claim.executeTakeFirst();
        if (!account) return 'gone';
      }
      const fileKeys: string[] = [];
      for (const photo of [account.profile_photo, account.profile_photo_small]) if (photo && !/^https?:/.test(photo)) fileKeys.push(photo);
      if (account.proof_doc_key) fileKeys.push(account.proof_doc_key);

      // Before anything reads "this account's reports": the resolved ones stay, anonymised, so their
      // photos are kept and their votes, comments and follows by this account are recounted below.
      await this.keepResolved(trx, account.id, release.created_at);

      const ownImages = await trx
        .selectFrom('post_images')
        .innerJoin('posts', 'posts.id', 'post_images.post_id')
        .select(['post_images.key', 'post_images.thumb_key'])
        .where('posts.author_id', '=', account.id)
        .execute();
      for (const i of ownImages) fileKeys.push(i.key, i.thumb_key);

      const releasedIds = account.role === 'government' ? await this.releaseAll(trx, account.id, release, newId, fileKeys) : [];
      const releasedPosts = releasedIds.length;

      // Reports of others this account voted on, commented on or followed: their counts change with the cascade.
      const touched = await trx
        .selectFrom('votes')
        .innerJoin('posts', 'posts.id', 'votes.post_id')
        .select('votes.post_id as id')
        .where('votes.account_id', '=', account.id)
        .where('posts.author_id', '!=', account.id)
        .union(
          trx
            .selectFrom('comments')
            .innerJoin('posts', 'posts.id', 'comments.post_id')
            .select('comments.post_id as id')
            .where('comments.author_id', '=', account.id)
            .where('posts.author_id', '!=', account.id),
        )
        .union(
          trx
            .selectFrom('follows')
            .innerJoin('posts', 'posts.id', 'follows.post_id')
            .select('follows.post_id as id')
            .where('follows.account_id', '=', account.id)
            .where('posts.author_id', '!=', account.id),
        )
        .execute();
      const recount = touched.map((r) => r.id);
      if (this.engine === 'postgres') {
        // Lock them (in id order, as votes do) before the recount: a vote committed meanwhile is then
        // seen by the recount's fresh snapshot instead of overwritten by a count that missed it, and
        // later votes wait for this transaction and count without this account's rows.
        const sorted = [...recount].sort();
        await inChunks(sorted, (ids) => trx.selectFrom('posts').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute());
      }

      // Replies by others under this account's comments go with them (comments.parent_id cascade).
      await trx.deleteFrom('accounts').where('id', '=', account.id).execute();
      await inChunks(recount, (ids) =>
        trx
          .updateTable('posts')
          .set({
            upvote_count: sql<number>`(select count(*) from votes where votes.post_id = posts.id and votes.type = 'upvote')`,
            downvote_count: sql<number>`(select count(*) from votes where votes.post_id = posts.id and votes.type = 'downvote')`,
            comment_count: sql<number>`(select count(*) from comments where comments.post_id = posts.id and comments.parent_id is null)`,
            follower_count: sql<number>`(select count(*) from follows where follows.post_id = posts.id)`,
          })
          .where('id', 'in', ids)
          .execute(),
      );
      return { fileKeys, releasedPosts, releasedIds, recountedPosts: recount.length };
    }, (r) => typeof r === 'object');
  }

  /**
   * The account's resolved (Finished) reports stay as the public record of the department's work: they
   * move to FORMER_RESIDENTS_ID, marked anonymous, with the reporter's own timeline entries (confirm,
   * reject) and ratings bylined "A resident". Their photos, the department's moves, proof and figures
   * stay as they were. Unresolved reports go with the account as before. The holder's post_count is
   * kept by hand (the posts triggers count inserts and deletes only).
   */
  private async keepResolved(trx: Transaction<DB>, accountId: string, at: string): Promise<void> {
    const kept = (await trx.selectFrom('posts').select('id').where('author_id', '=', accountId).where('finished', '=', 1).execute()).map((p) => p.id);
    if (kept.length === 0) return;
    const off = JSON.stringify(Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, false])));
    await trx
      .insertInto('accounts')
      .values({
        id: FORMER_RESIDENTS_ID,
        role: 'user',
        email: 'former-residents@accounts.civicpulse.invalid',
        password_hash: '!former-residents',
        name: ANONYMOUS_NAME,
        is_verified: 0,
        resolved_issues_count: 0,
        notification_prefs: off,
        deactivated_at: at,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await inChunks(kept, async (ids) => {
      await trx.updateTable('posts').set({ author_id: FORMER_RESIDENTS_ID, anonymous: 1 }).where('id', 'in', ids).execute();
      await trx
        .updateTable('progress_history')
        .set({ actor_id: FORMER_RESIDENTS_ID, actor_name: ANONYMOUS_NAME })
        .where('actor_id', '=', accountId)
        .where('post_id', 'in', ids)
        .execute();
      await trx.updateTable('post_ratings').set({ author_id: FORMER_RESIDENTS_ID }).where('author_id', '=', accountId).where('post_id', 'in', ids).execute();
    });
    await trx.updateTable('accounts').set({ post_count: sql<number>`post_count + ${kept.length}` }).where('id', '=', FORMER_RESIDENTS_ID).execute();
  }

  /** A department's reports go back: open ones to Unseen (history entry, proof dropped); finished ones keep their state. */
  private async releaseAll(
    trx: Transaction<DB>,
    governmentId: string,
    release: Omit<ProgressHistoryTable, 'id' | 'post_id' | 'from_state' | 'to_state' | 'action' | 'department_id' | 'department_name' | 'target_id' | 'target_name'>,
    newId: () => string,
    fileKeys: string[],
  ): Promise<string[]> {
    const held = await trx
      .selectFrom('posts')
      .select(['id', 'progress_state', 'finished'])
      .where('assigned_government', '=', governmentId)
      .execute();
    const open = held.filter((p) => p.finished === 0);
    const heldIds = held.map((p) => p.id);
    // Its proof photos (current final updates, and earlier ones a reporter turned down).
    await inChunks(heldIds, async (ids) => {
      const proof = await trx
        .selectFrom('post_images')
        .select(['id', 'key', 'thumb_key'])
        .where('post_id', 'in', ids)
        .where('kind', 'in', ['final', 'rejected'])
        .execute();
      for (const i of proof) fileKeys.push(i.key, i.thumb_key);
      if (proof.length) await trx.deleteFrom('post_images').where('id', 'in', proof.map((i) => i.id)).execute();
    });
    for (let i = 0; i < open.length; i += 200) {
      const rows = open.slice(i, i + 200);
      const ids = rows.map((p) => p.id);
      await trx
          .insertInto('progress_history')
          .values(rows.map((p) => ({ ...release, id: newId(), post_id: p.id, action: 'release' as const, from_state: p.progress_state, to_state: 'Unseen' as const })))
          .execute();
      await trx
        .updateTable('posts')
        .set({
          progress_state: 'Unseen',
          current_state: 'In Progress',
          assigned_government: null,
          assigned_officer: null,
          final_caption: null,
          take_bucket: null,
          // Back at Unseen the response level counts again: the service-level sweeper looks at once and sets the next time.
          sla_next_at: sql<string | null>`case when sla_stage < 2 then created_at else null end`,
        })
        .where('id', 'in', ids)
        .execute();
    }
    return open.map((p) => p.id);
  }
}
