/**
 * The notification events of writes (issue 13 item 6). Services add them to the write's EventList;
 * storeEvents decides, inside the write's transaction, which are delivered (`deliverable`) and stores
 * those, so there is no event without its notification and no notification without its event.
 */
import { GROUPED_NOTIFICATION_TYPES, NOTIFICATION_PREF, notificationPrefsOf, type NotificationType } from '@civicpulse/shared';
import type { NotificationTable } from '../db/types.js';
import { newId } from '../lib/ids.js';
import type { DomainEvent } from './index.js';

/** Captions are stored shortened: a notification names the report, it does not copy it. */
const CAPTION_CHARS = 80;

export function shortCaption(caption: string): string {
  const oneLine = caption.replace(/\s+/g, ' ').trim();
  return oneLine.length > CAPTION_CHARS ? `${oneLine.slice(0, CAPTION_CHARS - 1)}…` : oneLine;
}

export interface NotifyFacts {
  post?: { id: string; caption: string } | null;
  toState?: string | null;
  reason?: string | null;
}

export function notifyEvent(
  recipientId: string | null | undefined,
  type: NotificationType,
  /** id null: someone not to be named by id (the reporter of an anonymous report). */
  actor: { id: string | null; name: string } | null,
  facts: NotifyFacts = {},
): DomainEvent[] {
  if (!recipientId) return [];
  const row: NotificationTable = {
    id: newId(),
    recipient_id: recipientId,
    type,
    post_id: facts.post?.id ?? null,
    actor_id: actor?.id ?? null,
    actor_name: actor?.name ?? '',
    caption: facts.post ? shortCaption(facts.post.caption) : '',
    to_state: facts.toState ?? null,
    reason: facts.reason ? facts.reason.slice(0, 300) : null,
    is_read: 0,
    // Stamped by the UnitOfWork with its clock's time when the write stores it.
    created_at: '',
    // Set by storeEvents for the grouped kinds (groupKeyOf).
    group_key: null,
    group_id: null,
    update_count: 1,
  };
  return [{ type: 'notify', row }];
}

/**
 * Whether one notification goes out: never to the actor about their own action, only while the
 * recipient's setting for its kind is on (account status ones always), and one per recipient per
 * write (the first added wins: a reply to the reporter's own comment is a 'reply', not also a 'comment').
 * `prefs` maps every existing recipient to its stored preferences (a deleted recipient is absent).
 */
export function deliverable(row: NotificationTable, prefs: Map<string, string | null>, seen: Set<string>): boolean {
  if (row.actor_id !== null && row.actor_id === row.recipient_id) return false;
  if (!prefs.has(row.recipient_id)) return false;
  if (seen.has(row.recipient_id)) return false;
  const kind = NOTIFICATION_PREF[row.type];
  if (kind && !notificationPrefsOf(prefs.get(row.recipient_id))[kind]) return false;
  seen.add(row.recipient_id);
  return true;
}

/** The key rapid moves on one report share for one recipient (GROUPED_NOTIFICATION_TYPES), else null. */
export function groupKeyOf(row: Pick<NotificationTable, 'type' | 'post_id'>): string | null {
  return row.post_id && GROUPED_NOTIFICATION_TYPES.includes(row.type) ? `post:${row.post_id}` : null;
}
