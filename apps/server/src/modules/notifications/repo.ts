/**
 * Notifications' queries: one recipient's range of the (recipient_id, id) index, newest first; the
 * unread count is the kept counter accounts.unread_notifications (migration 007 triggers).
 */
import type { Kysely, Selectable } from 'kysely';
import type { DB, NotificationTable } from '../../db/types.js';

export type NotificationRow = Selectable<NotificationTable>;

export class NotificationsRepo {
  constructor(private readonly db: Kysely<DB>) {}

  /** Newest first; `cursor`: older than that id; `after`: the `limit` right after that id (catch-up), newest first. */
  async page(recipientId: string, opts: { cursor?: string | undefined; after?: string | undefined; limit: number }): Promise<NotificationRow[]> {
    const base = this.db.selectFrom('notifications').selectAll().where('recipient_id', '=', recipientId);
    if (opts.after !== undefined) {
      const rows = await base.where('id', '>', opts.after).orderBy('id', 'asc').limit(opts.limit).execute();
      return rows.reverse();
    }
    const q = opts.cursor !== undefined ? base.where('id', '<', opts.cursor) : base;
    return q.orderBy('id', 'desc').limit(opts.limit).execute();
  }

  async unreadCount(recipientId: string): Promise<number> {
    const row = await this.db.selectFrom('accounts').select('unread_notifications').where('id', '=', recipientId).executeTakeFirst();
    return Number(row?.unread_notifications ?? 0);
  }

  /** Marks the recipient's own notifications read: the given ids (others' ids change nothing), or all. */
  async markRead(recipientId: string, ids: string[] | 'all'): Promise<void> {
    if (ids !== 'all' && ids.length === 0) return;
    let q = this.db.updateTable('notifications').set({ is_read: 1 }).where('recipient_id', '=', recipientId).where('is_read', '=', 0);
    if (ids !== 'all') q = q.where('id', 'in', ids);
    await q.execute();
  }
}
