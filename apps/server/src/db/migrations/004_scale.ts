import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Issue 10, "Fast at a million reports": every list, sort and count is served by an index or a kept
 * counter.
 *
 * - posts.finished (0/1) mirrors progress_state = 'Finished' as an equality a composite index can
 *   lead with, so "assigned to me and still open, most upvoted first" walks one index in order.
 * - One index per (queue, sort) the app offers: the queue is (assigned_government, finished) for the
 *   department lists, the whole table for the admin and spec lists, the author for My Issues.
 * - post_tally keeps how many posts there are per (department, finished, priority, upvotes,
 *   downvotes). Every count the app shows ("Showing X of Y", with any priority and minimum-vote
 *   filter) is a sum over a few of its rows instead of a scan. It is kept by triggers, in the same
 *   transaction as the write, because posts also change by cascade (an account deleted takes its
 *   posts; a department deleted leaves its posts unassigned) where no service code runs.
 */
const TALLY_KEY = ['queue', 'finished', 'priority', 'up', 'down'] as const;

const POST_INDEXES: Array<[name: string, columns: string[]]> = [
  ['posts_queue_new', ['assigned_government', 'finished', 'id']],
  ['posts_queue_up', ['assigned_government', 'finished', 'upvote_count', 'id']],
  ['posts_queue_down', ['assigned_government', 'finished', 'downvote_count', 'id']],
  ['posts_up', ['upvote_count', 'id']],
  ['posts_down', ['downvote_count', 'id']],
  ['posts_author_up', ['author_id', 'upvote_count', 'id']],
  ['posts_author_down', ['author_id', 'downvote_count', 'id']],
];

/** The SQLite trigger statements that count a posts row (`new`) into post_tally or take one (`old`) out; migration 025 reuses them. */
export const postTallyAdd = (row: 'new') => sql.raw(`
      insert into post_tally (queue, finished, priority, up, down, n)
      values (coalesce(${row}.assigned_government, ''), ${row}.finished, ${row}.priority, ${row}.upvote_count, ${row}.downvote_count, 1)
      on conflict (queue, finished, priority, up, down) do update set n = n + 1;`);
export const postTallyRemove = (row: 'old') => sql.raw(`
      update post_tally set n = n - 1
      where queue = coalesce(${row}.assigned_government, '') and finished = ${row}.finished and priority = ${row}.priority
        and up = ${row}.upvote_count and down = ${row}.downvote_count;`);

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('posts').addColumn('finished', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update posts set finished = 1 where progress_state = 'Finished'`.execute(db);
  // (assigned_government, id) is the leading part of posts_queue_new's key for every list that used it.
  await db.schema.dropIndex('posts_assigned').execute();
  for (const [name, columns] of POST_INDEXES) await db.schema.createIndex(name).on('posts').columns(columns).execute();
  // The voted lists read one account's votes of one type, most recent first.
  await db.schema.dropIndex('votes_account').execute();
  await db.schema.createIndex('votes_account_recent').on('votes').columns(['account_id', 'type', 'created_at', 'post_id']).execute();
  // Only replies have a parent: indexing just those keeps "top-level comments of a post" (parent_id is
  // null) from ever being answered by walking every top-level comment of every post.
  await db.schema.dropIndex('comments_parent').execute();
  await db.schema
    .createIndex('comments_replies')
    .on('comments')
    .columns(['parent_id', 'id'])
    .where(sql.ref('parent_id'), 'is not', null)
    .execute();
  // A card lists a post's most recent voters: a bounded range of this index per post.
  await db.schema.createIndex('votes_post_recent').on('votes').columns(['post_id', 'created_at']).execute();

  await db.schema
    .createTable('post_tally')
    .addColumn('queue', 'text', (c) => c.notNull()) // assigned_government, '' when unassigned
    .addColumn('finished', 'integer', (c) => c.notNull())
    .addColumn('priority', 'text', (c) => c.notNull())
    .addColumn('up', 'integer', (c) => c.notNull())
    .addColumn('down', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_tally_pk', [...TALLY_KEY])
    .execute();
  await sql`
    insert into post_tally (queue, finished, priority, up, down, n)
    select coalesce(assigned_government, ''), finished, priority, upvote_count, downvote_count, count(*)
    from posts group by 1, 2, 3, 4, 5`.execute(db);

  if (postgres) {
    // Two writes that move tallies in opposite directions (A to B, B to A) touch the same two rows;
    // taking them in key order means they queue instead of deadlocking.
    await sql`
      create function post_tally_move(o_queue text, o_finished integer, o_priority text, o_up integer, o_down integer, o_n integer,
                                      n_queue text, n_finished integer, n_priority text, n_up integer, n_down integer, n_n integer)
      returns void language plpgsql as $$
      begin
        if o_n is not null and (n_n is null or row(o_queue, o_finished, o_priority, o_up, o_down) < row(n_queue, n_finished, n_priority, n_up, n_down)) then
          update post_tally set n = n - 1 where (queue, finished, priority, up, down) = (o_queue, o_finished, o_priority, o_up, o_down);
          o_n := null;
        end if;
        if n_n is not null then
          insert into post_tally as t (queue, finished, priority, up, down, n) values (n_queue, n_finished, n_priority, n_up, n_down, 1)
          on conflict (queue, finished, priority, up, down) do update set n = t.n + 1;
        end if;
        if o_n is not null then
          update post_tally set n = n - 1 where (queue, finished, priority, up, down) = (o_queue, o_finished, o_priority, o_up, o_down);
        end if;
      end $$`.execute(db);
    await sql`
      create function post_tally_trigger() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          perform post_tally_move(null, null, null, null, null, null,
            coalesce(new.assigned_government, ''), new.finished, new.priority, new.upvote_count, new.downvote_count, 1);
        elsif tg_op = 'DELETE' then
          perform post_tally_move(coalesce(old.assigned_government, ''), old.finished, old.priority, old.upvote_count, old.downvote_count, 1,
            null, null, null, null, null, null);
        elsif (old.assigned_government, old.finished, old.priority, old.upvote_count, old.downvote_count)
              is distinct from (new.assigned_government, new.finished, new.priority, new.upvote_count, new.downvote_count) then
          perform post_tally_move(coalesce(old.assigned_government, ''), old.finished, old.priority, old.upvote_count, old.downvote_count, 1,
            coalesce(new.assigned_government, ''), new.finished, new.priority, new.upvote_count, new.downvote_count, 1);
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger posts_tally after insert or update or delete on posts for each row execute function post_tally_trigger()`.execute(db);
    return;
  }

  await sql`create trigger posts_tally_insert after insert on posts begin ${postTallyAdd('new')} end`.execute(db);
  await sql`create trigger posts_tally_delete after delete on posts begin ${postTallyRemove('old')} end`.execute(db);
  await sql`
    create trigger posts_tally_update after update of assigned_government, finished, priority, upvote_count, downvote_count on posts
    when old.assigned_government is not new.assigned_government or old.finished is not new.finished or old.priority is not new.priority
      or old.upvote_count is not new.upvote_count or old.downvote_count is not new.downvote_count
    begin ${postTallyRemove('old')} ${postTallyAdd('new')} end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`drop trigger posts_tally on posts`.execute(db);
    await sql`drop function post_tally_trigger()`.execute(db);
    await sql`drop function post_tally_move(text, integer, text, integer, integer, integer, text, integer, text, integer, integer, integer)`.execute(db);
  } else {
    for (const t of ['posts_tally_insert', 'posts_tally_delete', 'posts_tally_update']) await sql.raw(`drop trigger ${t}`).execute(db);
  }
  await db.schema.dropTable('post_tally').execute();
  await db.schema.dropIndex('votes_post_recent').execute();
  await db.schema.dropIndex('comments_replies').execute();
  await db.schema.createIndex('comments_parent').on('comments').columns(['parent_id', 'id']).execute();
  await db.schema.dropIndex('votes_account_recent').execute();
  await db.schema.createIndex('votes_account').on('votes').columns(['account_id', 'type', 'post_id']).execute();
  for (const [name] of POST_INDEXES) await db.schema.dropIndex(name).execute();
  await db.schema.createIndex('posts_assigned').on('posts').columns(['assigned_government', 'id']).execute();
  await db.schema.alterTable('posts').dropColumn('finished').execute();
}
