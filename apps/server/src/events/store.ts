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
    if (e.type === 'audit') e.entry.created_at = at;
    else if (e.type === 'notify') e.row.created_at = at;
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
  const grouped: NotificationTable[] = [];
  for (const n of kept) if (groupKeyOf(n) !== null && (await storeGrouped(trx, n, at))) grouped.push(n);
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
  for (const e of mail.now) {
    // A grouped update whose item's email still waits in the outbox: that one is withdrawn and this one,
    // with the latest move, goes instead (an email already sent or being sent is followed by this one).
    if (grouped.length) await withdrawPendingMail(trx, e.row, at);
    events.add(e);
  }
  if (mail.digest.length) {
    // Touches the row even when a period is open, so a sweep closing it waits for this write (PostgreSQL).
    await trx.updateTable('accounts').set({ digest_since: sql<string>`coalesce(digest_since, ${at})` }).where('id', 'in', mail.digest).execute();
  }
}

/**
 * One notification of a grouped kind (GROUPED_NOTIFICATION_TYPES): the recipient's item for the same
 * report becomes this one (latest facts, one more move, unread, a new id so it sorts on top) while its
 * last update is within NOTIFICATION_GROUP_WINDOW_MS, else a new item starts the group. One statement
 * on the unique (recipient_id, group_key) index, so two moves at once on PostgreSQL both land on one
 * row (the second waits for the first's insert, then updates it). `row` is left as stored (its id,
 * count, group): the live push and the email tell that. Returns true when an item was updated.
 */
async function storeGrouped(trx: Transaction<DB> | Kysely<DB>, row: NotificationTable, at: string): Promise<boolean> {
  const key = groupKeyOf(row)!;
  const cutoff = new Date(Date.parse(at) - NOTIFICATION_GROUP_WINDOW_MS).toISOString();
  // An item whose last update is older than the window keeps its place and lets go of the key.
  await trx
    .updateTable('notifications')
    .set({ group_key: null })
    .where('recipient_id', '=', row.recipient_id)
    .where('group_key', '=', key)
    .where('created_at', '<', cutoff)
    .execute();
  const stored = await trx
    .insertInto('notifications')
    .values({ ...row, group_key: key, group_id: row.id, update_count: 1 })
    .onConflict((oc) =>
      oc
        .columns(['recipient_id', 'group_key'])
        .where('group_key', 'is not', null)
        .doUpdateSet({
          id: row.id,
          type: row.type,
          actor_id: row.actor_id,
          actor_name: row.actor_name,
          caption: row.caption,
          to_state: row.to_state,
          reason: row.reason,
          is_read: 0,
          created_at: at,
          update_count: sql<number>`notifications.update_count + 1`,
        }),
    )
    .returning(['group_id', 'update_count'])
    .executeTakeFirstOrThrow();
  row.group_key = key;
  row.group_id = stored.group_id;
  row.update_count = Number(stored.update_count);
  return row.update_count > 1;
}

/**
 * Withdraws the still pending email of the same grouped item as `mail` (its groupId) for that account
 * (mail_outbox_account index), so only the latest move's email goes out. Deleted, not rewritten: a
 * sender that already read the old row then fails its claim (a compare-and-set on the row) instead of
 * sending stale words; a row it claimed already (next_attempt_at moved past `at`) is left alone.
 */
async function withdrawPendingMail(trx: Transaction<DB> | Kysely<DB>, mail: MailOutboxTable, at: string): Promise<void> {
  const groupId = (JSON.parse(mail.payload ?? '{}') as { groupId?: string | null }).groupId;
  if (!groupId || !mail.account_id) return;
  const pending = await trx
    .selectFrom('mail_outbox')
    .select(['id', 'payload'])
    .where('account_id', '=', mail.account_id)
    .where('kind', '=', 'notification')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', at)
    .execute();
  const same = pending.filter((p) => (JSON.parse(p.payload ?? '{}') as { groupId?: string | null }).groupId === groupId).map((p) => p.id);
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
