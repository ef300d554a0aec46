/**
 * Issue 16, categories: every list (feed, My Issues, a department's lists, the admin's posts) filters by
 * one category, its counts follow the filter, and cursor paging keeps it. Runs on SQLite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_TEXTS, type Category, type Post } from '@civicpulse/shared';
import { advanceTo, createPost, createTestApp, loginAdmin, signupCitizen, signupGovernment, type Actor, type TestApp } from './helpers/app.js';

let t: TestApp;
let asha: Actor;
let ravi: Actor;
let dept: Actor;
let admin: Actor;
/** Asha's reports by category, oldest first. */
const mine: Record<string, string[]> = {};

beforeAll(async () => {
  t = await createTestApp();
  asha = await signupCitizen(t.app, 'Asha Citizen');
  ravi = await signupCitizen(t.app, 'Ravi Citizen');
  dept = await signupGovernment(t.app, { verified: true });
  admin = await loginAdmin(t.app);
  const file = async (author: Actor, caption: string, category?: Category) => {
    const post = await createPost(t.app, author, { caption, ...(category ? { category } : {}) });
    if (author === asha) (mine[post.category as string] ??= []).push(post._id);
    return post;
  };
  // Seven pothole reports (five sent as roads, two suggested from the caption), two about water, one about noise.
  for (let i = 0; i < 5; i++) await file(asha, `Report number ${i} near the market`, 'roads');
  await file(asha, 'Huge pothole near the bus stand');
  await file(ravi, 'Sadak par bada gaddha hai');
  await file(asha, 'No water supply since Monday', 'water');
  await file(ravi, 'Paani nahi aa raha');
  await file(ravi, 'Loudspeaker till 2 am every night');
});
afterAll(async () => {
  await t.close();
});

const get = (actor: Actor, url: string) => t.app.inject({ method: 'GET', url, headers: actor.auth });

/** Every page of a list, following nextCursor. */
async function pageAll(actor: Actor, url: string): Promise<{ posts: Post[]; pages: number; first: Record<string, unknown> }> {
  const posts: Post[] = [];
  let first: Record<string, unknown> | undefined;
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await get(actor, `${url}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ posts: Post[]; nextCursor: string | null }>();
    first ??= body;
    posts.push(...body.posts);
    cursor = body.nextCursor;
    pages++;
  } while (cursor);
  return { posts, pages, first: first! };
}

describe('the feed filtered by category', () => {
  it('lists only that category, newest first, across cursor pages', async () => {
    const roads = await pageAll(asha, '/api/user/allPosts?category=roads&limit=2');
    expect(roads.pages).toBeGreaterThan(2);
    expect(roads.posts.map((p) => p.category)).toEqual(Array(7).fill('roads'));
    const ids = roads.posts.map((p) => p._id);
    expect(ids).toEqual([...ids].sort().reverse());
    const noise = await pageAll(asha, '/api/user/allPosts?category=noise&limit=2');
    expect(noise.posts.map((p) => p.caption)).toEqual(['Loudspeaker till 2 am every night']);
    expect((await pageAll(asha, '/api/user/allPosts?category=parks&limit=2')).posts).toEqual([]);
    // The feed without one's own reports, filtered.
    const others = await pageAll(asha, '/api/user/allPosts?exclude=mine&category=water&limit=5');
    expect(others.posts.map((p) => p.caption)).toEqual(['Paani nahi aa raha']);
    // Without the filter, every category (the spec's client, no limit).
    const all = (await get(asha, '/api/user/allPosts')).json<{ posts: Post[] }>();
    expect(new Set(all.posts.map((p) => p.category))).toEqual(new Set(['roads', 'water', 'noise']));
  });
});

describe('My Issues filtered by category', () => {
  it("lists only the author's reports of that category, with every sort and paging", async () => {
    const roads = await pageAll(asha, '/api/user/myPosts?category=roads&limit=4');
    expect(roads.posts.map((p) => p._id).sort()).toEqual([...mine.roads!].sort());
    expect(roads.pages).toBe(2);
    const oldest = (await get(asha, '/api/user/myPosts?category=roads&sort=oldest')).json<{ posts: Post[] }>();
    expect(oldest.posts.map((p) => p._id)).toEqual(mine.roads);
    const water = (await get(asha, '/api/user/myPosts?category=water&sort=mostUpvotes')).json<{ posts: Post[] }>();
    expect(water.posts.map((p) => p._id)).toEqual(mine.water);
    expect((await get(asha, '/api/user/myPosts?category=noise')).json<{ posts: Post[] }>().posts).toEqual([]);
  });
});

describe("a department's lists filtered by category", () => {
  it('count and page only that category in each scope', async () => {
    const unassigned = await pageAll(dept, '/api/gov/allPosts?scope=unassigned&category=roads&limit=3');
    expect(unassigned.first).toMatchObject({ total: 10, matching: 7 });
    expect(unassigned.posts).toHaveLength(7);
    expect(new Set(unassigned.posts.map((p) => p.category))).toEqual(new Set(['roads']));
    // Priority and category together.
    const high = (await get(dept, '/api/gov/allPosts?scope=unassigned&category=roads&priority=High&limit=3')).json();
    expect(high).toMatchObject({ total: 10, matching: 0, posts: [] });

    // Take two reports over (one water, one roads) and finish the roads one.
    const water = mine.water![0]!;
    const road = mine.roads![0]!;
    await advanceTo(t.app, dept, water, 'Problem Seen');
    await advanceTo(t.app, dept, road, 'Waiting for User Verification');
    expect((await t.app.inject({ method: 'PUT', url: `/api/user/verifyPost/${road}`, headers: asha.auth })).statusCode).toBe(200);

    expect((await get(dept, '/api/gov/allPosts?scope=unassigned&category=roads&limit=3')).json()).toMatchObject({ total: 8, matching: 6 });
    const assigned = (await get(dept, '/api/gov/allPosts?scope=assigned&category=water&limit=3')).json<{ posts: Post[] }>();
    expect(assigned).toMatchObject({ total: 1, matching: 1 });
    expect(assigned.posts.map((p) => p._id)).toEqual([water]);
    expect((await get(dept, '/api/gov/allPosts?scope=assigned&category=roads&limit=3')).json()).toMatchObject({ total: 1, matching: 0, posts: [] });
    const resolved = (await get(dept, '/api/gov/allPosts?scope=resolved&category=roads&limit=3')).json<{ posts: Post[] }>();
    expect(resolved).toMatchObject({ total: 1, matching: 1 });
    expect(resolved.posts.map((p) => p._id)).toEqual([road]);

    // A recategorised report moves between the counts at once.
    const other = mine.roads![1]!;
    expect((await t.app.inject({ method: 'PUT', url: `/api/user/editPosts/${other}`, headers: asha.auth, payload: { category: 'water' } })).statusCode).toBe(200);
    expect((await get(dept, '/api/gov/allPosts?scope=unassigned&category=roads&limit=3')).json()).toMatchObject({ total: 8, matching: 5 });
    expect((await get(dept, '/api/gov/allPosts?scope=unassigned&category=water&limit=3')).json()).toMatchObject({ total: 8, matching: 2 });
    // A vote sort with the filter pages in order too.
    const voted = await pageAll(dept, '/api/gov/allPosts?scope=unassigned&category=roads&sort=mostUpvotes&limit=2');
    expect(voted.posts).toHaveLength(5);
    expect(new Set(voted.posts.map((p) => p.category))).toEqual(new Set(['roads']));
  });
});

describe("the admin's posts filtered by category", () => {
  it('lists only that category, with search and paging', async () => {
    const water = await pageAll(admin, '/api/admin/allPosts?category=water&limit=1');
    expect(water.posts.map((p) => p.category)).toEqual(['water', 'water', 'water']);
    expect(water.pages).toBe(3);
    const searched = (await get(admin, '/api/admin/allPosts?category=water&q=paani')).json<{ posts: Post[] }>();
    expect(searched.posts.map((p) => p.caption)).toEqual(['Paani nahi aa raha']);
    const noise = (await get(admin, '/api/admin/allPosts?category=noise&sort=mostUpvotes')).json<{ posts: Post[] }>();
    expect(noise.posts.map((p) => p.category)).toEqual(['noise']);
  });
});

describe('an invalid category filter', () => {
  it('is refused with 400 on every list', async () => {
    const lists: Array<[Actor, string]> = [
      [asha, '/api/user/allPosts'],
      [asha, '/api/user/myPosts'],
      [dept, '/api/gov/allPosts?scope=unassigned'],
      [admin, '/api/admin/allPosts'],
    ];
    for (const [actor, url] of lists) {
      const join = url.includes('?') ? '&' : '?';
      for (const bad of ['potholes', 'ROADS', '', 'x'.repeat(5000), 'roads&category=water']) {
        const res = await get(actor, `${url}${join}category=${bad}`);
        expect(res.statusCode, `${url} ${bad}`).toBe(400);
        expect(res.json<{ message: string }>().message).toBe(CATEGORY_TEXTS.invalidCategory);
      }
      // A NUL is refused before any route reads it (the server's own text for that).
      const nul = await get(actor, `${url}${join}category=roads%00`);
      expect(nul.statusCode).toBe(400);
      expect(nul.json<{ message: string }>().message).toBeTruthy();
    }
  });
});
