import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('progress_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('actor_id', 'text') // kept when the actor's account is deleted later
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('actor_role', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull()) // advance | regress | final | verify | reject
    .addColumn('from_state', 'text', (c) => c.notNull())
    .addColumn('to_state', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('final_caption', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('progress_history_post').on('progress_history').columns(['post_id', 'id']).execute();
  // Final-update images of a rejected resolution stay, attached to the rejection's history entry.
  await db.schema.alterTable('post_images').addColumn('history_id', 'text').execute();
  await db.schema.alterTable('posts').addColumn('resolved_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('posts').dropColumn('resolved_at').execute();
  await db.schema.alterTable('post_images').dropColumn('history_id').execute();
  await db.schema.dropTable('progress_history').execute();
}
