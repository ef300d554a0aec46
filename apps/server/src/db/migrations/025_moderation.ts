import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { postTallyAdd, postTallyRemove } from './004_scale.js';
import { categoryTallyAdd, categoryTallyRemove } from './009_category_lists.js';
import { MAP_WATCHED, pgFloor, sqliteFloor, upsertCells } from './022_public_map.js';

/**
 * Moderation: flags, the moderators' queue, hidden content and suspensions.
 *
 * - flags: one per account per item (post, comment, reply, chat message), with its reason.
 * - moderation_items: one row per flagged (or moderated) item with its kept flag count, its state
 *   (pending | hidden | dismissed | deleted) and the author's review request. moderation_queue serves
 *   the queue per state by count then age; moderation_author serves an author's own hidden items.
 * - posts/comments/chat_messages.hidden_at: hidden content is kept for moderators and can be restored.
 * - accounts.suspended_until/suspension_reason: a suspended account reads but does not write.
 *
 * A hidden report leaves the public counts: post_tally, category_tally (the lists' totals) and
 * map_cells (the public map) count only visible reports. Their triggers (migrations 004, 009, 022)
 * are made to skip hidden rows, and hiding or restoring a report takes it out of or puts it back
 * into each, in the same transaction. The admin's statistics (post_stats, post_cells) and an
 * account's post_count keep counting every report filed.
 */
const TALLY_COLUMNS = 'assigned_government, finished, priority, upvote_count, downvote_count';
const CATEGORY_COLUMNS = `category, ${TALLY_COLUMNS}`;

const TRIGGERS = ['posts_tally_insert', 'posts_tally_delete', 'posts_tally_update', 'posts_category_tally_insert', 'posts_category_tally_delete', 'posts_category_tally_update', 'posts_map_insert', 'posts_map_delete', 'posts_map_update'];

/** SQLite's count triggers of migrations 004, 009 and 022, each also holding `visible` (for old and new) when given. */
async function sqliteCountTriggers(db: Kysely<unknown>, visible: string): Promise<void> {
  const floor = sqliteFloor;
  const on = (row: 'old' | 'new') => (visible ? `when ${row}.${visible}` : '');
  const both = (columns: string) => {
    const moved = columns
      .split(', ')
      .map((c) => `old.${c} is not new.${c}`)
      .join(' or ');
    return visible ? `when old.${visible} and new.${visible} and (${moved})` : `when ${moved}`;
  };
  await sql`create trigger posts_tally_insert after insert on posts ${sql.raw(on('new'))} begin ${postTallyAdd('new')} end`.execute(db);
  await sql`create trigger posts_tally_delete after delete on posts ${sql.raw(on('old'))} begin ${postTallyRemove('old')} end`.execute(db);
  await sql`
    create trigger posts_tally_update after update of ${sql.raw(TALLY_COLUMNS)} on posts ${sql.raw(both(TALLY_COLUMNS))}
    begin ${postTallyRemove('old')} ${postTallyAdd('new')} end`.execute(db);
  await sql`create trigger posts_category_tally_insert after insert on posts ${sql.raw(on('new'))} begin ${categoryTallyAdd('new')} end`.execute(db);
  await sql`create trigger posts_category_tally_delete after delete on posts ${sql.raw(on('old'))} begin ${categoryTallyRemove('old')} end`.execute(db);
  await sql`
    create trigger posts_category_tally_update after update of ${sql.raw(CATEGORY_COLUMNS)} on posts ${sql.raw(both(CATEGORY_COLUMNS))}
    begin ${categoryTallyRemove('old')} ${categoryTallyAdd('new')} end`.execute(db);
  await sql.raw(`create trigger posts_map_insert after insert on posts ${on('new')} begin ${upsertCells([['new', 1]], floor)} end`).execute(db);
  await sql.raw(`create trigger posts_map_delete after delete on posts ${on('old')} begin ${upsertCells([['old', -1]], floor)} end`).execute(db);
  await sql
    .raw(`create trigger posts_map_update after update of ${MAP_WATCHED.join(', ')} on posts ${both(MAP_WATCHED.join(', '))} begin ${upsertCells([['old', -1], ['new', 1]], floor)} end`)
    .execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema.alterTable('posts').addColumn('hidden_at', 'text').execute();
  await db.schema.alterTable('comments').addColumn('hidden_at', 'text').execute();
  await db.schema.alterTable('chat_messages').addColumn('hidden_at', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('suspended_until', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('suspension_reason', 'text').execute();

  await db.schema
    .createTable('flags')
    .addColumn('item_kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('flags_pk', ['item_kind', 'item_id', 'account_id'])
    .execute();

  await db.schema
    .createTable('moderation_items')
    .addColumn('item_kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    // The report the item belongs to (the post itself, or a comment's post); null for chat.
    .addColumn('post_id', 'text')
    .addColumn('author_id', 'text', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('excerpt', 'text', (c) => c.notNull())
    // 'reply' for a comment with a parent; else the kind.
    .addColumn('shown_kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('flag_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('spam', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('abusive', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('personal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('not_civic', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_flagged_at', 'text', (c) => c.notNull())
    // 'flags' (the threshold hid it) or 'moderator'; null while visible.
    .addColumn('hidden_by', 'text')
    .addColumn('review_requested_at', 'text')
    .addColumn('review_note', 'text')
    .addColumn('decided_by', 'text', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('decided_at', 'text')
    .addPrimaryKeyConstraint('moderation_items_pk', ['item_kind', 'item_id'])
    .execute();
  // The queue: most flags first, then the longest waiting (so a keyset walk of one index range per state).
  await sql`create index moderation_queue on moderation_items (status, flag_count desc, first_flagged_at, item_kind, item_id)`.execute(db);
  // The hidden reports (few: moderation's exceptions), so a department's routed count can leave out
  // the ones routed to it without reading its routes (PostListingRepo.count).
  await sql`create index posts_hidden on posts (id) where hidden_at is not null`.execute(db);
  // A flagger's recent flags (the rate limit counts them).
  await db.schema.createIndex('flags_account').on('flags').columns(['account_id', 'created_at']).execute();
  await db.schema.createIndex('moderation_author').on('moderation_items').columns(['author_id', 'status']).execute();

  if (postgres) {
    const floor = pgFloor;
    // The three public counts skip hidden rows: each combined trigger becomes three with a WHEN.
    for (const [name, fn, columns] of [
      ['posts_tally', 'post_tally_trigger', TALLY_COLUMNS],
      ['posts_category_tally', 'category_tally_trigger', CATEGORY_COLUMNS],
      ['posts_map_cells', 'post_map_cells', MAP_WATCHED.join(', ')],
    ] as const) {
      await sql.raw(`drop trigger ${name} on posts`).execute(db);
      await sql.raw(`create trigger ${name}_ins after insert on posts for each row when (new.hidden_at is null) execute function ${fn}()`).execute(db);
      await sql.raw(`create trigger ${name}_del after delete on posts for each row when (old.hidden_at is null) execute function ${fn}()`).execute(db);
      await sql
        .raw(`create trigger ${name}_upd after update of ${columns} on posts for each row when (old.hidden_at is null and new.hidden_at is null) execute function ${fn}()`)
        .execute(db);
    }
    await sql
      .raw(
        `create function post_visibility() returns trigger language plpgsql as $$
        begin
          if old.hidden_at is null and new.hidden_at is not null then
            perform post_tally_move(coalesce(old.assigned_government, ''), old.finished, old.priority, old.upvote_count, old.downvote_count, 1,
              null, null, null, null, null, null);
            perform category_tally_move(old.category, coalesce(old.assigned_government, ''), old.finished, old.priority, old.upvote_count, old.downvote_count, 1,
              null, null, null, null, null, null, null);
            ${upsertCells([['old', -1]], floor)}
          elsif old.hidden_at is not null and new.hidden_at is null then
            perform post_tally_move(null, null, null, null, null, null,
              coalesce(new.assigned_government, ''), new.finished, new.priority, new.upvote_count, new.downvote_count, 1);
            perform category_tally_move(null, null, null, null, null, null, null,
              new.category, coalesce(new.assigned_government, ''), new.finished, new.priority, new.upvote_count, new.downvote_count, 1);
            ${upsertCells([['new', 1]], floor)}
          end if;
          return null;
        end $$`,
      )
      .execute(db);
    await sql`create trigger posts_visibility after update of hidden_at on posts for each row execute function post_visibility()`.execute(db);
    return;
  }

  for (const t of TRIGGERS) await sql.raw(`drop trigger ${t}`).execute(db);
  await sqliteCountTriggers(db, 'hidden_at is null');
  const floor = sqliteFloor;
  await sql`
    create trigger posts_hide after update of hidden_at on posts when old.hidden_at is null and new.hidden_at is not null
    begin ${postTallyRemove('old')} ${categoryTallyRemove('old')} ${sql.raw(upsertCells([['old', -1]], floor))} end`.execute(db);
  await sql`
    create trigger posts_unhide after update of hidden_at on posts when old.hidden_at is not null and new.hidden_at is null
    begin ${postTallyAdd('new')} ${categoryTallyAdd('new')} ${sql.raw(upsertCells([['new', 1]], floor))} end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`drop trigger posts_visibility on posts`.execute(db);
    await sql`drop function post_visibility()`.execute(db);
    for (const [name, fn, how] of [
      ['posts_tally', 'post_tally_trigger', 'insert or update or delete'],
      ['posts_category_tally', 'category_tally_trigger', 'insert or update or delete'],
      ['posts_map_cells', 'post_map_cells', `insert or update of ${MAP_WATCHED.join(', ')} or delete`],
    ] as const) {
      for (const s of ['ins', 'del', 'upd']) await sql.raw(`drop trigger ${name}_${s} on posts`).execute(db);
      await sql.raw(`create trigger ${name} after ${how} on posts for each row execute function ${fn}()`).execute(db);
    }
  } else {
    for (const t of ['posts_hide', 'posts_unhide', ...TRIGGERS]) await sql.raw(`drop trigger ${t}`).execute(db);
    await sqliteCountTriggers(db, '');
  }
  await db.schema.dropIndex('posts_hidden').execute();
  await db.schema.dropTable('moderation_items').execute();
  await db.schema.dropTable('flags').execute();
  for (const [table, column] of [
    ['accounts', 'suspension_reason'],
    ['accounts', 'suspended_until'],
    ['chat_messages', 'hidden_at'],
    ['comments', 'hidden_at'],
    ['posts', 'hidden_at'],
  ] as const) {
    await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
