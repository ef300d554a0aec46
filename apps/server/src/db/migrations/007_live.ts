import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Issue 13, the live connection.
 *
 * - chat_messages: Community Chat. The sender's name and photo are read from the account when
 *   presented (a renamed citizen's old messages show the new name); a deleted account's messages go
 *   with it. Paged newest first by id (ids sort by time).
 * - notifications: one row per recipient, written in the transaction of the event that caused it
 *   (a comment, a progress move, a verification). `post_id` cascades: a deleted report takes its
 *   notifications with it. The facts (actor name, caption, state, reason) are stored; the text is
 *   made from them when presented (shared `notificationText`).
 * - accounts.unread_notifications: the bell's count, kept by triggers (inserts, reads, cascades), so
 *   it is never counted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('author_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // A person's own messages (data export, account deletion's cascade).
  await db.schema.createIndex('chat_messages_author').on('chat_messages').columns(['author_id', 'id']).execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('recipient_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('post_id', 'text', (c) => c.references('posts.id').onDelete('cascade'))
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('caption', 'text', (c) => c.notNull())
    .addColumn('to_state', 'text')
    .addColumn('reason', 'text')
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // The bell's list (newest first, by cursor) and "mark all as read" walk one recipient's range.
  await db.schema.createIndex('notifications_recipient').on('notifications').columns(['recipient_id', 'id']).execute();
  // The post cascade finds a deleted report's notifications without a scan.
  await db.schema.createIndex('notifications_post').on('notifications').column('post_id').execute();

  await db.schema.alterTable('accounts').addColumn('unread_notifications', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  const bump = (row: 'new' | 'old', sign: '+' | '-') =>
    `update accounts set unread_notifications = unread_notifications ${sign} 1 where id = ${row}.recipient_id;`;
  if (postgres) {
    await sql
      .raw(
        `create function notifications_unread() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then
            if new.is_read = 0 then ${bump('new', '+')} end if;
          elsif tg_op = 'DELETE' then
            if old.is_read = 0 then ${bump('old', '-')} end if;
          elsif old.is_read = 0 and new.is_read <> 0 then ${bump('new', '-')}
          elsif old.is_read <> 0 and new.is_read = 0 then ${bump('new', '+')}
          end if;
          return null;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(`create trigger notifications_unread after insert or update of is_read or delete on notifications for each row execute function notifications_unread()`)
      .execute(db);
    return;
  }
  await sql.raw(`create trigger notifications_unread_insert after insert on notifications when new.is_read = 0 begin ${bump('new', '+')} end`).execute(db);
  await sql.raw(`create trigger notifications_unread_delete after delete on notifications when old.is_read = 0 begin ${bump('old', '-')} end`).execute(db);
  await sql
    .raw(`create trigger notifications_unread_read after update of is_read on notifications when old.is_read = 0 and new.is_read <> 0 begin ${bump('new', '-')} end`)
    .execute(db);
  await sql
    .raw(`create trigger notifications_unread_unread after update of is_read on notifications when old.is_read <> 0 and new.is_read = 0 begin ${bump('new', '+')} end`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`drop trigger notifications_unread on notifications`.execute(db);
    await sql`drop function notifications_unread()`.execute(db);
  } else {
    for (const t of ['insert', 'delete', 'read', 'unread']) await sql.raw(`drop trigger notifications_unread_${t}`).execute(db);
  }
  await db.schema.alterTable('accounts').dropColumn('unread_notifications').execute();
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('chat_messages').execute();
}
