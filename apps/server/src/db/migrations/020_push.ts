import { sql, type Kysely } from 'kysely';

/**
 * Issue 27 item 7: Web Push.
 *
 * - push_subscriptions: a browser's subscription (its push service endpoint and keys) per account,
 *   at most 10 per account (counted in the insert's transaction); the endpoint is unique (a browser
 *   subscribing again, or under another account, takes its row over).
 * - push_outbox: one push per subscription per delivered notification, written in the notification's
 *   own transaction (storeEvents), worked by the push sender like the mail queue (claim with a lease,
 *   send, mark; retried with backoff). A subscription the push service says is gone (404/410) is
 *   deleted, and its queued pushes with it (foreign key).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_account').on('push_subscriptions').column('account_id').execute();

  await db.schema
    .createTable('push_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subscription_id', 'text', (c) => c.notNull().references('push_subscriptions.id').onDelete('cascade'))
    .addColumn('payload', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('push_outbox_due').on('push_outbox').column('next_attempt_at').where(sql.ref('status'), '=', 'pending').execute();
  await db.schema.createIndex('push_outbox_subscription').on('push_outbox').column('subscription_id').execute();
  await db.schema.createIndex('push_outbox_sent').on('push_outbox').column('sent_at').where(sql.ref('sent_at'), 'is not', null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_outbox').execute();
  await db.schema.dropTable('push_subscriptions').execute();
}
