import { notificationText, type Language, type NotificationItem } from '@civicpulse/shared';
import { notificationTextHi } from '@civicpulse/shared/i18n/hi';
import type { NotificationRow } from './repo.js';

/** Where a notification leads: its post, or (account status) the department's dashboard. */
function linkOf(row: NotificationRow): string | null {
  // Hidden content: its author's review page (to_state holds 'kind/id').
  if (row.type === 'contentHidden' && row.to_state) return `/moderation/review/${row.to_state}`;
  if (row.post_id) return `/post/${row.post_id}`;
  if (row.type === 'accountVerified' || row.type === 'accountRevoked') return '/government/dashboard';
  return null;
}

const TEXT_BY_LANGUAGE: Record<Language, typeof notificationText> = { en: notificationText, hi: notificationTextHi };

const facts = (row: NotificationRow) => ({ actorName: row.actor_name, caption: row.caption, toState: row.to_state, reason: row.reason });

/**
 * Spec 3 "Notification" {id, title, message, isRead}, plus type, post, link, actor and time. Title and
 * message in `lang` (the list request's Accept-Language, issue 17).
 */
export function presentNotification(row: NotificationRow, lang: Language = 'en'): NotificationItem {
  const { title, message } = TEXT_BY_LANGUAGE[lang](row.type, facts(row));
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
    count: Number(row.update_count ?? 1),
    groupId: row.group_id ?? null,
  };
}

/** A live push: English as ever, plus the other languages' title and message (each tab shows its own). */
export function presentLiveNotification(row: NotificationRow): NotificationItem {
  return { ...presentNotification(row), translations: { hi: notificationTextHi(row.type, facts(row)) } };
}
