import { sql, type Kysely } from 'kysely';

/**
 * Grouped bell items. Rapid moves on one report (taken over, progress, verify request, fix confirmed or
 * rejected, a follower's update) reach a recipient as ONE notification that is updated in place
 * (shared NOTIFICATION_GROUP_WINDOW_MS, events/notifications.ts):
 * - notifications.group_key: `post:<id>` while the item still takes updates; null for every other
 *   notification and once a later move came after the window (the item is then left as it is).
 * - notifications.group_id: the id the item had when its group began (it gets a new id, on top, with
 *   each update; clients drop an older copy with the same group_id). null: never grouped.
 * - notifications.update_count: how many moves the item stands for (1 for an ordinary one).
 * - notifications_group: unique (recipient_id, group_key) where group_key is set, so two moves at once
 *   on PostgreSQL upsert the same row (INSERT ... ON CONFLICT DO UPDATE) instead of adding two.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('group_key', 'text').execute();
  await db.schema.alterTable('notifications').addColumn('group_id', 'text').execute();
  await db.schema.alterTable('notifications').addColumn('update_count', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema
    .createIndex('notifications_group')
    .unique()
    .on('notifications')
    .columns(['recipient_id', 'group_key'])
    .where(sql.ref('group_key'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('notifications_group').execute();
  await db.schema.alterTable('notifications').dropColumn('update_count').execute();
  await db.schema.alterTable('notifications').dropColumn('group_id').execute();
  await db.schema.alterTable('notifications').dropColumn('group_key').execute();
}
