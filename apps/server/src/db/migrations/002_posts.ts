import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('posts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('author_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('caption', 'text', (c) => c.notNull())
    .addColumn('priority', 'text', (c) => c.notNull())
    .addColumn('current_state', 'text', (c) => c.notNull())
    .addColumn('progress_state', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('landmark', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('pincode', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('assigned_government', 'text', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('final_caption', 'text')
    .addColumn('upvote_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('downvote_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('posts_author_id').on('posts').columns(['author_id', 'id']).execute();
  await db.schema.createIndex('posts_assigned').on('posts').columns(['assigned_government', 'id']).execute();
  await db.schema.createIndex('posts_lat_lng').on('posts').columns(['lat', 'lng']).execute();

  await db.schema
    .createTable('post_images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull()) // 'report' | 'final'
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('thumb_key', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('post_images_post').on('post_images').columns(['post_id', 'kind', 'position']).execute();

  await db.schema
    .createTable('votes')
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull()) // 'upvote' | 'downvote'
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('votes_pk', ['post_id', 'account_id'])
    .execute();
  await db.schema.createIndex('votes_account').on('votes').columns(['account_id', 'type', 'post_id']).execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('parent_id', 'text', (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('author_role', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('comments_post').on('comments').columns(['post_id', 'parent_id', 'id']).execute();
  await db.schema.createIndex('comments_parent').on('comments').columns(['parent_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['comments', 'votes', 'post_images', 'posts']) await db.schema.dropTable(t).execute();
}
