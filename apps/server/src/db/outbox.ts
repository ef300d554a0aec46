/**
 * The row moves every durable send queue shares (mail_outbox, push_outbox: same columns): claim an
 * attempt with a lease (a compare-and-set on the attempt count, committed before the send), mark it
 * sent (its payload cleared), retry later, keep it as failed, and remove old sent rows a batch at a time.
 */
import type { Kysely } from 'kysely';
import type { DB } from './types.js';

export type OutboxName = 'mail_outbox' | 'push_outbox';

export class OutboxRows {
  /** Both tables have the same columns; queries are written against one of them. */
  private readonly table: 'mail_outbox';

  constructor(
    private readonly db: Kysely<DB>,
    table: OutboxName,
  ) {
    this.table = table as 'mail_outbox';
  }

  /** Counts the attempt and moves the next one past the lease; false when another sender took it meanwhile. */
  async claim(id: string, attempts: number, leaseUntil: string): Promise<boolean> {
    const r = await this.db
      .updateTable(this.table)
      .set({ attempts: attempts + 1, next_attempt_at: leaseUntil })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('attempts', '=', attempts)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async sent(id: string, at: string): Promise<void> {
    await this.db.updateTable(this.table).set({ status: 'sent', sent_at: at, payload: null, last_error: null }).where('id', '=', id).execute();
  }

  async retry(id: string, nextAt: string, error: string): Promise<void> {
    await this.db.updateTable(this.table).set({ next_attempt_at: nextAt, last_error: error.slice(0, 500) }).where('id', '=', id).execute();
  }

  async failed(id: string, error: string): Promise<void> {
    await this.db.updateTable(this.table).set({ status: 'failed', payload: null, last_error: error.slice(0, 500) }).where('id', '=', id).execute();
  }

  /** Removes up to `limit` rows sent before `before` (the table's sent_at index); answers how many. */
  async purgeSent(before: string, limit: number): Promise<number> {
    const ids = await this.db.selectFrom(this.table).select('id').where('sent_at', 'is not', null).where('sent_at', '<', before).orderBy('sent_at').limit(limit).execute();
    if (ids.length === 0) return 0;
    await this.db.deleteFrom(this.table).where('id', 'in', ids.map((r) => r.id)).execute();
    return ids.length;
  }
}
