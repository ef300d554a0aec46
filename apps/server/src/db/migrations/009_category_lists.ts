import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Issue 16: every list filters by category, and its counts follow the filter, still without a scan.
 *
 * - category_tally keeps how many posts there are per (category, queue, finished, priority, up, down):
 *   post_tally's key with the category in front. A category-filtered count ("Showing X of Y", a
 *   department list's `matching`) is a sum over one key range of it. It is a separate table rather than
 *   a wider post_tally so the counts without a category (every list's total, the admin figures) keep
 *   summing the rows they summed before. Kept by triggers in the writing transaction, like post_tally,
 *   because posts also change by cascade where no service code runs.
 * - Indexes that lead with the category (after the queue for a department's lists), one per order the
 *   lists offer: a category-filtered page is one short index range in its own order, whatever the
 *   category's share. A walk of the plain order index skipping other categories is not enough: the
 *   categories are not spread evenly over the vote counts (the bench's seed puts every "toilets" report
 *   at 9 downvotes; in real life noise reports gather fewer upvotes than potholes), so such a walk can
 *   pass most of the table before it finds twenty. Cost: a vote now updates five indexes instead of three.
 */
const KEY = ['category', 'queue', 'finished', 'priority', 'up', 'down'] as const;

const POST_INDEXES: Array<[name: string, columns: string[]]> = [
  ['posts_category_new', ['category', 'id']],
  ['posts_category_up', ['category', 'upvote_count', 'id']],
  ['posts_category_down', ['category', 'downvote_count', 'id']],
  ['posts_queue_category_new', ['assigned_government', 'finished', 'category', 'id']],
  ['posts_queue_category_up', ['assigned_government', 'finished', 'category', 'upvote_count', 'id']],
  ['posts_queue_category_down', ['assigned_government', 'finished', 'category', 'downvote_count', 'id']],
];

/** The SQLite trigger statements that count a posts row into category_tally or take one out; migration 025 reuses them. */
export const categoryTallyAdd = (row: 'new') => sql.raw(`
      insert into category_tally (category, queue, finished, priority, up, down, n)
      values (${row}.category, coalesce(${row}.assigned_government, ''), ${row}.finished, ${row}.priority, ${row}.upvote_count, ${row}.downvote_count, 1)
      on conflict (category, queue, finished, priority, up, down) do update set n = n + 1;`);
export const categoryTallyRemove = (row: 'old') => sql.raw(`
      update category_tally set n = n - 1
      where category = ${row}.category and queue = coalesce(${row}.assigned_government, '') and finished = ${row}.finished
        and priority = ${row}.priority and up = ${row}.upvote_count and down = ${row}.downvote_count;`);

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const [name, columns] of POST_INDEXES) await db.schema.createIndex(name).on('posts').columns(columns).execute();

  await db.schema
    .createTable('category_tally')
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('queue', 'text', (c) => c.notNull()) // assigned_government, '' when unassigned
    .addColumn('finished', 'integer', (c) => c.notNull())
    .addColumn('priority', 'text', (c) => c.notNull())
    .addColumn('up', 'integer', (c) => c.notNull())
    .addColumn('down', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('category_tally_pk', [...KEY])
    .execute();
  await sql`
    insert into category_tally (category, queue, finished, priority, up, down, n)
    select category, coalesce(assigned_government, ''), finished, priority, upvote_count, downvote_count, count(*)
    from posts group by 1, 2, 3, 4, 5, 6`.execute(db);

  if (postgres) {
    // As post_tally_move (migration 004): two writes moving tallies in opposite directions take the two
    // rows in key order, so they queue instead of deadlocking.
    await sql`
      create function category_tally_move(o_category text, o_queue text, o_finished integer, o_priority text, o_up integer, o_down integer, o_n integer,
                                          n_category text, n_queue text, n_finished integer, n_priority text, n_up integer, n_down integer, n_n integer)
      returns void language plpgsql as $$
      begin
        if o_n is not null and (n_n is null or row(o_category, o_queue, o_finished, o_priority, o_up, o_down) < row(n_category, n_queue, n_finished, n_priority, n_up, n_down)) then
          update category_tally set n = n - 1 where (category, queue, finished, priority, up, down) = (o_category, o_queue, o_finished, o_priority, o_up, o_down);
          o_n := null;
        end if;
        if n_n is not null then
          insert into category_tally as t (category, queue, finished, priority, up, down, n) values (n_category, n_queue, n_finished, n_priority, n_up, n_down, 1)
          on conflict (category, queue, finished, priority, up, down) do update set n = t.n + 1;
        end if;
        if o_n is not null then
          update category_tally set n = n - 1 where (category, queue, finished, priority, up, down) = (o_category, o_queue, o_finished, o_priority, o_up, o_down);
        end if;
      end $$`.execute(db);
    await sql`
      create function category_tally_trigger() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          perform category_tally_move(null, null, null, null, null, null, null,
            new.category, coalesce(new.assigned_government, ''), new.finished, new.priority, new.upvote_count, new.downvote_count, 1);
        elsif tg_op = 'DELETE' then
          perform category_tally_move(old.category, coalesce(old.assigned_government, ''), old.finished, old.priority, old.upvote_count, old.downvote_count, 1,
            null, null, null, null, null, null, null);
        elsif (old.category, old.assigned_government, old.finished, old.priority, old.upvote_count, old.downvote_count)
              is distinct from (new.category, new.assigned_government, new.finished, new.priority, new.upvote_count, new.downvote_count) then
          perform category_tally_move(old.category, coalesce(old.assigned_government, ''), old.finished, old.priority, old.upvote_count, old.downvote_count, 1,
            new.category, coalesce(new.assigned_government, ''), new.finished, new.priority, new.upvote_count, new.downvote_count, 1);
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger posts_category_tally after insert or update or delete on posts for each row execute function category_tally_trigger()`.execute(db);
    return;
  }

  await sql`create trigger posts_category_tally_insert after insert on posts begin ${categoryTallyAdd('new')} end`.execute(db);
  await sql`create trigger posts_category_tally_delete after delete on posts begin ${categoryTallyRemove('old')} end`.execute(db);
  await sql`
    create trigger posts_category_tally_update after update of category, assigned_government, finished, priority, upvote_count, downvote_count on posts
    when old.category is not new.category or old.assigned_government is not new.assigned_government or old.finished is not new.finished
      or old.priority is not new.priority or old.upvote_count is not new.upvote_count or old.downvote_count is not new.downvote_count
    begin ${categoryTallyRemove('old')} ${categoryTallyAdd('new')} end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`drop trigger posts_category_tally on posts`.execute(db);
    await sql`drop function category_tally_trigger()`.execute(db);
    await sql`drop function category_tally_move(text, text, integer, text, integer, integer, integer, text, text, integer, text, integer, integer, integer)`.execute(db);
  } else {
    for (const t of ['posts_category_tally_insert', 'posts_category_tally_delete', 'posts_category_tally_update']) await sql.raw(`drop trigger ${t}`).execute(db);
  }
  await db.schema.dropTable('category_tally').execute();
  for (const [name] of POST_INDEXES) await db.schema.dropIndex(name).execute();
}
