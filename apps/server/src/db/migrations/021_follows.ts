import { sql, type Kysely } from 'kysely';

/**
 * Issue 27 item 5: following a report.
 *
 * - follows: who follows which report (primary key post, account; follows_account for one's own list).
 *   posts.follower_count is kept with it, in the same transaction (a follow that inserted a row adds one,
 *   an unfollow that deleted one takes one away), so the count is never a count(*).
 * - Reporters follow their own reports: every existing report gets its reporter as follower here
 *   (set-based), and each new one in its own transaction (a `follow` event).
 * - follow_fanouts: a move to tell a report's followers about, written in the move's transaction and
 *   worked after the commit by the follow notifier (off the request path, one process at a time):
 *   followers in account order, a batch of notifications stored with the cursor that passes them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('follows')
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('follows_pk', ['post_id', 'account_id'])
    .execute();
  await db.schema.createIndex('follows_account').on('follows').columns(['account_id', 'post_id']).execute();
  await db.schema.alterTable('posts').addColumn('follower_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`insert into follows (post_id, account_id, created_at) select id, author_id, created_at from posts`.execute(db);
  await sql`update posts set follower_count = 1`.execute(db);

  await db.schema
    .createTable('follow_fanouts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    /** The notification's facts (NotificationTable without recipient and id) and who not to tell, as JSON. */
    .addColumn('facts', 'text', (c) => c.notNull())
    .addColumn('after_account', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('follow_fanouts_created').on('follow_fanouts').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('follow_fanouts').execute();
  await db.schema.alterTable('posts').dropColumn('follower_count').execute();
  await db.schema.dropTable('follows').execute();
}
