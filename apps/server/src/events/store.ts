import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/types.js';
import type { EventList } from './index.js';

/** Writes the stored kinds of events inside the caller's transaction (called from repositories only). */
export async function storeEvents(trx: Transaction<DB> | Kysely<DB>, events: EventList | undefined): Promise<void> {
  if (!events) return;
  const audit = events.items.filter((e) => e.type === 'audit').map((e) => e.entry);
  if (audit.length) await trx.insertInto('audit_log').values(audit).execute();
}
