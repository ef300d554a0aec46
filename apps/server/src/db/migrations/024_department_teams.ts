import type { Kysely } from 'kysely';

/**
 * A department is a team. The department's own account (the spec's government login) is its head;
 * officers are government accounts of their own whose department_id names it, with team_role 'head'
 * or 'officer'. A removed member's account stays (its moves keep their byline) but is deactivated:
 * it can no longer sign in. Deleting the department deletes its members' accounts with it.
 *
 * Invites: a head invites an email; the link's token is stored hashed, once, and expires.
 * posts.assigned_officer: the member a department's report is assigned to (null: the department's
 * unassigned queue). posts_team_* serve a department's queues in every order: "Assigned to me"
 * (department, officer) and "Unassigned in my department" (department, officer IS NULL).
 * progress_history gains the department a move was made for: the public timeline names it, not the person,
 * and a transfer's receiving department (target_id, target_name; null target: the admin's triage).
 *
 * Also: response_templates (a department's canned public notes), posts.needs_triage (a report a
 * department handed to the admin's triage queue, posts_triage), appeals (one per report: a reporter's
 * appeal against a fix, answered by the department's head or an admin by due_at) and member_metrics /
 * member_finish_buckets (each member's figures, kept in the writing transaction like department_metrics).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('department_id', 'text', (c) => c.references('accounts.id').onDelete('cascade')).execute();
  await db.schema.alterTable('accounts').addColumn('team_role', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('deactivated_at', 'text').execute();
  await db.schema.createIndex('accounts_department').on('accounts').columns(['department_id', 'created_at']).execute();

  await db.schema
    .createTable('team_invites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('department_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('team_role', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'text', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .execute();
  // One open invite per (department, email): a second invite replaces the first.
  await db.schema.createIndex('team_invites_department').on('team_invites').columns(['department_id', 'email']).unique().execute();

  await db.schema.alterTable('posts').addColumn('assigned_officer', 'text', (c) => c.references('accounts.id').onDelete('set null')).execute();
  await db.schema.createIndex('posts_team_new').on('posts').columns(['assigned_government', 'assigned_officer', 'finished', 'id']).execute();
  await db.schema.createIndex('posts_team_up').on('posts').columns(['assigned_government', 'assigned_officer', 'finished', 'upvote_count', 'id']).execute();
  await db.schema.createIndex('posts_team_down').on('posts').columns(['assigned_government', 'assigned_officer', 'finished', 'downvote_count', 'id']).execute();
  await db.schema.createIndex('posts_officer').on('posts').columns(['assigned_officer']).execute();

  await db.schema.alterTable('progress_history').addColumn('department_id', 'text').execute();
  await db.schema.alterTable('progress_history').addColumn('department_name', 'text').execute();
  // A department's moves by person, for its per-officer figures.
  await db.schema.createIndex('progress_history_department').on('progress_history').columns(['department_id', 'actor_id', 'id']).execute();
  await db.schema.alterTable('progress_history').addColumn('target_id', 'text').execute();
  await db.schema.alterTable('progress_history').addColumn('target_name', 'text').execute();

  await db.schema
    .createTable('response_templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('department_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('response_templates_department').on('response_templates').columns(['department_id', 'title', 'id']).execute();

  await db.schema.alterTable('posts').addColumn('needs_triage', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('posts_triage').on('posts').columns(['needs_triage', 'id']).execute();

  await db.schema
    .createTable('appeals')
    .addColumn('post_id', 'text', (c) => c.primaryKey().references('posts.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('department_id', 'text', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('handler', 'text', (c) => c.notNull()) // 'head' | 'admin'
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull()) // 'open' | 'upheld' | 'dismissed'
    .addColumn('response', 'text')
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('answered_at', 'text')
    .addColumn('answered_by', 'text')
    .addColumn('answered_by_name', 'text')
    .execute();
  await db.schema.createIndex('appeals_department').on('appeals').columns(['department_id', 'status', 'due_at']).execute();
  await db.schema.createIndex('appeals_handler').on('appeals').columns(['handler', 'status', 'due_at']).execute();

  await db.schema
    .createTable('member_metrics')
    .addColumn('department_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('taken_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('finished_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('resolution_seconds', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rejected_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('member_metrics_pk', ['department_id', 'member_id'])
    .execute();
  await db.schema
    .createTable('member_finish_buckets')
    .addColumn('department_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('bucket', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('member_finish_buckets_pk', ['department_id', 'member_id', 'bucket'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('member_finish_buckets').execute();
  await db.schema.dropTable('member_metrics').execute();
  await db.schema.dropTable('appeals').execute();
  await db.schema.dropIndex('posts_triage').execute();
  await db.schema.alterTable('posts').dropColumn('needs_triage').execute();
  await db.schema.dropTable('response_templates').execute();
  await db.schema.alterTable('progress_history').dropColumn('target_name').execute();
  await db.schema.alterTable('progress_history').dropColumn('target_id').execute();
  await db.schema.dropIndex('progress_history_department').execute();
  await db.schema.alterTable('progress_history').dropColumn('department_name').execute();
  await db.schema.alterTable('progress_history').dropColumn('department_id').execute();
  for (const name of ['posts_officer', 'posts_team_down', 'posts_team_up', 'posts_team_new']) await db.schema.dropIndex(name).execute();
  await db.schema.alterTable('posts').dropColumn('assigned_officer').execute();
  await db.schema.dropTable('team_invites').execute();
  await db.schema.dropIndex('accounts_department').execute();
  for (const c of ['deactivated_at', 'team_role', 'department_id']) await db.schema.alterTable('accounts').dropColumn(c).execute();
}
