import type { Kysely } from 'kysely';
import { normalizeIndianPhone } from '@civicpulse/shared';

/** Accounts read per batch: the walk is by primary key, so each batch is one bounded range read. */
const BATCH = 1000;

interface PhoneRow {
  id: string;
  phone: string | null;
  alternate_contact: string | null;
}

/** The stored form of a phone, or the value as it was when it is not an Indian number. */
function normalised(value: string | null): string | null {
  return value === null ? null : (normalizeIndianPhone(value) ?? value);
}

/**
 * Phones (and departments' alternate contacts) stored before sign-up normalised them ("98765 43210",
 * "020-2550-1000") become the stored form new accounts get ("+919876543210"), so every phone reads and
 * matches alike. A number that is not an
 * Indian one stays as it was (sign-up never refused a department's phone on format before). Accounts
 * are walked by id in batches, so a large table is never read at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const accounts = db as unknown as Kysely<{ accounts: PhoneRow }>;
  let after = '';
  for (;;) {
    const rows = await accounts
      .selectFrom('accounts')
      .select(['id', 'phone', 'alternate_contact'])
      .where('id', '>', after)
      .where((eb) => eb.or([eb('phone', 'is not', null), eb('alternate_contact', 'is not', null)]))
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      const phone = normalised(row.phone);
      const alternate = normalised(row.alternate_contact);
      if (phone !== row.phone || alternate !== row.alternate_contact) {
        await accounts.updateTable('accounts').set({ phone, alternate_contact: alternate }).where('id', '=', row.id).execute();
      }
    }
    after = rows[rows.length - 1]!.id;
  }
}

/**
 * Nothing to undo: the normalised form is a valid phone for the code before this migration too, and the
 * way each number was first written was not kept.
 */
export async function down(): Promise<void> {}
