/**
 * The bell (spec 2.2, issue 13 item 7): a person's own notifications, paged newest first, with the
 * unread count, and marking them read. Notifications are written by the events of other writes
 * (events/notifications.ts, storeEvents), never here.
 */
import { NOTIFICATION_LIMITS, type Language, type NotificationsPage } from '@civicpulse/shared';
import type { AccountRow } from '../../db/rows.js';
import { presentNotification } from './presenter.js';
import type { NotificationsRepo } from './repo.js';

export class NotificationsService {
  constructor(private readonly notifications: NotificationsRepo) {}

  /** `lang`: the request's Accept-Language, the language of the titles and messages (issue 17). */
  async list(
    viewer: AccountRow,
    q: { cursor?: string | undefined; after?: string | undefined; limit?: number | undefined },
    lang: Language = 'en',
  ): Promise<NotificationsPage> {
    const limit = q.limit ?? NOTIFICATION_LIMITS.pageDefault;
    const [rows, unreadCount] = await Promise.all([
      this.notifications.page(viewer.id, { cursor: q.cursor, after: q.after, limit: limit + 1 }),
      this.notifications.unreadCount(viewer.id),
    ]);
    // `after` pages forward: the extra row is the newest one, beyond this page.
    const hasMore = rows.length > limit;
    const page = !hasMore ? rows : q.after !== undefined ? rows.slice(1) : rows.slice(0, limit);
    // The next request: `cursor` = the oldest shown (older page), or with `after`, `after` = the newest shown.
    const next = q.after !== undefined ? page[0] : page[page.length - 1];
    return { notifications: page.map((row) => presentNotification(row, lang)), unreadCount, nextCursor: hasMore && next ? next.id : null };
  }

  async markRead(viewer: AccountRow, body: { ids?: string[] | undefined; all?: boolean | undefined } | null | undefined): Promise<number> {
    await this.notifications.markRead(viewer.id, body?.ids && !body.all ? body.ids : 'all');
    return this.notifications.unreadCount(viewer.id);
  }
}
