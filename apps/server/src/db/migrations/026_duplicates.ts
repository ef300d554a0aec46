import type { Kysely } from 'kysely';

/**
 * Duplicate reports. posts.duplicate_of: the report this one repeats (null: not a duplicate); set null
 * when the original is deleted. posts_duplicate_of finds a report's duplicates (a mark refuses a chain).
 *
 * duplicate_moves: exactly the votes and follows a mark added to the original (kind 'vote' with the
 * vote's type, or 'follow'), stamped with the time they were added, so un-marking takes back those and
 * only while they are still the ones added (the voter did not change or remove the vote meanwhile).
 * The rows go with either report or the account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('posts').addColumn('duplicate_of', 'text', (c) => c.references('posts.id').onDelete('set null')).execute();
  await db.schema.createIndex('posts_duplicate_of').on('posts').columns(['duplicate_of']).execute();

  await db.schema
    .createTable('duplicate_moves')
    .addColumn('duplicate_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('original_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull()) // 'vote' | 'follow'
    .addColumn('vote_type', 'text') // 'upvote' | 'downvote' for a vote
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('duplicate_moves_pk', ['duplicate_id', 'account_id', 'kind'])
    .execute();
  // The original's deletion cascades through it (and finds nothing to do without a duplicate).
  await db.schema.createIndex('duplicate_moves_original').on('duplicate_moves').columns(['original_id']).execute();
  await db.schema.createIndex('duplicate_moves_account').on('duplicate_moves').columns(['account_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('duplicate_moves').execute();
  await db.schema.dropIndex('posts_duplicate_of').execute();
  await db.schema.alterTable('posts').dropColumn('duplicate_of').execute();
}
