/**
 * Public reports, the list: `GET /api/public/posts` for anyone without an account (the /reports page).
 * Filters (category, progress state, caption words or a reference number), sorts and cursor pages;
 * every report as the public post page has it, without its timeline and without its people. Runs on
 * SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_TEXTS, POST_TEXTS, publicPostsAnswer, type PublicPostCard } from '@civicpulse/shared';
import { advanceTo, createCast, createPost, createTestApp, type Cast, type TestApp } from './helpers/app.js';

let t: TestApp;
let cast: Cast;
const tag = `pl${Date.now().toString(36)}`;
const made: Array<{ _id: string; reference: string }> = [];

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  // Oldest first: roads, water, roads (the last one taken over), each with the tag in its caption.
  for (const [caption, category] of [
    [`Pothole near the school ${tag}`, 'roads'],
    [`Burst water pipe ${tag}`, 'water'],
    [`Broken divider on the highway ${tag}`, 'roads'],
  ] as const) {
    made.push((await createPost(t.app, cast.citizen, { caption, category })) as unknown as { _id: string; reference: string });
  }
  await advanceTo(t.app, cast.verifiedGov, made[2]!._id, 'Problem Seen');
  await t.app.inject({ method: 'PUT', url: '/api/posts/votePost', headers: cast.otherCitizen.auth, payload: { postId: made[1]!._id, type: 'upvote' } });
}, 60_000);
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/public/posts?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  expect(publicPostsAnswer.strict().safeParse(res.json()).success).toBe(true);
  return res.json<{ posts: Array<PublicPostCard & Record<string, unknown>>; nextCursor: string | null }>();
};
const ids = (posts: PublicPostCard[]) => posts.map((p) => p._id);

describe('GET /api/public/posts', () => {
  it('answers reports without their people or timelines, newest first, to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/public/posts?q=${tag}` });
    const { posts } = res.json<{ posts: Array<PublicPostCard & Record<string, unknown>> }>();
    expect(ids(posts)).toEqual([made[2]!._id, made[1]!._id, made[0]!._id]);
    for (const p of posts) for (const key of ['user', 'upvotes', 'downvotes', 'myVote', 'comments', 'history', 'assignedGovernment']) expect(p, key).not.toHaveProperty(key);
    for (const secret of [cast.citizen.email, cast.citizen.id, cast.otherCitizen.id]) expect(res.body, secret).not.toContain(secret);
    // Open reports: no street address, the pin rounded.
    expect(posts[0]!.location).toMatchObject({ address: '', landmark: '' });
  });

  it('filters by category and progress state, finds a reference number, and sorts', async () => {
    expect(ids((await list(`q=${tag}&category=roads`)).posts)).toEqual([made[2]!._id, made[0]!._id]);
    expect(ids((await list(`q=${tag}&progress=Problem%20Seen`)).posts)).toEqual([made[2]!._id]);
    expect(ids((await list(`q=${made[1]!.reference.toLowerCase()}`)).posts)).toEqual([made[1]!._id]);
    expect(ids((await list(`q=${tag}&sort=oldest`)).posts)).toEqual([made[0]!._id, made[1]!._id, made[2]!._id]);
    expect(ids((await list(`q=${tag}&sort=mostUpvotes`)).posts)[0]).toBe(made[1]!._id);
  });

  it('pages by cursor without repeats or gaps', async () => {
    const first = await list(`category=roads&limit=1`);
    expect(first.posts).toHaveLength(1);
    expect(first.nextCursor).not.toBeNull();
    const seen = [...ids(first.posts)];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await list(`category=roads&limit=1&cursor=${encodeURIComponent(cursor)}`);
      seen.push(...ids(page.posts));
      cursor = page.nextCursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining([made[0]!._id, made[2]!._id]));
  });

  it('refuses bad filters with a 400 and the reason', async () => {
    const cases: Array<[string, string]> = [
      ['category=unicorns', CATEGORY_TEXTS.invalidCategory],
      ['progress=Done', POST_TEXTS.invalidProgressState],
      ['sort=random', POST_TEXTS.invalidSort],
      [`q=${'a'.repeat(101)}`, POST_TEXTS.searchTooLong],
    ];
    for (const [query, message] of cases) {
      const res = await t.app.inject({ method: 'GET', url: `/api/public/posts?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message, query).toBe(message);
    }
    for (const query of ['limit=0', 'limit=51', 'limit=2147483648', 'cursor=not-a-cursor']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/public/posts?${query}` })).statusCode, query).toBe(400);
    }
  });
});
