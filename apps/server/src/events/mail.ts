/**
 * Emails that hang off writes (issue 27 item 3). A service adds a `mail` event (a verification or
 * reset link) to its write's list; storeEvents also turns each delivered notification into an email
 * when its recipient wants that kind right away (`immediately`), or marks the account's digest as
 * waiting (`daily`). Both are stored in the write's transaction: there is no email without its write
 * and no write whose email can be lost. Only a verified address gets update emails.
 */
import { NOTIFICATION_PREF, emailPrefsOf, type NotificationType } from '@civicpulse/shared';
import type { MailKind, MailOutboxTable, NotificationTable } from '../db/types.js';
import { newId } from '../lib/ids.js';
import type { DomainEvent } from './index.js';

/** What a notification email is made from (rendered when sent, in the recipient's language). */
export interface NotificationMailFacts {
  notificationId: string;
  type: NotificationType;
  postId: string | null;
  actorName: string;
  caption: string;
  toState: string | null;
  reason: string | null;
  /** A grouped bell item's group (migration 028): a later move's email replaces a still pending one. */
  groupId?: string | null;
  /** How many moves the grouped item stands for. */
  count?: number;
}

/** A link email's facts: the raw token (only here until the row is sent) and the account's name. */
export interface LinkMailFacts {
  token: string;
  name: string;
}

/** A queued email for one account; `next_attempt_at` and `created_at` are stamped by storeEvents. */
export function mailEvent(accountId: string, to: string, kind: MailKind, payload: object): Extract<DomainEvent, { type: 'mail' }> {
  return {
    type: 'mail',
    row: {
      id: newId(),
      account_id: accountId,
      to_address: to,
      kind,
      payload: JSON.stringify(payload),
      status: 'pending',
      attempts: 0,
      next_attempt_at: '',
      last_error: null,
      created_at: '',
      sent_at: null,
    } satisfies MailOutboxTable,
  };
}

/** What a notification's email or push is made from. */
export function notificationFacts(n: NotificationTable): NotificationMailFacts {
  const group = n.group_id ? { groupId: n.group_id, count: n.update_count } : {};
  return { notificationId: n.id, type: n.type, postId: n.post_id, actorName: n.actor_name, caption: n.caption, toState: n.to_state, reason: n.reason, ...group };
}

export interface MailRecipient {
  email: string;
  email_prefs: string | null;
  email_verified_at: string | null;
}

/**
 * For the notifications a write delivers: the emails to send now, and the accounts whose daily summary
 * gains an item. Account status notices (no setting) are mailed right away.
 */
export function mailForNotifications(
  delivered: NotificationTable[],
  recipients: Map<string, MailRecipient>,
): { now: Array<Extract<DomainEvent, { type: 'mail' }>>; digest: string[] } {
  const now: Array<Extract<DomainEvent, { type: 'mail' }>> = [];
  const digest = new Set<string>();
  for (const n of delivered) {
    const r = recipients.get(n.recipient_id);
    if (!r || !r.email_verified_at) continue;
    const kind = NOTIFICATION_PREF[n.type];
    const frequency = kind ? emailPrefsOf(r.email_prefs)[kind] : 'immediately';
    if (frequency === 'daily') digest.add(n.recipient_id);
    else if (frequency === 'immediately') now.push(mailEvent(n.recipient_id, r.email, 'notification', notificationFacts(n)));
  }
  return { now, digest: [...digest] };
}
