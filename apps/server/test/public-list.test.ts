/**
 * Public reports, the list: `GET /api/public/posts` for anyone without an account (the /reports page).
 * Filters (category, progress state, place, caption words or a reference number), sorts and cursor pages;
 * every report as the public post page has it, without its timeline and without its people. Runs on
 * SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_TEXTS, POST_TEXTS, REPORTS_TEXTS, publicPostsAnswer, type PublicPostCard } from '@civicpulse/shared';
import { walkFor } from '../src/modules/posts/views.js';
import { SAMPLE_LOCATION, advanceTo, createCast, createPost, createTestApp, type Cast, type TestApp } from './helpers/app.js';

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

  it('filters by place: a state, a city in any case, a pincode, in every order', async () => {
    const place = (state: string, city: string, pincode: string, lat: number, lng: number) => ({ ...SAMPLE_LOCATION, state, city, pincode, coordinates: { lat, lng } });
    const pune = await createPost(t.app, cast.citizen, { caption: `Open manhole ${tag}`, category: 'drainage', location: place('Maharashtra', 'Pune', '411001', 18.52, 73.85) });
    const blr = await createPost(t.app, cast.citizen, { caption: `Garbage heap ${tag}`, category: 'garbage', location: place('Karnataka', 'Bengaluru', '560001', 12.97, 77.59) });
    await t.app.inject({ method: 'PUT', url: '/api/posts/votePost', headers: cast.otherCitizen.auth, payload: { postId: pune._id, type: 'upvote' } });
    expect(ids((await list(`q=${tag}&state=Karnataka`)).posts)).toEqual([blr._id]);
    // The first three are in Maharashtra too (the sample location), with no city.
    expect(ids((await list(`q=${tag}&state=Maharashtra`)).posts)).toEqual([pune._id, made[2]!._id, made[1]!._id, made[0]!._id]);
    for (const sort of ['newest', 'oldest', 'mostUpvotes']) {
      expect(ids((await list(`city=pUNE&sort=${sort}`)).posts), sort).toContain(pune._id);
      expect((await list(`city=pUNE&sort=${sort}`)).posts.every((p) => p.location.city === 'Pune'), sort).toBe(true);
      expect(ids((await list(`q=${tag}&pincode=560001&sort=${sort}`)).posts), sort).toEqual([blr._id]);
      expect(ids((await list(`q=${tag}&state=Karnataka&sort=${sort}`)).posts), sort).toEqual([blr._id]);
    }
    expect((await list(`q=${tag}&city=Pune&category=garbage`)).posts).toEqual([]);
    expect(ids((await list(`state=Karnataka&pincode=560001&city=bengaluru&category=garbage`)).posts)).toContain(blr._id);
  });

  it('reads a combination of filters by its most selective index and checks the rest row by row, a capped read per request', async () => {
    // One filter: its own index range, no walk.
    expect(walkFor({ pincode: '411001' }, 'mostUpvotes')).toBeNull();
    expect(walkFor({ progressState: 'Verified' }, 'newest')).toBeNull();
    // Progress has no index in the vote order: the order's own index leads.
    expect(walkFor({ progressState: 'Verified' }, 'mostUpvotes')).toEqual({ lead: {}, residual: { progressState: 'Verified' } });
    expect(walkFor({ state: 'Maharashtra', category: 'noise', progressState: 'Verified' }, 'newest')).toEqual({
      lead: { state: 'Maharashtra' },
      residual: { category: 'noise', progressState: 'Verified' },
    });
    expect(walkFor({ state: 'Goa', city: 'Panaji', pincode: '403001', captionContains: 'drain' }, 'oldest')).toEqual({
      lead: { pincode: '403001' },
      residual: { captionContains: 'drain', state: 'Goa', city: 'Panaji' },
    });
    // Other lists keep their own plans and walk only for their text.
    expect(walkFor({ assignedTo: null, finished: false, category: 'roads', progressState: 'Verified' }, 'newest')).toBeNull();
    expect(walkFor({ excludeAuthor: 'x', captionContains: 'pothole' }, 'newest')).toEqual({ lead: { excludeAuthor: 'x', captionContains: undefined }, residual: { captionContains: 'pothole' } });
    // Through the API: a page the cap cut short still pages on to every match, without repeats.
    const seen: string[] = [];
    let cursor: string | null = '';
    for (let i = 0; i < 50 && cursor !== null; i++) {
      const page = await list(`state=Maharashtra&progress=Unseen&sort=mostUpvotes&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...ids(page.posts));
      cursor = page.nextCursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining([made[0]!._id, made[1]!._id]));
    expect(seen).not.toContain(made[2]!._id);
  });

  it('refuses bad filters with a 400 and the reason', async () => {
    const cases: Array<[string, string]> = [
      ['state=Atlantis', REPORTS_TEXTS.invalidState],
      [`city=${'a'.repeat(101)}`, REPORTS_TEXTS.cityTooLong],
      ['pincode=4000', REPORTS_TEXTS.invalidPincode],
      ['pincode=4000281', REPORTS_TEXTS.invalidPincode],
      ['pincode=40002a', REPORTS_TEXTS.invalidPincode],
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
    for (const query of ['limit=0', 'limit=51', 'limit=2147483648', 'cursor=not-a-cursor', 'city=Pu%00ne', 'pincode=40002%00']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/public/posts?${query}` })).statusCode, query).toBe(400);
    }
  });
});
