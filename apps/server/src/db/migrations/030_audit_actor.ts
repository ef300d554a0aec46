import type { Kysely } from 'kysely';

/** One admin's actions, newest first (`GET /api/admin/audit?actor=`): a range of this index, whatever the log's size. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_log_actor').execute();
}
