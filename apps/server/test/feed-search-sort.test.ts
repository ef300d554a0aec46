/**
 * The feed's search and sort (`GET /api/user/allPosts?q=&sort=`): the public list's words (or a reference
 * number) and orders, read by the same walk and indexes, with cursor pages in every order; left out, the
 * feed is newest first as before. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_TEXTS, POST_TEXTS, PUBLIC_LIST_SORTS, TEXTS, postListAnswer, type Post } from '@civicpulse/shared';
import type { DB } from '../src/db/types.js';
import { PostListingRepo, type PostFilter } from '../src/modules/posts/listing.js';
import { createCast, createPost, createTestApp, type Cast, type TestApp } from './helpers/app.js';

let t: TestApp;
let cast: Cast;
const tag = `fs${Date.now().toString(36)}`;
const made: Array<{ _id: string; reference: string }> = [];

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  // Oldest first, all by the citizen (so the other citizen's feed shows them): two with "pothole".
  for (const [caption, category] of [
    [`Deep pothole near the school ${tag}`, 'roads'],
    [`Burst water pipe on the main road ${tag}`, 'water'],
    [`Second POTHOLE by the temple ${tag}`, 'roads'],
    [`Garbage heap behind the market ${tag}`, 'garbage'],
  ] as const) {
    made.push((await createPost(t.app, cast.citizen, { caption, category })) as unknown as { _id: string; reference: string });
  }
  // Upvotes: the water pipe 2, the garbage heap 1.
  const vote = (actor: Cast['citizen'], postId: string) =>
    t.app.inject({ method: 'PUT', url: '/api/posts/votePost', headers: actor.auth, payload: { postId, type: 'upvote' } });
  await vote(cast.otherCitizen, made[1]!._id);
  await vote(cast.citizen, made[1]!._id);
  await vote(cast.otherCitizen, made[3]!._id);
}, 60_000);
afterAll(() => t.close());

const feed = async (query: string, who: Cast['citizen'] = cast.otherCitizen) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/user/allPosts?exclude=mine&shape=compact&${query}`, headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  expect(postListAnswer.safeParse(res.json()).success).toBe(true);
  return res.json<{ posts: Post[]; nextCursor?: string | null }>();
};
const ids = (posts: Array<{ _id: string }>) => posts.map((p) => p._id);
const at = (...i: number[]) => i.map((n) => made[n]!._id);

/** Every page of a query, by cursor, `limit` at a time. */
async function allPages(query: string, limit: number): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null | undefined = '';
  for (let i = 0; i < 50 && cursor !== null && cursor !== undefined; i++) {
    const page = await feed(`${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    seen.push(...ids(page.posts));
    cursor = page.nextCursor;
  }
  return seen;
}

describe('GET /api/user/allPosts?q=&sort=', () => {
  it('finds posts by words of their caption, in any case, and by reference number', async () => {
    expect(ids((await feed(`q=pothole&limit=20`)).posts)).toEqual(expect.arrayContaining(at(2, 0)));
    const potholes = ids((await feed(`q=pothole&limit=20`)).posts).filter((id) => at(0, 1, 2, 3).includes(id));
    expect(potholes).toEqual(at(2, 0));
    expect(ids((await feed(`q=${encodeURIComponent(`WATER PIPE ON THE MAIN road ${tag}`)}&limit=20`)).posts)).toEqual(at(1));
    expect(ids((await feed(`q=${made[3]!.reference.toLowerCase()}&limit=20`)).posts)).toEqual(at(3));
    // With the category filter too; and the viewer's own posts stay out (exclude=mine).
    expect(ids((await feed(`q=${tag}&category=roads&limit=20`)).posts)).toEqual(at(2, 0));
    expect((await feed(`q=${tag}&limit=20`, cast.citizen)).posts).toEqual([]);
    // A department's feed searches through this route too (its own list takes no words): every post.
    const dept = await t.app.inject({ method: 'GET', url: `/api/user/allPosts?q=${encodeURIComponent(`pothole near the school ${tag}`)}&shape=compact&limit=20`, headers: cast.verifiedGov.auth });
    expect(dept.statusCode, dept.body).toBe(200);
    expect(ids(dept.json<{ posts: Post[] }>().posts)).toEqual(at(0));
  });

  it('sorts newest (default, as before), oldest and most upvoted', async () => {
    expect(ids((await feed(`q=${tag}&limit=20`)).posts)).toEqual(at(3, 2, 1, 0));
    expect(ids((await feed(`q=${tag}&sort=newest&limit=20`)).posts)).toEqual(at(3, 2, 1, 0));
    expect(ids((await feed(`q=${tag}&sort=oldest&limit=20`)).posts)).toEqual(at(0, 1, 2, 3));
    // Most upvoted: the count, then newest first among equals (the keyset's id order).
    expect(ids((await feed(`q=${tag}&sort=mostUpvotes&limit=20`)).posts)).toEqual(at(1, 3, 2, 0));
    // Without words: the whole feed in that order.
    const byVotes = (await feed(`sort=mostUpvotes&limit=50`)).posts;
    expect(byVotes.map((p) => p.upvoteCount)).toEqual([...byVotes.map((p) => p.upvoteCount)].sort((a, b) => b - a));
    const oldest = ids((await feed(`sort=oldest&limit=50`)).posts);
    expect(oldest.indexOf(made[0]!._id)).toBeLessThan(oldest.indexOf(made[3]!._id));
  });

  it('pages by cursor in every order, with and without words, without repeats or gaps', async () => {
    const expected: Record<string, string[]> = { newest: at(3, 2, 1, 0), oldest: at(0, 1, 2, 3), mostUpvotes: at(1, 3, 2, 0) };
    for (const sort of ['newest', 'oldest', 'mostUpvotes']) {
      expect(await allPages(`q=${tag}&sort=${sort}`, 1), sort).toEqual(expected[sort]);
      const whole = await allPages(`sort=${sort}`, 2);
      expect(new Set(whole).size, sort).toBe(whole.length);
      expect(whole.filter((id) => at(0, 1, 2, 3).includes(id)), sort).toEqual(expected[sort]);
      expect(whole, sort).toEqual(ids((await feed(`sort=${sort}&limit=50`)).posts));
    }
  });

  it('refuses bad values with a 400 and the reason', async () => {
    const cases: Array<[string, string]> = [
      ['sort=random', POST_TEXTS.invalidSort],
      ['sort=leastUpvotes', POST_TEXTS.invalidSort],
      ['sort=', POST_TEXTS.invalidSort],
      [`q=${'a'.repeat(101)}`, POST_TEXTS.searchTooLong],
      ['category=unicorns', CATEGORY_TEXTS.invalidCategory],
    ];
    for (const [query, message] of cases) {
      const res = await t.app.inject({ method: 'GET', url: `/api/user/allPosts?exclude=mine&${query}`, headers: cast.otherCitizen.auth });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message, query).toBe(message);
    }
    // A cursor of another order is refused, not read as a position in this one.
    const first = await feed(`sort=mostUpvotes&limit=1`);
    expect(first.nextCursor).toBeTruthy();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/user/allPosts?exclude=mine&sort=newest&limit=1&cursor=${encodeURIComponent(first.nextCursor!)}`,
      headers: cast.otherCitizen.auth,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(TEXTS.http.invalidCursor);
    for (const query of ['q=pot%00hole', 'sort=newest&sort=oldest']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/user/allPosts?${query}`, headers: cast.otherCitizen.auth })).statusCode, query).toBe(400);
    }
  });
});

describe('the feed\'s reads (SQLite query plans)', () => {
  it('walk an index in every order, with a category or words, never sorting', async (ctx) => {
    if (t.engine !== 'sqlite') return ctx.skip();
    const sqlite = new SQLite(path.join(t.dataDir, 'civicpulse.db'));
    const statements: Array<{ sql: string; parameters: readonly unknown[] }> = [];
    const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }), log: (e) => void statements.push(e.query) });
    const repo = new PostListingRepo(db);
    const someone = 'a'.repeat(24);
    const plan = () => {
      const q = statements[0]!;
      return (sqlite.prepare(`explain query plan ${q.sql}`).all(...(q.parameters as unknown[])) as Array<{ detail: string }>).map((r) => r.detail);
    };
    try {
      for (const sort of PUBLIC_LIST_SORTS) {
        for (const filter of [{ excludeAuthor: someone }, { excludeAuthor: someone, category: 'roads' }] as PostFilter[]) {
          statements.length = 0;
          await repo.list(filter, { sort, limit: 21 });
          const listed = plan();
          const label = `${JSON.stringify(filter)} ${sort}: ${listed.join(' / ')}`;
          expect(listed[0], label).toMatch(/^(SCAN|SEARCH) posts USING (COVERING )?INDEX/);
          expect(listed.join(' / '), label).not.toContain('TEMP B-TREE');
          // Words: the walk's slices read the same index, keys only.
          statements.length = 0;
          await repo.searchSlice(filter, { captionContains: 'pothole' }, { sort, after: null, limit: 1000 });
          const walked = plan();
          expect(walked[0], `walk ${label}`).toMatch(/^(SCAN|SEARCH) posts USING (COVERING )?INDEX/);
          expect(walked.join(' / '), `walk ${label}`).not.toContain('TEMP B-TREE');
        }
      }
    } finally {
      await db.destroy();
    }
  });
});
