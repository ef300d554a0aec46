/**
 * Verification and password reset links (issue 27 item 4): account_tokens rows by the SHA-256 of the
 * token. A link is issued with its email in one transaction (the `mail` event), and used by a
 * compare-and-set on used_at, so of two uses of one link exactly one works.
 */
import { sql, type Kysely } from 'kysely';
import type { EventList } from '../../events/index.js';
import type { UnitOfWork } from '../../events/unitOfWork.js';
import type { AccountTokenTable, DB } from '../../db/types.js';

export class LinksRepo {
  private readonly db: Kysely<DB>;
  constructor(private readonly work: UnitOfWork) {
    this.db = work.db;
  }

  /** Stores a link and its email (in `events`) together; expired links are removed a few at a time. */
  async issue(row: AccountTokenTable, events: EventList): Promise<boolean> {
    return this.work.run(events, async (trx) => {
      const old = await trx.selectFrom('account_tokens').select('token_hash').where('expires_at', '<', row.created_at).orderBy('expires_at').limit(20).execute();
      if (old.length) await trx.deleteFrom('account_tokens').where('token_hash', 'in', old.map((r) => r.token_hash)).execute();
      // The account may have been deleted meanwhile: then nothing is stored or sent.
      const exists = await trx.selectFrom('accounts').select('id').where('id', '=', row.account_id).executeTakeFirst();
      if (!exists) return false;
      await trx.insertInto('account_tokens').values(row).execute();
      return true;
    });
  }

  /** Whether a link is unused and unexpired (a read; the use itself is a compare-and-set). */
  async isOpen(hash: string, purpose: AccountTokenTable['purpose'], now: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('account_tokens')
      .select('token_hash')
      .where('token_hash', '=', hash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Uses a verification link: marks it used and the account's address verified, if the link is unused,
   * and unexpired. Answers the account's id, or null.
   */
  async useVerification(hash: string, now: string): Promise<string | null> {
    return this.work.run(undefined, async (trx) => {
      const used = await trx
        .updateTable('account_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', hash)
        .where('purpose', '=', 'verifyEmail')
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('account_id')
        .executeTakeFirst();
      if (!used) return null;
      await trx.updateTable('accounts').set({ email_verified_at: now }).where('id', '=', used.account_id).where('email_verified_at', 'is', null).execute();
      return used.account_id;
    });
  }

  /**
   * Uses a reset link: marks it and every other open reset link of the account used, sets the new
   * password, ends every session (sessions_from past now, as a password change does) and marks the
   * address verified (the link reached its inbox). Answers the account's id, or null for a link that
   * is unknown, used or expired.
   */
  async useReset(hash: string, now: string, nowSeconds: number, passwordHash: string, events: EventList): Promise<string | null> {
    return this.work.run(
      events,
      async (trx) => {
        const used = await trx
          .updateTable('account_tokens')
          .set({ used_at: now })
          .where('token_hash', '=', hash)
          .where('purpose', '=', 'resetPassword')
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .returning('account_id')
          .executeTakeFirst();
        if (!used) return null;
        await trx
          .updateTable('account_tokens')
          .set({ used_at: now })
          .where('account_id', '=', used.account_id)
          .where('purpose', '=', 'resetPassword')
          .where('used_at', 'is', null)
          .execute();
        const next = Math.floor(nowSeconds) + 1;
        await trx
          .updateTable('accounts')
          .set({
            password_hash: passwordHash,
            sessions_from: sql<number>`case when sessions_from >= ${next} then sessions_from + 1 else ${next} end`,
            email_verified_at: sql<string>`coalesce(email_verified_at, ${now})`,
            updated_at: now,
          })
          .where('id', '=', used.account_id)
          .execute();
        // The account's live connections close after the commit (filled here: the id is known only now).
        events.retain((e) => e.type !== 'sessionsEnded');
        events.add({ type: 'sessionsEnded', accountId: used.account_id });
        return used.account_id;
      },
    );
  }
}
