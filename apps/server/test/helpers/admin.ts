/**
 * The admin suites' calls (admin.test.ts, admin-figures.test.ts), bound to the suite's app and admin
 * (read when called, so after the suite's beforeAll).
 */
import { expect } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AuditEntry, Post } from '@civicpulse/shared';
import type { Actor } from './app.js';

export function adminCalls(appOf: () => FastifyInstance, adminOf: () => Actor) {
  const db = () => appOf().ctx.database.db;
  async function get<T>(url: string, who: Actor = adminOf()): Promise<T> {
    const res = await appOf().inject({ method: 'GET', url, headers: who.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  }
  async function vote(who: Actor, postId: string, voteType: 'upvote' | 'downvote') {
    const res = await appOf().inject({ method: 'PUT', url: '/api/posts/votePost', headers: who.auth, payload: { postId, type: voteType } });
    expect(res.statusCode, res.body).toBe(200);
  }
  async function comment(who: Actor, postId: string, content: string): Promise<string> {
    const res = await appOf().inject({ method: 'POST', url: '/api/posts/addComment', headers: who.auth, payload: { postId, content } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ comment: { _id: string } }>().comment._id;
  }
  async function reply(who: Actor, postId: string, commentId: string, content: string) {
    const res = await appOf().inject({ method: 'POST', url: '/api/posts/addReply', headers: who.auth, payload: { postId, commentId, content } });
    expect(res.statusCode, res.body).toBe(201);
  }
  async function postById(id: string, who: Actor = adminOf()): Promise<Post> {
    return (await get<{ post: Post }>(`/api/posts/post/${id}`, who)).post;
  }
  async function imageKeys(postId: string): Promise<string[]> {
    const rows = await db().selectFrom('post_images').select(['key', 'thumb_key']).where('post_id', '=', postId).execute();
    return rows.flatMap((r) => [r.key, r.thumb_key]);
  }
  async function stored(keys: string[]): Promise<boolean[]> {
    return Promise.all(keys.map(async (k) => (await appOf().ctx.storage.get(k)) !== null));
  }
  async function latestAudit(): Promise<AuditEntry> {
    return (await get<{ entries: AuditEntry[] }>('/api/admin/audit?limit=1')).entries[0]!;
  }
  /** Every stored counter of a post against its rows. */
  async function countersMatchRows(): Promise<void> {
    const wrong = await sql<{ id: string }>`
      select p.id from posts p
      where p.upvote_count <> (select count(*) from votes v where v.post_id = p.id and v.type = 'upvote')
         or p.downvote_count <> (select count(*) from votes v where v.post_id = p.id and v.type = 'downvote')
         or p.comment_count <> (select count(*) from comments c where c.post_id = p.id and c.parent_id is null)
         or p.follower_count <> (select count(*) from follows f where f.post_id = p.id)`.execute(db());
    expect(wrong.rows).toEqual([]);
    const badAuthors = await sql<{ id: string }>`
      select a.id from accounts a where a.post_count <> (select count(*) from posts p where p.author_id = a.id)`.execute(db());
    expect(badAuthors.rows).toEqual([]);
  }
  return { db, get, vote, comment, reply, postById, imageKeys, stored, latestAudit, countersMatchRows };
}
