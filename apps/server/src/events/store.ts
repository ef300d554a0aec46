import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, MailOutboxTable, NotificationTable } from '../db/types.js';
import { NOTIFICATION_GROUP_WINDOW_MS } from '@civicpulse/shared';
import type { Engine } from '../db/index.js';
import type { EventList } from './index.js';
import { deliverable, groupKeyOf } from './notifications.js';
import { storeMetric } from './metrics.js';
import { mailForNotifications, notificationFacts } from './mail.js';
import { newId } from '../lib/ids.js';

/**
 * Writes the stored kinds of events inside the write's transaction (called by the UnitOfWork only):
 * audit entries, the notifications that are delivered (the others are removed from the list, so
 * only stored ones are emitted after the commit), and the emails to send (mail_outbox). All are
 * stamped `at`, the unit's clock time.
 */
export async function storeEvents(trx: Transaction<DB> | Kysely<DB>, events: EventList | undefined, at: string): Promise<void> {
  if (!events) return;
  for (const e of events.items) {
    if (e.type === 'audit') {
      e.entry.created_at = at;
      // The log reads newest first by id. An id made when the event was built (before the write took
      // its row lock) can sort a write that waited for another before it within one millisecond; one
      // made now, after the lock, follows the order the writes happened in (this process's counter).
      e.entry.id = newId(Date.parse(at));
    } else if (e.type === 'notify') e.row.created_at = at;
  }
  const audit = events.items.filter((e) => e.type === 'audit').map((e) => e.entry);
  if (audit.length) await trx.insertInto('audit_log').values(audit).execute();

  for (const e of events.items) if (e.type === 'departmentMetric') await storeMetric(trx, e);

  await storeNotifications(trx, events, at);
  const mail = events.items.flatMap((e) => (e.type === 'mail' ? [e.row] : []));
  for (const row of mail) {
    row.created_at = at;
    row.next_attempt_at = at;
  }
  if (mail.length) await trx.insertInto('mail_outbox').values(mail).execute();
  for (const e of events.items) {
    if (e.type !== 'follow') continue;
    const r = await trx.insertInto('follows').values({ post_id: e.postId, account_id: e.accountId, created_at: at }).onConflict((oc) => oc.doNothing()).executeTakeFirst();
    if (Number(r.numInsertedOrUpdatedRows ?? 0) > 0) await trx.updateTable('posts').set({ follower_count: sql<number>`follower_count + 1` }).where('id', '=', e.postId).execute();
  }
  const fanouts = events.items.flatMap((e) =>
    e.type === 'followFanout' ? [{ id: newId(), post_id: e.postId, facts: JSON.stringify({ note: e.note, except: e.except }), after_account: null, created_at: at }] : [],
  );
  if (fanouts.length) await trx.insertInto('follow_fanouts').values(fanouts).execute();
  const scans = events.items.flatMap((e) => (e.type === 'alertScan' ? [{ post_id: e.postId, after_account: null, created_at: at }] : []));
  if (scans.length) await trx.insertInto('alert_scans').values(scans).execute();
}

/** The notifications that are delivered, and (issue 27) the emails they become or the digests they wait in. */
async function storeNotifications(trx: Transaction<DB> | Kysely<DB>, events: EventList, at: string): Promise<void> {
  const notes = events.items.flatMap((e) => (e.type === 'notify' ? [e.row] : []));
  if (notes.length === 0) return;
  const recipients = [...new Set(notes.map((n) => n.recipient_id))];
  const rows = await trx
    .selectFrom('accounts')
    .select(['id', 'notification_prefs', 'email', 'email_prefs', 'email_verified_at'])
    .where('id', 'in', recipients)
    .execute();
  const prefs = new Map(rows.map((r) => [r.id, r.notification_prefs]));
  const seen = new Set<string>();
  events.retain((e) => e.type !== 'notify' || deliverable(e.row, prefs, seen));
  const kept = events.items.flatMap((e) => (e.type === 'notify' ? [e.row] : []));
  if (kept.length === 0) return;
  const single = kept.filter((n) => groupKeyOf(n) === null);
  if (single.length) await trx.insertInto('notifications').values(single).execute();
  const grouped = await storeGrouped(trx, kept.filter((n) => groupKeyOf(n) !== null), at);
  // Issue 27 item 7: one push per subscribed browser of each recipient.
  const subs = await trx.selectFrom('push_subscriptions').select(['id', 'account_id']).where('account_id', 'in', [...new Set(kept.map((n) => n.recipient_id))]).execute();
  if (subs.length) {
    const pushes = kept.flatMap((n) =>
      subs.filter((s) => s.account_id === n.recipient_id).map((s) => ({ id: newId(), subscription_id: s.id, payload: JSON.stringify(notificationFacts(n)), status: 'pending' as const, attempts: 0, next_attempt_at: at, last_error: null, created_at: at, sent_at: null })),
    );
    await trx.insertInto('push_outbox').values(pushes).execute();
    events.add({ type: 'pushQueued' });
  }
  // Issue 27: the ones their recipients want by email, now or in the daily summary.
  const mail = mailForNotifications(kept, new Map(rows.map((r) => [r.id, r])));
  // A grouped update whose item's email still waits in the outbox: that one is withdrawn and this one,
  // with the latest move, goes instead (an email already sent or being sent is followed by this one).
  if (grouped.length) await withdrawPendingMail(trx, mail.now.map((e) => e.row), at);
  for (const e of mail.now) events.add(e);
  if (mail.digest.length) {
    // Touches the row even when a period is open, so a sweep closing it waits for this write (PostgreSQL).
    await trx.updateTable('accounts').set({ digest_since: sql<string>`coalesce(digest_since, ${at})` }).where('id', 'in', mail.digest).execute();
  }
}

/**
 * The notifications of a grouped kind (GROUPED_NOTIFICATION_TYPES): each recipient's item for the same
 * report becomes the new one (latest facts, one more move, unread, a new id so it sorts on top) while
 * its last update is within NOTIFICATION_GROUP_WINDOW_MS, else a new item starts the group. Two
 * statements whatever the number of recipients: one frees every expired key among them, one multi-row
 * upsert on the unique (recipient_id, group_key) index, so two moves at once on PostgreSQL both land on
 * one row (the second waits for the first's insert, then updates it). `deliverable` keeps one
 * notification per recipient per write, so no row is named twice in the upsert (PostgreSQL refuses
 * that). The rows are left as stored (id, count, group): the live push and the email tell that.
 * Answers the ones that updated an existing item.
 */
async function storeGrouped(trx: Transaction<DB> | Kysely<DB>, rows: NotificationTable[], at: string): Promise<NotificationTable[]> {
  if (rows.length === 0) return [];
  for (const row of rows) row.group_key = groupKeyOf(row);
  const cutoff = new Date(Date.parse(at) - NOTIFICATION_GROUP_WINDOW_MS).toISOString();
  // An item whose last update is older than the window keeps its place and lets go of its key. The
  // recipients × keys product may free a pair no row here names: an expired key is never updated
  // again anyway (the next move on it starts a new item), so that is the same outcome, one statement.
  await trx
    .updateTable('notifications')
    .set({ group_key: null })
    .where('recipient_id', 'in', [...new Set(rows.map((r) => r.recipient_id))])
    .where('group_key', 'in', [...new Set(rows.map((r) => r.group_key!))])
    .where('created_at', '<', cutoff)
    .execute();
  const stored = await trx
    .insertInto('notifications')
    .values(rows.map((row) => ({ ...row, group_id: row.id, update_count: 1 })))
    .onConflict((oc) =>
      oc
        .columns(['recipient_id', 'group_key'])
        .where('group_key', 'is not', null)
        .doUpdateSet((eb) => ({
          id: eb.ref('excluded.id'),
          type: eb.ref('excluded.type'),
          actor_id: eb.ref('excluded.actor_id'),
          actor_name: eb.ref('excluded.actor_name'),
          caption: eb.ref('excluded.caption'),
          to_state: eb.ref('excluded.to_state'),
          reason: eb.ref('excluded.reason'),
          is_read: 0,
          created_at: eb.ref('excluded.created_at'),
          update_count: sql<number>`notifications.update_count + 1`,
        })),
    )
    .returning(['recipient_id', 'group_id', 'update_count'])
    .execute();
  const byRecipient = new Map(stored.map((s) => [s.recipient_id, s]));
  const updated: NotificationTable[] = [];
  for (const row of rows) {
    const s = byRecipient.get(row.recipient_id)!;
    row.group_id = s.group_id;
    row.update_count = Number(s.update_count);
    if (row.update_count > 1) updated.push(row);
  }
  return updated;
}

/**
 * Withdraws the still pending emails of the same grouped items as `mails` (their groupIds) for their
 * accounts (mail_outbox_account index), so only the latest move's email goes out: one read and one
 * delete whatever the number of recipients. Deleted, not rewritten: a sender that already read an old
 * row then fails its claim (a compare-and-set on the row) instead of sending stale words; a row it
 * claimed already (next_attempt_at moved past `at`) is left alone.
 */
async function withdrawPendingMail(trx: Transaction<DB> | Kysely<DB>, mails: MailOutboxTable[], at: string): Promise<void> {
  const groupOf = (payload: string | null) => (JSON.parse(payload ?? '{}') as { groupId?: string | null }).groupId ?? null;
  const wanted = new Set(mails.flatMap((m) => (m.account_id && groupOf(m.payload) ? [`${m.account_id} ${groupOf(m.payload)}`] : [])));
  if (wanted.size === 0) return;
  const pending = await trx
    .selectFrom('mail_outbox')
    .select(['id', 'account_id', 'payload'])
    .where('account_id', 'in', [...new Set([...wanted].map((w) => w.split(' ')[0]!))])
    .where('kind', '=', 'notification')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', at)
    .execute();
  const same = pending.filter((p) => wanted.has(`${p.account_id} ${groupOf(p.payload)}`)).map((p) => p.id);
  if (same.length) await trx.deleteFrom('mail_outbox').where('id', 'in', same).where('status', '=', 'pending').where('next_attempt_at', '<=', at).execute();
}

/** The accounts a write's stored events refer to: notification recipients, departments whose figures move. */
export function accountsReferredTo(events: EventList | undefined): string[] {
  if (!events) return [];
  return events.items.flatMap((e) => (e.type === 'notify' ? [e.row.recipient_id] : e.type === 'departmentMetric' ? [e.departmentId] : []));
}

/**
 * The accounts among `ids` that exist, for a write about to refer to them (its author, its routes'
 * departments, its events' recipients). On PostgreSQL their rows are also locked FOR KEY SHARE, in id
 * order, before the write touches a post: an account's deletion locks the account first and then its
 * posts, and a write that held a post and took an account's key last (a foreign key check, a
 * notification) would wait for the deletion while the deletion waits for it, a deadlock. Taken first,
 * either the deletion waits for the write to commit, or the write waits and then finds the account
 * gone: its own foreign key fails (which its service answers) and it leaves out routes and
 * notifications to the gone ones. SQLite runs one write transaction at a time: a plain read.
 */
export async function holdAccounts(trx: Transaction<DB>, engine: Engine, ids: Array<string | null | undefined>): Promise<Set<string>> {
  const unique = [...new Set(ids.filter((id): id is string => typeof id === 'string'))].sort();
  if (unique.length === 0) return new Set();
  let q = trx.selectFrom('accounts').select('id').where('id', 'in', unique).orderBy('id');
  if (engine === 'postgres') q = q.forKeyShare();
  return new Set((await q.execute()).map((r) => r.id));
}
