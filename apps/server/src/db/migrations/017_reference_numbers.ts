import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { STATE_CODES, UNKNOWN_STATE_CODE } from '@civicpulse/shared';

/**
 * Reference numbers (`CP-MH-2026-000123`, shared/reference.ts).
 *
 * - reference_counters: one row per prefix (`CP-MH-2026`), the last number given. A new report takes
 *   the next one in its own transaction (PostsRepo.insert: an upsert that answers the new value), so a
 *   report that fails takes none, and two reports filed at once in one state wait for each other only
 *   for that one statement's row lock (PostgreSQL) or run one after the other (SQLite): never the same
 *   number. posts_reference, a unique index, also looks a report up by its number (search, Open311).
 * - Reports filed before this are numbered here, per prefix in the order they were filed, and the
 *   counters start after them. Set-based (a window over posts joined to a table of the state codes),
 *   so a million reports take seconds, not a million statements.
 * - The column is nullable in the DDL only because SQLite can't add a NOT NULL column without a
 *   default; every row has one after this, and every insert writes one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('reference_counters')
    .addColumn('prefix', 'text', (c) => c.primaryKey())
    .addColumn('last', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('posts').addColumn('reference', 'text').execute();

  await db.schema.createTable('reference_state_codes').addColumn('state', 'text', (c) => c.primaryKey()).addColumn('code', 'text', (c) => c.notNull()).execute();
  const codes = Object.entries(STATE_CODES).map(([state, code]) => sql`(${state}, ${code})`);
  await sql`insert into reference_state_codes (state, code) values ${sql.join(codes)}`.execute(db);

  const prefix = sql`'CP-' || coalesce(c.code, ${UNKNOWN_STATE_CODE}) || '-' || substr(p.created_at, 1, 4)`;
  await sql`
    create table reference_backfill as
    select p.id as id, ${prefix} as prefix,
           row_number() over (partition by ${prefix} order by p.created_at, p.id) as n
    from posts p left join reference_state_codes c on c.state = p.state`.execute(db);
  // Six digits at least, more when a prefix passes 999,999 (lpad and substr would cut them off).
  const padded = postgres
    ? sql`case when b.n < 1000000 then lpad(b.n::text, 6, '0') else b.n::text end`
    : sql`case when b.n < 1000000 then substr('000000' || b.n, -6) else cast(b.n as text) end`;
  await sql`update posts set reference = b.prefix || '-' || ${padded} from reference_backfill b where b.id = posts.id`.execute(db);
  await sql`insert into reference_counters (prefix, last) select prefix, max(n) from reference_backfill group by prefix`.execute(db);
  await db.schema.dropTable('reference_backfill').execute();
  await db.schema.dropTable('reference_state_codes').execute();

  await db.schema.createIndex('posts_reference').unique().on('posts').column('reference').execute();
  if (postgres) await sql`alter table posts alter column reference set not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('posts_reference').execute();
  await db.schema.alterTable('posts').dropColumn('reference').execute();
  await db.schema.dropTable('reference_counters').execute();
}
