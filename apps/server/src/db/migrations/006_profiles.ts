import type { Kysely } from 'kysely';

/**
 * Issue 12, profiles: which personal fields the owner made public (a JSON array of field names;
 * none by default), and the small (64 px) profile photo beside the 256 px one in profile_photo.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('public_fields', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('profile_photo_small', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('profile_photo_small').execute();
  await db.schema.alterTable('accounts').dropColumn('public_fields').execute();
}
