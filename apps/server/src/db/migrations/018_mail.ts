import { sql, type Kysely } from 'kysely';

/**
 * Issue 27 items 3 and 4: email.
 *
 * - mail_outbox: the durable queue. A write that sends an email (a notification, a verification or
 *   reset link) stores its row in the write's own transaction, so the email exists exactly when the
 *   write committed. The sender (modules/mail) works it one process at a time: it moves a due row's
 *   next_attempt_at past a lease and counts the attempt (committed) before handing it to SMTP, marks it
 *   sent after; a process killed mid-send leaves the row due again when the lease ends, and the retry
 *   carries the same Message-ID (made from the row's id). Failures are retried with backoff, up to a limit, then kept as failed.
 *   mail_outbox_due serves "what is due" (a partial index: sent and failed rows are not in it).
 *   payload holds the facts the email is made from (rendered when sent, in the account's language);
 *   a link's raw token is in it until the row is sent, then the payload is cleared.
 * - account_tokens: verification and reset links, stored as SHA-256 of the token (a database leak
 *   gives no working link); single use (used_at set by a compare-and-set), expiring.
 * - accounts.email_verified_at; accounts.email_prefs (JSON: kind → immediately | daily | off; null =
 *   defaults); accounts.digest_since: the first not-yet-summarised notification of a daily kind, so the
 *   digest sweep reads only accounts with something to send (accounts_digest_since, partial).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('email_verified_at', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('email_prefs', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('digest_since', 'text').execute();
  await db.schema.createIndex('accounts_digest_since').on('accounts').column('digest_since').where(sql.ref('digest_since'), 'is not', null).execute();

  // The daily summary reads one account's notifications since digest_since.
  await db.schema.createIndex('notifications_recipient_created').on('notifications').columns(['recipient_id', 'created_at']).execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('mail_outbox_due').on('mail_outbox').column('next_attempt_at').where(sql.ref('status'), '=', 'pending').execute();
  await db.schema.createIndex('mail_outbox_account').on('mail_outbox').column('account_id').execute();
  await db.schema.createIndex('mail_outbox_sent').on('mail_outbox').column('sent_at').where(sql.ref('sent_at'), 'is not', null).execute();

  await db.schema
    .createTable('account_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('account_tokens_account').on('account_tokens').columns(['account_id', 'purpose']).execute();
  await db.schema.createIndex('account_tokens_expires').on('account_tokens').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_tokens').execute();
  await db.schema.dropTable('mail_outbox').execute();
  await db.schema.dropIndex('notifications_recipient_created').execute();
  await db.schema.dropIndex('accounts_digest_since').execute();
  for (const c of ['digest_since', 'email_prefs', 'email_verified_at']) await db.schema.alterTable('accounts').dropColumn(c).execute();
}
