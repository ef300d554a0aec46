import type { Kysely } from 'kysely';

/**
 * Issue 12, profiles: which personal fields the owner made public (a JSON array of field names;
 * none by default), the small (64 px) profile photo beside the 256 px one in profile_photo, the
 * time before which tokens no longer work (set by a password change), and the notification preferences.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('public_fields', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('profile_photo_small', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('sessions_from', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('accounts').addColumn('notification_prefs', 'text').execute();
  // A person's own comments (the profile's count, the data export) without reading every comment.
  await db.schema.createIndex('comments_author').on('comments').columns(['author_id', 'id']).execute();
  // A department's recent activity on its profile: its latest moves.
  await db.schema.createIndex('progress_history_actor').on('progress_history').columns(['actor_id', 'id']).execute();
  // A citizen's resolved reports, counted on the author's range.
  await db.schema.createIndex('posts_author_finished').on('posts').columns(['author_id', 'finished']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('posts_author_finished').execute();
  await db.schema.dropIndex('progress_history_actor').execute();
  await db.schema.dropIndex('comments_author').execute();
  await db.schema.alterTable('accounts').dropColumn('notification_prefs').execute();
  await db.schema.alterTable('accounts').dropColumn('sessions_from').execute();
  await db.schema.alterTable('accounts').dropColumn('profile_photo_small').execute();
  await db.schema.alterTable('accounts').dropColumn('public_fields').execute();
}
