import type { Kysely } from 'kysely';

// Migrations use only types both engines understand; no engine-specific SQL.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('admin_secret_hash', 'text')
    .addColumn('profile_photo', 'text')
    .addColumn('phone', 'text')
    .addColumn('dob', 'text')
    .addColumn('gender', 'text')
    .addColumn('city', 'text')
    .addColumn('bio', 'text')
    .addColumn('address', 'text')
    .addColumn('state', 'text')
    .addColumn('pincode', 'text')
    .addColumn('landmark', 'text')
    .addColumn('social_links', 'text')
    .addColumn('is_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('department', 'text')
    .addColumn('designation', 'text')
    .addColumn('jurisdiction_area', 'text')
    .addColumn('alternate_contact', 'text')
    .addColumn('office_address', 'text')
    .addColumn('id_proof_type', 'text')
    .addColumn('id_proof_number', 'text')
    .addColumn('website', 'text')
    .addColumn('proof_doc_key', 'text')
    .addColumn('proof_doc_type', 'text')
    .addColumn('resolved_issues_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('accounts_role_created').on('accounts').columns(['role', 'created_at']).execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contact_messages').execute();
  await db.schema.dropTable('accounts').execute();
}
