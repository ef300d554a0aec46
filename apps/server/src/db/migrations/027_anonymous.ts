import type { Kysely } from 'kysely';

/**
 * Anonymous reports. posts.anonymous: 1 when the reporter hid their name (shown as "A resident" to all
 * but the reporter, the admins and the assigned department; policies/anonymity.ts). The categories are a
 * fixed list in packages/shared, so their admin-edited settings get a table of their own, one row per
 * category an admin has set: category_settings.anonymous_allowed (1: residents may hide their name; a
 * category without a row allows it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('posts').addColumn('anonymous', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema
    .createTable('category_settings')
    .addColumn('category', 'text', (c) => c.primaryKey())
    .addColumn('anonymous_allowed', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_by', 'text', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('category_settings').execute();
  await db.schema.alterTable('posts').dropColumn('anonymous').execute();
}
