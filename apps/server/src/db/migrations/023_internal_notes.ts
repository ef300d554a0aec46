import type { Kysely } from 'kysely';

/**
 * Internal notes on a report: written by the department handling it or an admin, read by them only.
 * The author's name and role are kept with the note (a deleted account's notes keep their byline, with
 * author_id null); a report's notes go with it. (post_id, id): a report's notes newest first, paged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('internal_notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('author_role', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('internal_notes_post').on('internal_notes').columns(['post_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('internal_notes').execute();
}
