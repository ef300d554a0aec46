import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/types.js';
import type { EventList } from './index.js';
import { deliverable } from './notifications.js';
import { storeMetric } from './metrics.js';

/**
 * Writes the stored kinds of events inside the caller's transaction (called from repositories only):
 * audit entries, and the notifications that are delivered (the others are removed from the list, so
 * only stored ones are emitted after the commit).
 */
export async function storeEvents(trx: Transaction<DB> | Kysely<DB>, events: EventList | undefined): Promise<void> {
  if (!events) return;
  const audit = events.items.filter((e) => e.type === 'audit').map((e) => e.entry);
  if (audit.length) await trx.insertInto('audit_log').values(audit).execute();

  for (const e of events.items) if (e.type === 'departmentMetric') await storeMetric(trx, e);

  const notes = events.items.flatMap((e) => (e.type === 'notify' ? [e.row] : []));
  if (notes.length === 0) return;
  const recipients = [...new Set(notes.map((n) => n.recipient_id))];
  const rows = await trx.selectFrom('accounts').select(['id', 'notification_prefs']).where('id', 'in', recipients).execute();
  const prefs = new Map(rows.map((r) => [r.id, r.notification_prefs]));
  const seen = new Set<string>();
  events.retain((e) => e.type !== 'notify' || deliverable(e.row, prefs, seen));
  const kept = events.items.flatMap((e) => (e.type === 'notify' ? [e.row] : []));
  if (kept.length) await trx.insertInto('notifications').values(kept).execute();
}
