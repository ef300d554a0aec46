/**
 * Web Push's queries (issue 27 item 7): subscriptions (by endpoint, per account) and the push queue
 * (push_outbox_due; the claim, outcome and clean-up as the mail queue has them).
 */
import type { Kysely } from 'kysely';
import type { UnitOfWork } from '../../events/unitOfWork.js';
import { OutboxRows } from '../../db/outbox.js';
import type { DB, PushOutboxTable, PushSubscriptionTable } from '../../db/types.js';

export type DuePush = PushOutboxTable & Pick<PushSubscriptionTable, 'endpoint' | 'p256dh' | 'auth' | 'account_id'> & { language: string | null };

export class PushRepo {
  private readonly db: Kysely<DB>;
  /** The claim, outcome and clean-up of rows (shared with the other send queue). */
  readonly rows: OutboxRows;
  constructor(private readonly work: UnitOfWork) {
    this.db = work.db;
    this.rows = new OutboxRows(work.db, 'push_outbox');
  }

  /**
   * Stores a subscription for the account, or moves an existing one with the same endpoint to it (a
   * browser subscribing again, or for another account signed in on it), unless the account already has
   * `max` others: counted in the transaction with the account's row locked (PostgreSQL). 'gone': no
   * such account any more.
   */
  async upsert(row: PushSubscriptionTable, max: number): Promise<'stored' | 'full' | 'gone'> {
    return this.work.run(undefined, async (trx) => {
      let lock = trx.selectFrom('accounts').select('id').where('id', '=', row.account_id);
      if (this.work.engine === 'postgres') lock = lock.forUpdate();
      if (!(await lock.executeTakeFirst())) return 'gone' as const;
      const existing = await trx.selectFrom('push_subscriptions').select(['id', 'account_id']).where('endpoint', '=', row.endpoint).executeTakeFirst();
      if (existing?.account_id === row.account_id) {
        await trx.updateTable('push_subscriptions').set({ p256dh: row.p256dh, auth: row.auth }).where('id', '=', existing.id).execute();
        return 'stored' as const;
      }
      const { n } = await trx.selectFrom('push_subscriptions').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', row.account_id).executeTakeFirstOrThrow();
      if (Number(n) >= max) return 'full' as const;
      // Another account's subscription of this browser: its pushes stop (that account signed out here).
      if (existing) await trx.deleteFrom('push_subscriptions').where('id', '=', existing.id).execute();
      await trx.insertInto('push_subscriptions').values(row).execute();
      return 'stored' as const;
    }, () => true);
  }

  async remove(accountId: string, endpoint: string): Promise<void> {
    await this.db.deleteFrom('push_subscriptions').where('account_id', '=', accountId).where('endpoint', '=', endpoint).execute();
  }

  async removeById(id: string): Promise<void> {
    await this.db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
  }

  due(now: string, limit: number): Promise<DuePush[]> {
    return this.db
      .selectFrom('push_outbox as o')
      .innerJoin('push_subscriptions as s', 's.id', 'o.subscription_id')
      .innerJoin('accounts as a', 'a.id', 's.account_id')
      .selectAll('o')
      .select(['s.endpoint', 's.p256dh', 's.auth', 's.account_id', 'a.language as language'])
      .where('o.status', '=', 'pending')
      .where('o.next_attempt_at', '<=', now)
      .orderBy('o.next_attempt_at')
      .limit(limit)
      .execute();
  }





}
