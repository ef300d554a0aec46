import { sql, type Kysely } from 'kysely';

/**
 * Issue 16 items 3-5, jurisdictions.
 *
 * - jurisdictions: one per department that declared one (state, cities, pincodes, categories as JSON
 *   lists, the drawn area as GeoJSON text). Kept apart from accounts.jurisdiction_area, the spec's free text.
 * - jurisdiction_keys: the index that finds the candidate departments of a report without reading
 *   them all: one row per (state, pincode), (state, city), (state, drawn area) or (whole state) key of
 *   a jurisdiction (shared jurisdictionKeys / reportKeys).
 * - post_routes: which open, unassigned reports each department's View Issues shows by default. Written
 *   with the report (and on release, edit, jurisdiction change), removed on take-over; the primary key
 *   (department_id, post_id) is the list's order, so a department's page is one index range.
 * - posts_open_state: the open, unassigned reports of a state in id order, walked in batches when a
 *   department's jurisdiction changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jurisdictions')
    .addColumn('department_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('cities', 'text', (c) => c.notNull())
    .addColumn('pincodes', 'text', (c) => c.notNull())
    .addColumn('categories', 'text', (c) => c.notNull())
    .addColumn('area', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('jurisdiction_keys')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('department_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('jurisdiction_keys_pk', ['key', 'department_id'])
    .execute();
  await db.schema.createIndex('jurisdiction_keys_department').on('jurisdiction_keys').columns(['department_id']).execute();

  await db.schema
    .createTable('post_routes')
    .addColumn('department_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('post_routes_pk', ['department_id', 'post_id'])
    .execute();
  // The cascade from a deleted report, and the removal on take-over.
  await db.schema.createIndex('post_routes_post').on('post_routes').columns(['post_id']).execute();

  await sql`create index posts_open_state on posts (state, id) where assigned_government is null and finished = 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index posts_open_state`.execute(db);
  await db.schema.dropTable('post_routes').execute();
  await db.schema.dropTable('jurisdiction_keys').execute();
  await db.schema.dropTable('jurisdictions').execute();
}
