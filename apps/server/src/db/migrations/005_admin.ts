import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { HEATMAP_SCALES } from '@civicpulse/shared';

/**
 * Issue 11, the admin console.
 *
 * - audit_log: who did what to which target, why and when; written in the transaction of the action.
 * - accounts.post_count: kept by triggers, so the users list shows report counts without counting.
 * - accounts.revoked_reason: why an admin last revoked a department's verification.
 * - posts.take_bucket / finish_bucket: how long the report waited for a department to take it over
 *   and to be Finished, as log-scale buckets (shared `durationBucket`, written by the service; the
 *   backfill below uses the same formula in SQL).
 * - post_stats (dim, key, n): every figure of the admin home that would otherwise scan the posts:
 *   reports per progress state, priority, Indian state and day; resolutions per day; open reports
 *   per priority and day (for "open for more than 7/30 days"); the take-over and finish time
 *   buckets, overall and per department. post_cells (level, cx, cy, n): open reports per grid cell
 *   at three sizes for the heatmap. Both are kept by triggers in the writing transaction, like
 *   post_tally (migration 004), because cascades change posts where no service code runs.
 */

/** The kept figures of one posts row `r`: a key per dimension, NULL when the row has none there. */
function statKeys(r: string): Array<[dim: string, key: string]> {
  return [
    ['progress', `${r}.progress_state`],
    ['priority', `${r}.priority`],
    ['state', `${r}.state`],
    ['day', `substr(${r}.created_at, 1, 10)`],
    ['resolved_day', `substr(${r}.resolved_at, 1, 10)`],
    ['open_day', `case when ${r}.finished = 0 then ${r}.priority || '|' || substr(${r}.created_at, 1, 10) end`],
    ['take', `cast(${r}.take_bucket as text)`],
    ['take_dept', `${r}.assigned_government || '|' || cast(${r}.take_bucket as text)`],
    ['finish', `cast(${r}.finish_bucket as text)`],
    ['finish_dept', `${r}.assigned_government || '|' || cast(${r}.finish_bucket as text)`],
  ];
}

type Floor = (expr: string) => string;
const pgFloor: Floor = (e) => `floor(${e})::integer`;
// SQLite's CAST truncates toward zero; one less for negative non-integers makes it a floor.
const sqliteFloor: Floor = (e) => `(cast(${e} as integer) - ((${e}) < cast(${e} as integer)))`;

/** Open reports only: the heatmap shows what still needs doing. */
function cellKeys(r: string, floor: Floor): Array<[level: number, cx: string, cy: string]> {
  return HEATMAP_SCALES.map((scale, level) => [
    level,
    `case when ${r}.finished = 0 then ${floor(`${r}.lng * ${scale}`)} end`,
    floor(`${r}.lat * ${scale}`),
  ]);
}

/** One SELECT per figure and row, UNION ALL'd; `from` makes it read a table (the backfill) instead of a trigger's row. */
function statsRows(rows: Array<[r: string, sign: number]>, from = ''): string {
  return rows.flatMap(([r, sign]) => statKeys(r).map(([dim, key]) => `select '${dim}' as dim, ${key} as key, ${sign} as d ${from}`)).join(' union all ');
}

function cellRows(rows: Array<[r: string, sign: number]>, floor: Floor, from = ''): string {
  return rows
    .flatMap(([r, sign]) => cellKeys(r, floor).map(([level, cx, cy]) => `select ${level} as level, ${cx} as cx, ${cy} as cy, ${sign} as d ${from}`))
    .join(' union all ');
}

/**
 * Rows are applied in key order, so two transactions that move counts in opposite directions take
 * their row locks in the same order on PostgreSQL and queue instead of deadlocking.
 */
function upsertStats(rows: Array<[r: string, sign: number]>): string {
  return `insert into post_stats (dim, key, n)
    select dim, key, sum(d) from (${statsRows(rows)}) as x
    where key is not null group by dim, key having sum(d) <> 0 order by dim, key
    on conflict (dim, key) do update set n = post_stats.n + excluded.n;`;
}

function upsertCells(rows: Array<[r: string, sign: number]>, floor: Floor): string {
  return `insert into post_cells (level, cx, cy, n)
    select level, cx, cy, sum(d) from (${cellRows(rows, floor)}) as x
    where cx is not null group by level, cx, cy having sum(d) <> 0 order by level, cx, cy
    on conflict (level, cx, cy) do update set n = post_cells.n + excluded.n;`;
}

const WATCHED = [
  'progress_state',
  'priority',
  'state',
  'created_at',
  'resolved_at',
  'finished',
  'take_bucket',
  'finish_bucket',
  'assigned_government',
  'lat',
  'lng',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const floor = postgres ? pgFloor : sqliteFloor;

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey()) // time-ordered: newest first is the key's order
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('target_label', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_target').on('audit_log').columns(['target_id', 'id']).execute();

  await db.schema.alterTable('accounts').addColumn('post_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('accounts').addColumn('revoked_reason', 'text').execute();
  await sql`update accounts set post_count = (select count(*) from posts where posts.author_id = accounts.id)`.execute(db);
  // Admin lists: newest first per role; pending departments first; departments by resolved count.
  await db.schema.createIndex('accounts_role_id').on('accounts').columns(['role', 'id']).execute();
  // Declared with id descending: the list reads pending first (is_verified ascending), newest first within each.
  await db.schema.createIndex('accounts_role_verified').on('accounts').columns(['role', 'is_verified', 'id desc']).execute();
  await db.schema.createIndex('accounts_role_resolved').on('accounts').columns(['role', 'resolved_issues_count', 'id']).execute();

  await db.schema.alterTable('posts').addColumn('take_bucket', 'integer').execute();
  await db.schema.alterTable('posts').addColumn('finish_bucket', 'integer').execute();
  // The admin's progress filter.
  await db.schema.createIndex('posts_progress').on('posts').columns(['progress_state', 'id']).execute();

  // Times of existing reports (taken over at the last move out of Unseen, finished at resolved_at), in
  // one statement: the same formula as the shared durationBucket, in each engine's SQL.
  const minutes = (later: string, earlier: string) =>
    postgres
      ? `(extract(epoch from (${later}::timestamptz - ${earlier}::timestamptz)) / 60.0)`
      : `((julianday(${later}) - julianday(${earlier})) * 1440.0)`;
  const bucket = (m: string) => `cast(floor(ln(${postgres ? 'greatest' : 'max'}(0, ${m}) + 1) / ln(1.1)) as integer)`;
  const takenAt = `(select max(h.created_at) from progress_history h where h.post_id = posts.id and h.from_state = 'Unseen')`;
  await sql
    .raw(
      `update posts set
         take_bucket = case when assigned_government is not null then ${bucket(minutes(takenAt, 'posts.created_at'))} end,
         finish_bucket = case when resolved_at is not null then ${bucket(minutes('posts.resolved_at', 'posts.created_at'))} end
       where assigned_government is not null or resolved_at is not null`,
    )
    .execute(db);

  await db.schema
    .createTable('post_stats')
    .addColumn('dim', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_stats_pk', ['dim', 'key'])
    .execute();
  await db.schema
    .createTable('post_cells')
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('cx', 'integer', (c) => c.notNull())
    .addColumn('cy', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_cells_pk', ['level', 'cx', 'cy'])
    .execute();
  await sql
    .raw(
      `insert into post_stats (dim, key, n)
       select dim, key, sum(d) from (${statsRows([['p', 1]], 'from posts p')}) as y
       where key is not null group by dim, key`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into post_cells (level, cx, cy, n)
       select level, cx, cy, sum(d) from (${cellRows([['p', 1]], floor, 'from posts p')}) as y
       where cx is not null group by level, cx, cy`,
    )
    .execute(db);

  if (postgres) {
    await sql
      .raw(
        `create function post_admin_stats() returns trigger language plpgsql as $$
        begin
          ${upsertStats([['old', -1], ['new', 1]])}
          ${upsertCells([['old', -1], ['new', 1]], floor)}
          if tg_op = 'INSERT' then
            update accounts set post_count = post_count + 1 where id = new.author_id;
          elsif tg_op = 'DELETE' then
            update accounts set post_count = post_count - 1 where id = old.author_id;
          end if;
          return null;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(`create trigger posts_admin_stats after insert or update of ${WATCHED.join(', ')} or delete on posts for each row execute function post_admin_stats()`)
      .execute(db);
    return;
  }

  await sql
    .raw(
      `create trigger posts_stats_insert after insert on posts begin
        ${upsertStats([['new', 1]])}
        ${upsertCells([['new', 1]], floor)}
        update accounts set post_count = post_count + 1 where id = new.author_id;
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger posts_stats_delete after delete on posts begin
        ${upsertStats([['old', -1]])}
        ${upsertCells([['old', -1]], floor)}
        update accounts set post_count = post_count - 1 where id = old.author_id;
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger posts_stats_update after update of ${WATCHED.join(', ')} on posts
      when ${WATCHED.map((c) => `old.${c} is not new.${c}`).join(' or ')}
      begin
        ${upsertStats([['old', -1], ['new', 1]])}
        ${upsertCells([['old', -1], ['new', 1]], floor)}
      end`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`drop trigger posts_admin_stats on posts`.execute(db);
    await sql`drop function post_admin_stats()`.execute(db);
  } else {
    for (const t of ['posts_stats_insert', 'posts_stats_delete', 'posts_stats_update']) await sql.raw(`drop trigger ${t}`).execute(db);
  }
  await db.schema.dropTable('post_cells').execute();
  await db.schema.dropTable('post_stats').execute();
  await db.schema.dropIndex('posts_progress').execute();
  await db.schema.alterTable('posts').dropColumn('finish_bucket').execute();
  await db.schema.alterTable('posts').dropColumn('take_bucket').execute();
  for (const i of ['accounts_role_id', 'accounts_role_verified', 'accounts_role_resolved']) await db.schema.dropIndex(i).execute();
  await db.schema.alterTable('accounts').dropColumn('revoked_reason').execute();
  await db.schema.alterTable('accounts').dropColumn('post_count').execute();
  await db.schema.dropTable('audit_log').execute();
}
