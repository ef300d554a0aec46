/**
 * The mail queue's queries (issue 27 item 3): the due rows (mail_outbox_due), the claim before a send,
 * the outcome after it, the daily summaries' accounts (accounts_digest_since) and their notifications
 * (notifications_recipient_created), and the clean-up of sent rows (mail_outbox_sent). Every read is
 * one bounded index range.
 */
import type { Kysely } from 'kysely';
import type { UnitOfWork } from '../../events/unitOfWork.js';
import { OutboxRows } from '../../db/outbox.js';
import type { EventList } from '../../events/index.js';
import type { NotificationType } from '@civicpulse/shared';
import type { DB, MailOutboxTable, NotificationTable } from '../../db/types.js';

export type DueMail = MailOutboxTable & { name: string | null; language: string | null; role: string | null };

export interface DigestAccount {
  id: string;
  email: string;
  email_prefs: string | null;
  email_verified_at: string | null;
  digest_since: string;
}

export class MailRepo {
  private readonly db: Kysely<DB>;
  /** The claim, outcome and clean-up of rows (shared with the other send queue). */
  readonly rows: OutboxRows;
  constructor(private readonly work: UnitOfWork) {
    this.db = work.db;
    this.rows = new OutboxRows(work.db, 'mail_outbox');
  }

  /** Up to `limit` rows due at `now`, oldest due first, with the account's name and language. */
  async due(now: string, limit: number): Promise<DueMail[]> {
    return this.db
      .selectFrom('mail_outbox as m')
      .leftJoin('accounts as a', 'a.id', 'm.account_id')
      .selectAll('m')
      .select(['a.name as name', 'a.language as language', 'a.role as role'])
      .where('m.status', '=', 'pending')
      .where('m.next_attempt_at', '<=', now)
      .orderBy('m.next_attempt_at')
      .limit(limit)
      .execute();
  }






  /** Accounts whose oldest waiting summary item is from `cutoff` or before, oldest first. */
  async digestDue(cutoff: string, limit: number): Promise<DigestAccount[]> {
    const rows = await this.db
      .selectFrom('accounts')
      .select(['id', 'email', 'email_prefs', 'email_verified_at', 'digest_since'])
      .where('digest_since', 'is not', null)
      .where('digest_since', '<=', cutoff)
      .orderBy('digest_since')
      .limit(limit)
      .execute();
    return rows as DigestAccount[];
  }

  /**
   * The account's notifications of `types` from `since` on: the newest `limit`, and how many there are
   * in all (counted up to `countCap`).
   */
  async notificationsSince(accountId: string, since: string, types: NotificationType[], limit: number, countCap: number): Promise<{ rows: NotificationTable[]; total: number }> {
    if (types.length === 0) return { rows: [], total: 0 };
    const range = this.db.selectFrom('notifications').where('recipient_id', '=', accountId).where('created_at', '>=', since).where('type', 'in', types);
    const rows = await range.selectAll().orderBy('created_at', 'desc').limit(limit).execute();
    if (rows.length < limit) return { rows, total: rows.length };
    const counted = await this.db.selectFrom(range.select('id').limit(countCap).as('c')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    return { rows, total: Number(counted?.n ?? rows.length) };
  }

  /**
   * Ends a summary period that ran up to `upTo` (the newest notification it read): digest_since moves
   * to the account's first notification after that, or to null when there is none, and only if it is
   * still `since` (a compare-and-set: of two sweeps one closes the period). The summary email (in
   * `events`) is stored in the same transaction.
   */
  async closeDigest(accountId: string, since: string, upTo: string, events: EventList): Promise<boolean> {
    return this.work.run(events, async (trx) => {
      const next = trx
        .selectFrom('notifications')
        .select((eb) => eb.fn.min('created_at').as('m'))
        .where('recipient_id', '=', accountId)
        .where('created_at', '>', upTo);
      const r = await trx
        .updateTable('accounts')
        .set({ digest_since: next })
        .where('id', '=', accountId)
        .where('digest_since', '=', since)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    });
  }
}
