import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { HEATMAP_SCALES } from '@civicpulse/shared';

/**
 * Public reports: the map's groups and the list's place filters, at a million reports.
 *
 * - map_cells (level, cx, cy, category, progress_state, n): every report per grid cell at the three
 *   sizes of the heatmap (1°, 0.1°, 0.01°), per category and progress state, so a map view filtered by
 *   either is a sum over one primary-key range of cells, never a read of the reports. Kept by triggers
 *   in the writing transaction, like post_cells (migration 005), because cascades change posts where no
 *   service code runs; rows are written in key order so two writers queue instead of deadlocking.
 * - Place filters of the public list, each with an index per order it offers (newest/oldest walk
 *   (key, id), most upvoted walks (key, upvote_count, id)): a pincode or a town with ten reports is
 *   one short index range, not a walk of the whole order skipping other places. The state's (state, id)
 *   exists (migration 012). The city is matched in any case: its indexes are on lower(city), and the
 *   query compares lower(city) with lower(the value) so both sides use the same engine's lower().
 *   Cost: a vote now updates three more indexes (the *_up ones).
 */
export type Floor = (expr: string) => string;
export const pgFloor: Floor = (e) => `floor(${e})::integer`;
// SQLite's CAST truncates toward zero; one less for negative non-integers makes it a floor.
export const sqliteFloor: Floor = (e) => `(cast(${e} as integer) - ((${e}) < cast(${e} as integer)))`;

function cellRows(rows: Array<[r: string, sign: number]>, floor: Floor, from = ''): string {
  return rows
    .flatMap(([r, sign]) =>
      HEATMAP_SCALES.map(
        (scale, level) =>
          `select ${level} as level, ${floor(`${r}.lng * ${scale}`)} as cx, ${floor(`${r}.lat * ${scale}`)} as cy, ${r}.category as category, ${r}.progress_state as progress_state, ${sign} as d ${from}`,
      ),
    )
    .join(' union all ');
}

const KEY = 'level, cx, cy, category, progress_state';

export function upsertCells(rows: Array<[r: string, sign: number]>, floor: Floor): string {
  return `insert into map_cells (${KEY}, n)
    select ${KEY}, sum(d) from (${cellRows(rows, floor)}) as x
    group by ${KEY} having sum(d) <> 0 order by ${KEY}
    on conflict (${KEY}) do update set n = map_cells.n + excluded.n;`;
}

export const MAP_WATCHED = ['lat', 'lng', 'category', 'progress_state'];

const PLACE_INDEXES: Array<[name: string, columns: string]> = [
  ['posts_city_new', 'lower(city), id'],
  ['posts_city_up', 'lower(city), upvote_count, id'],
  ['posts_pincode_new', 'pincode, id'],
  ['posts_pincode_up', 'pincode, upvote_count, id'],
  ['posts_state_up', 'state, upvote_count, id'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const floor = postgres ? pgFloor : sqliteFloor;

  for (const [name, columns] of PLACE_INDEXES) await sql.raw(`create index ${name} on posts (${columns})`).execute(db);

  await db.schema
    .createTable('map_cells')
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('cx', 'integer', (c) => c.notNull())
    .addColumn('cy', 'integer', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('progress_state', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('map_cells_pk', ['level', 'cx', 'cy', 'category', 'progress_state'])
    .execute();
  await sql.raw(`insert into map_cells (${KEY}, n) select ${KEY}, sum(d) from (${cellRows([['p', 1]], floor, 'from posts p')}) as y group by ${KEY}`).execute(db);

  if (postgres) {
    await sql
      .raw(
        `create function post_map_cells() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then
            ${upsertCells([['new', 1]], floor)}
          elsif tg_op = 'DELETE' then
            ${upsertCells([['old', -1]], floor)}
          else
            ${upsertCells([['old', -1], ['new', 1]], floor)}
          end if;
          return null;
        end $$`,
      )
      .execute(db);
    await sql.raw(`create trigger posts_map_cells after insert or update of ${MAP_WATCHED.join(', ')} or delete on posts for each row execute function post_map_cells()`).execute(db);
    return;
  }
  await sql.raw(`create trigger posts_map_insert after insert on posts begin ${upsertCells([['new', 1]], floor)} end`).execute(db);
  await sql.raw(`create trigger posts_map_delete after delete on posts begin ${upsertCells([['old', -1]], floor)} end`).execute(db);
  await sql
    .raw(
      `create trigger posts_map_update after update of ${MAP_WATCHED.join(', ')} on posts
      when ${MAP_WATCHED.map((c) => `old.${c} is not new.${c}`).join(' or ')}
      begin ${upsertCells([['old', -1], ['new', 1]], floor)} end`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`drop trigger posts_map_cells on posts`.execute(db);
    await sql`drop function post_map_cells()`.execute(db);
  } else {
    for (const t of ['posts_map_insert', 'posts_map_delete', 'posts_map_update']) await sql.raw(`drop trigger ${t}`).execute(db);
  }
  await db.schema.dropTable('map_cells').execute();
  for (const [name] of PLACE_INDEXES) await db.schema.dropIndex(name).execute();
}
