import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Issue 16 item 4: a department's View Issues as fast as the feed in every order and filter.
 *
 * Before this, a routed list sorted by votes, or filtered by priority or category, joined every one
 * of the department's routes to posts and sorted them (a whole-state department has ~75k routes at
 * 1M posts), and its counts did the same. Now:
 *
 * - post_routes keeps the list's sort and filter keys (priority, upvote_count, downvote_count,
 *   category), copied from the post when a route is written (PostsRepo / JurisdictionsRepo insert
 *   them with the route) and kept in step by a trigger on posts (after a change of any of them, the
 *   post's routes are updated through post_routes_post).
 * - One index per order/filter, each led by the department, so a page is one index range in order.
 * - route_tally(department_id, priority, category, n), kept by triggers on post_routes: a department's
 *   total and its priority/category-filtered counts are a sum over at most 4 x 12 rows.
 *   (A minimum-votes filter is counted on the (department_id, upvote_count/downvote_count) index:
 *   bounded by that department's routes, never by the table.)
 */
const KEYS = ['priority', 'upvote_count', 'downvote_count', 'category'] as const;

const ROUTE_INDEXES: Array<[name: string, columns: string[]]> = [
  ['post_routes_up', ['department_id', 'upvote_count', 'post_id']],
  ['post_routes_down', ['department_id', 'downvote_count', 'post_id']],
  ['post_routes_priority', ['department_id', 'priority', 'post_id']],
  ['post_routes_category', ['department_id', 'category', 'post_id']],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('post_routes').addColumn('priority', 'text', (c) => c.notNull().defaultTo('Low')).execute();
  await db.schema.alterTable('post_routes').addColumn('upvote_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('post_routes').addColumn('downvote_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('post_routes').addColumn('category', 'text', (c) => c.notNull().defaultTo('other')).execute();

  // Backfill, set-based and streaming (one row at a time through the posts primary key on SQLite, a
  // join PostgreSQL may spill to disk): no memory that grows with the table.
  if (postgres) {
    await sql`
      update post_routes r set priority = p.priority, upvote_count = p.upvote_count, downvote_count = p.downvote_count, category = p.category
      from posts p where p.id = r.post_id`.execute(db);
  } else {
    await sql`
      update post_routes set (priority, upvote_count, downvote_count, category) =
        (select p.priority, p.upvote_count, p.downvote_count, p.category from posts p where p.id = post_routes.post_id)`.execute(db);
  }
  for (const [name, columns] of ROUTE_INDEXES) await db.schema.createIndex(name).on('post_routes').columns(columns).execute();

  await db.schema
    .createTable('route_tally')
    .addColumn('department_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('priority', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('route_tally_pk', ['department_id', 'priority', 'category'])
    .execute();
  await sql`
    insert into route_tally (department_id, priority, category, n)
    select department_id, priority, category, count(*) from post_routes group by 1, 2, 3`.execute(db);

  if (postgres) {
    // Two writes moving tallies in opposite directions take the two rows in key order (as
    // category_tally_move, migration 009), so they queue instead of deadlocking.
    await sql`
      create function route_tally_move(o_department text, o_priority text, o_category text, n_department text, n_priority text, n_category text)
      returns void language plpgsql as $$
      declare o_done boolean := o_department is null;
      begin
        if not o_done and (n_department is null or row(o_department, o_priority, o_category) < row(n_department, n_priority, n_category)) then
          update route_tally set n = n - 1 where (department_id, priority, category) = (o_department, o_priority, o_category);
          o_done := true;
        end if;
        if n_department is not null then
          insert into route_tally as t (department_id, priority, category, n) values (n_department, n_priority, n_category, 1)
          on conflict (department_id, priority, category) do update set n = t.n + 1;
        end if;
        if not o_done then
          update route_tally set n = n - 1 where (department_id, priority, category) = (o_department, o_priority, o_category);
        end if;
      end $$`.execute(db);
    await sql`
      create function route_tally_trigger() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          perform route_tally_move(null, null, null, new.department_id, new.priority, new.category);
        elsif tg_op = 'DELETE' then
          perform route_tally_move(old.department_id, old.priority, old.category, null, null, null);
        elsif (old.department_id, old.priority, old.category) is distinct from (new.department_id, new.priority, new.category) then
          perform route_tally_move(old.department_id, old.priority, old.category, new.department_id, new.priority, new.category);
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger post_routes_tally after insert or update or delete on post_routes for each row execute function route_tally_trigger()`.execute(db);
    await sql`
      create function post_route_keys_trigger() returns trigger language plpgsql as $$
      begin
        if (old.priority, old.upvote_count, old.downvote_count, old.category) is distinct from (new.priority, new.upvote_count, new.downvote_count, new.category) then
          update post_routes set priority = new.priority, upvote_count = new.upvote_count, downvote_count = new.downvote_count, category = new.category
          where post_id = new.id;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger posts_route_keys after update of priority, upvote_count, downvote_count, category on posts for each row execute function post_route_keys_trigger()`.execute(db);
    return;
  }

  await sql`
    create trigger post_routes_tally_insert after insert on post_routes begin
      insert into route_tally (department_id, priority, category, n) values (new.department_id, new.priority, new.category, 1)
      on conflict (department_id, priority, category) do update set n = n + 1;
    end`.execute(db);
  await sql`
    create trigger post_routes_tally_delete after delete on post_routes begin
      update route_tally set n = n - 1 where department_id = old.department_id and priority = old.priority and category = old.category;
    end`.execute(db);
  await sql`
    create trigger post_routes_tally_update after update of department_id, priority, category on post_routes
    when old.department_id is not new.department_id or old.priority is not new.priority or old.category is not new.category begin
      update route_tally set n = n - 1 where department_id = old.department_id and priority = old.priority and category = old.category;
      insert into route_tally (department_id, priority, category, n) values (new.department_id, new.priority, new.category, 1)
      on conflict (department_id, priority, category) do update set n = n + 1;
    end`.execute(db);
  await sql`
    create trigger posts_route_keys after update of priority, upvote_count, downvote_count, category on posts
    when old.priority is not new.priority or old.upvote_count is not new.upvote_count
      or old.downvote_count is not new.downvote_count or old.category is not new.category begin
      update post_routes set priority = new.priority, upvote_count = new.upvote_count, downvote_count = new.downvote_count, category = new.category
      where post_id = new.id;
    end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`drop trigger posts_route_keys on posts`.execute(db);
    await sql`drop function post_route_keys_trigger()`.execute(db);
    await sql`drop trigger post_routes_tally on post_routes`.execute(db);
    await sql`drop function route_tally_trigger()`.execute(db);
    await sql`drop function route_tally_move(text, text, text, text, text, text)`.execute(db);
  } else {
    for (const t of ['posts_route_keys', 'post_routes_tally_insert', 'post_routes_tally_delete', 'post_routes_tally_update']) await sql.raw(`drop trigger ${t}`).execute(db);
  }
  await db.schema.dropTable('route_tally').execute();
  for (const [name] of ROUTE_INDEXES) await db.schema.dropIndex(name).execute();
  for (const k of [...KEYS].reverse()) await db.schema.alterTable('post_routes').dropColumn(k).execute();
}
