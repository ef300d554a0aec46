import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { DEFAULT_SERVICE_LEVELS, dueTimes, nextDueAt, slaStageAt, type Category, type Priority, type ProgressState } from '@civicpulse/shared';

/**
 * Issue 16 items 6 and 7: service levels, escalation and feedback.
 *
 * - service_levels: the admins' overrides of the packages/shared defaults, one row per (category, priority).
 * - posts.response_due_at / resolution_due_at: when the report's levels run out, set when it is filed
 *   and recomputed when its category or priority changes or an admin edits its level.
 * - posts.sla_stage: what was already notified (0 none, 1 overdue, 2 escalated); posts.sla_next_at:
 *   when the sweeper must look at it again (null when nothing is left to notify). The sweeper walks
 *   the partial index posts_sla_next, so it reads only the reports that are due.
 * - post_ratings: the reporter's rating of a fix, one per report (primary key), written with the verification.
 * - department_metrics: each department's counters (take-overs, finishes, times, ratings, score),
 *   updated in the transaction of the take-over / finish / rating. city_key mirrors the department's
 *   accounts.city (a trigger keeps it), so the per-city ranking is one index range.
 *
 * Reports filed before this migration get the default levels, and the stage they are already at, so
 * a deployment does not send a flood of overdue notifications about its backlog.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('service_levels')
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('priority', 'text', (c) => c.notNull())
    .addColumn('response_hours', 'integer', (c) => c.notNull())
    .addColumn('resolution_hours', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('service_levels_pk', ['category', 'priority'])
    .execute();

  await db.schema.alterTable('posts').addColumn('response_due_at', 'text').execute();
  await db.schema.alterTable('posts').addColumn('resolution_due_at', 'text').execute();
  await db.schema.alterTable('posts').addColumn('sla_stage', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('posts').addColumn('sla_next_at', 'text').execute();

  const now = Date.now();
  let after = '';
  for (;;) {
    const rows = await sql<{ id: string; created_at: string; category: Category; priority: Priority; progress_state: ProgressState }>`
      select id, created_at, category, priority, progress_state from posts where id > ${after} order by id limit 1000`.execute(db);
    if (rows.rows.length === 0) break;
    for (const r of rows.rows) {
      const level = DEFAULT_SERVICE_LEVELS[r.category]?.[r.priority] ?? DEFAULT_SERVICE_LEVELS.other.Low;
      const due = dueTimes(Date.parse(r.created_at), level);
      const subject = { createdAt: r.created_at, ...due, progressState: r.progress_state };
      const stage = slaStageAt(subject, now);
      await sql`update posts set response_due_at = ${due.responseDueAt}, resolution_due_at = ${due.resolutionDueAt},
        sla_stage = ${stage}, sla_next_at = ${nextDueAt(subject, stage)} where id = ${r.id}`.execute(db);
    }
    after = rows.rows[rows.rows.length - 1]!.id;
  }
  // The sweeper's walk: only reports with something left to notify, in due order.
  await sql`create index posts_sla_next on posts (sla_next_at) where sla_next_at is not null`.execute(db);
  // An admin's level edit recomputes the open reports of one (category, priority), a range at a time.
  await sql`create index posts_sla_open on posts (category, priority, id) where finished = 0`.execute(db);

  await db.schema
    .createTable('post_ratings')
    .addColumn('post_id', 'text', (c) => c.primaryKey().references('posts.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.notNull())
    .addColumn('department_id', 'text')
    .addColumn('rating', 'text', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // Sums of seconds outgrow 32 bits: bigint on PostgreSQL (SQLite integers are 64-bit anyway).
  const big = postgres ? 'bigint' : 'integer';
  await db.schema
    .createTable('department_metrics')
    .addColumn('department_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('city_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('taken_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('taken_within', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('response_seconds', big, (c) => c.notNull().defaultTo(0))
    .addColumn('finished_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('finished_within', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('resolution_seconds', big, (c) => c.notNull().defaultTo(0))
    .addColumn('rating_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('satisfied_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('neutral_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unsatisfied_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('score', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The ranking of one city: best score first, then department id (the page cursor).
  await sql`create index department_metrics_ranking on department_metrics (city_key, score desc, department_id) where score is not null`.execute(db);

  // A department that moves city moves in the ranking with it.
  const setCity = `update department_metrics set city_key = lower(trim(coalesce(new.city, ''))) where department_id = new.id;`;
  if (postgres) {
    await sql.raw(`create function department_metrics_city() returns trigger language plpgsql as $$ begin ${setCity} return null; end $$`).execute(db);
    await sql.raw(`create trigger accounts_metrics_city after update of city on accounts for each row execute function department_metrics_city()`).execute(db);
  } else {
    await sql.raw(`create trigger accounts_metrics_city after update of city on accounts begin ${setCity} end`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`drop trigger if exists accounts_metrics_city${sql.raw(postgres ? ' on accounts' : '')}`.execute(db);
  if (postgres) await sql`drop function if exists department_metrics_city()`.execute(db);
  await db.schema.dropTable('department_metrics').execute();
  await db.schema.dropTable('post_ratings').execute();
  await sql`drop index if exists posts_sla_open`.execute(db);
  await sql`drop index if exists posts_sla_next`.execute(db);
  for (const c of ['sla_next_at', 'sla_stage', 'resolution_due_at', 'response_due_at']) await db.schema.alterTable('posts').dropColumn(c).execute();
  await db.schema.dropTable('service_levels').execute();
}
