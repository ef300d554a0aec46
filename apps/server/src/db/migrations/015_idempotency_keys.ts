import type { Kysely } from 'kysely';

/**
 * Issue 17 item 7: createPost's Idempotency-Key. A report queued offline may be sent again after its
 * first attempt did reach the server; the key makes the second attempt answer the first one's post.
 *
 * - idempotency_keys: one row per (account, key), written in the report's own transaction, so a key
 *   exists exactly when its post was committed. The primary key settles concurrent duplicates: the
 *   second insert waits for the first transaction (PostgreSQL) or runs after it (SQLite) and finds it.
 * - post_id is deliberately not a foreign key: when the author deletes the report, a late retry of
 *   its key answers 404 Post not found instead of filing the report again.
 * - Keys live 24 h (PostsService.createOnce). idempotency_keys_created lets each keyed create delete
 *   a small batch of expired rows from the front of the index.
 * - Plain text columns and a composite primary key: the same DDL on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('post_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['account_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
