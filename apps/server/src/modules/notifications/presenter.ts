import { notificationText, type NotificationItem } from '@civicpulse/shared';
import type { NotificationRow } from './repo.js';

/** Where a notification leads: its post, or (account status) the department's dashboard. */
function linkOf(row: NotificationRow): string | null {
  if (row.post_id) return `/post/${row.post_id}`;
  if (row.type === 'accountVerified' || row.type === 'accountRevoked') return '/government/dashboard';
  return null;
}

/** Spec 3 "Notification" {id, title, message, isRead}, plus type, post, link, actor and time. */
export function presentNotification(row: NotificationRow): NotificationItem {
  const { title, message } = notificationText(row.type, { actorName: row.actor_name, caption: row.caption, toState: row.to_state, reason: row.reason });
  return {
    id: row.id,
    type: row.type,
    title,
    message,
    isRead: row.is_read !== 0,
    postId: row.post_id,
    link: linkOf(row),
    actorName: row.actor_name,
    createdAt: row.created_at,
  };
}
