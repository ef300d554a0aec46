import type { Transaction } from 'kysely';
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
