import type { Kysely } from 'kysely';

/**
 * Issue 16, Open311 GeoReport v2 and open data.
 *
 * - open311_keys: one row per key an admin issued to a partner system. Only the SHA-256 of the key is
 *   stored (the key is 32 random bytes, so a plain hash is enough; it is shown once when issued) with
 *   its first characters to recognise it. Each key has a system account (role 'user', the partner's
 *   name, no usable password) that authors the partner's reports; deleting that account deletes the key.
 *   last_used_at and request_count are updated on each accepted POST (one small update per report).
 * - posts_state_id: the open data export filtered by state walks one state's range newest first
 *   instead of the whole table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('open311_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('contact', 'text')
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('request_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('open311_keys_account').on('open311_keys').column('account_id').execute();
  await db.schema.createIndex('posts_state_id').on('posts').columns(['state', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('posts_state_id').execute();
  await db.schema.dropTable('open311_keys').execute();
}
