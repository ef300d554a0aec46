import type { Kysely } from 'kysely';

/**
 * Issue 17: the language an account reads CivicPulse in ('en' or 'hi'), kept with its other settings
 * so a person who chose Hindi on one device gets Hindi after signing in on another. Null until they
 * choose: the browser's own language applies.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('language').execute();
}
