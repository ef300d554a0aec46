import type { Kysely } from 'kysely';

/**
 * Issue 27 item 6: area alerts.
 *
 * - area_alerts: a person's circles (centre, radius in metres, optional category, a name).
 * - area_alert_cells: the matcher's index. Each alert is stored under every cell of the shared grid
 *   (ALERT_LIMITS.cellDegrees, about 2 km) its circle's box touches: at most 30 rows for the largest
 *   radius. A report's one cell is a primary-key range: the candidates, ordered by account, are then
 *   checked exactly (distance, category). account_id is kept in the cell row so the candidates come in
 *   account order straight from the index (cell, account_id, alert_id).
 * - alert_scans: new reports still to match, written in the report's own transaction (an `alertScan`
 *   event), so a report is matched exactly when it was committed; the matcher (modules/alerts) works
 *   them after the commit, off the request path, one process at a time. after_account is its cursor:
 *   each batch of recipients is notified in the transaction that moves it, so a crash repeats nothing
 *   and loses nothing. The row goes with the report (foreign key) and when the scan is done.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('area_alerts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('radius_m', 'integer', (c) => c.notNull())
    .addColumn('category', 'text')
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('area_alerts_account').on('area_alerts').columns(['account_id', 'id']).execute();

  await db.schema
    .createTable('area_alert_cells')
    .addColumn('cell', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('alert_id', 'text', (c) => c.notNull().references('area_alerts.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('area_alert_cells_pk', ['cell', 'account_id', 'alert_id'])
    .execute();
  await db.schema.createIndex('area_alert_cells_alert').on('area_alert_cells').column('alert_id').execute();

  await db.schema
    .createTable('alert_scans')
    .addColumn('post_id', 'text', (c) => c.primaryKey().references('posts.id').onDelete('cascade'))
    .addColumn('after_account', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alert_scans_created').on('alert_scans').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('alert_scans').execute();
  await db.schema.dropTable('area_alert_cells').execute();
  await db.schema.dropTable('area_alerts').execute();
}
