import { sql, type Kysely } from 'kysely';
import { suggestCategory } from '@civicpulse/shared';

/**
 * Issue 16: every report has exactly one category (packages/shared categories.ts), and a city
 * (optional in the API, '') that department jurisdictions can match on. Reports filed before
 * categories existed get the one their caption suggests, in batches so a large table is never read at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('posts').addColumn('category', 'text', (c) => c.notNull().defaultTo('other')).execute();
  await db.schema.alterTable('posts').addColumn('city', 'text', (c) => c.notNull().defaultTo('')).execute();
  let after = '';
  for (;;) {
    const rows = await sql<{ id: string; caption: string }>`select id, caption from posts where id > ${after} order by id limit 1000`.execute(db);
    if (rows.rows.length === 0) break;
    const byCategory = new Map<string, string[]>();
    for (const r of rows.rows) {
      const c = suggestCategory(r.caption);
      if (c !== 'other') byCategory.set(c, [...(byCategory.get(c) ?? []), r.id]);
    }
    for (const [c, ids] of byCategory) await sql`update posts set category = ${c} where id in (${sql.join(ids)})`.execute(db);
    after = rows.rows[rows.rows.length - 1]!.id;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('posts').dropColumn('city').execute();
  await db.schema.alterTable('posts').dropColumn('category').execute();
}
