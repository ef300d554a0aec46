import type { Kysely } from 'kysely';

/**
 * Issue 12, profiles: which personal fields the owner made public (a JSON array of field names;
 * none by default), the small (64 px) profile photo beside the 256 px one in profile_photo, the
 * token version a password change raises, and the notification preferences.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('public_fields', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('profile_photo_small', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('accounts').addColumn('notification_prefs', 'text').execute();
  // A person's own comments (the profile's count, the data export) without reading every comment.
  await db.schema.createIndex('comments_author').on('comments').columns(['author_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('comments_author').execute();
  await db.schema.alterTable('accounts').dropColumn('notification_prefs').execute();
  await db.schema.alterTable('accounts').dropColumn('token_version').execute();
  await db.schema.alterTable('accounts').dropColumn('profile_photo_small').execute();
  await db.schema.alterTable('accounts').dropColumn('public_fields').execute();
}
