import { PostgresAdapter, type Transaction } from 'kysely';
import { CHUNK } from './chunks.js';
import type { Engine } from './index.js';
import type { DB } from './types.js';

/**
 * Routes a report to departments (post_routes), inside the writing transaction of a new report, an
 * edit or a release. Routes carry the post's sort and filter keys (migration 013), read here; on
 * PostgreSQL the post row is locked first, so a vote landing meanwhile waits and its trigger then
 * updates these routes too.
 */
export async function addRoutes(trx: Transaction<DB>, engine: Engine, postId: string, departments: string[]): Promise<void> {
  if (departments.length === 0) return;
  let read = trx.selectFrom('posts').select(['priority', 'upvote_count', 'downvote_count', 'category']).where('id', '=', postId);
  if (engine === 'postgres') read = read.forUpdate();
  const keys = await read.executeTakeFirst();
  if (!keys) return;
  for (let i = 0; i < departments.length; i += CHUNK) {
    await trx
      .insertInto('post_routes')
      .values(departments.slice(i, i + CHUNK).map((d) => ({ department_id: d, post_id: postId, ...keys })))
      .onConflict((oc) => oc.columns(['department_id', 'post_id']).doNothing())
      .execute();
  }
}

/** SQLite and PostgreSQL both cap bound parameters: big lists of pairs go in slices. */
const PAIRS_CHUNK = 500;

/**
 * Routes many reports at once (a department's changed jurisdiction, reports released by a deletion),
 * inside the caller's transaction: each slice's posts are read for their keys (migration 013) and, on
 * PostgreSQL, share-locked first, so a vote landing meanwhile waits and its trigger then updates these
 * routes too. A post deleted meanwhile is left out.
 */
export async function addRoutePairs(trx: Transaction<DB>, pairs: Array<{ department_id: string; post_id: string }>): Promise<void> {
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  for (let i = 0; i < pairs.length; i += PAIRS_CHUNK) {
    const slice = pairs.slice(i, i + PAIRS_CHUNK);
    let read = trx
      .selectFrom('posts')
      .select(['id', 'priority', 'upvote_count', 'downvote_count', 'category'])
      .where('id', 'in', [...new Set(slice.map((p) => p.post_id))]);
    if (postgres) read = read.forShare();
    const keys = new Map((await read.execute()).map(({ id, ...k }) => [id, k]));
    const rows = slice.flatMap((p) => {
      const k = keys.get(p.post_id);
      return k ? [{ ...p, ...k }] : [];
    });
    if (rows.length === 0) continue;
    await trx
      .insertInto('post_routes')
      .values(rows)
      .onConflict((oc) => oc.columns(['department_id', 'post_id']).doNothing())
      .execute();
  }
}
