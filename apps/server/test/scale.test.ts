/**
 * Issue 10: bounded answers and kept counters. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIMITS, MY_POSTS_SORTS, POST_SORTS, PRIORITIES, type Category, type Post, type PostSort } from '@civicpulse/shared';
import type { DB } from '../src/db/types.js';
import { PostListingRepo, type PostFilter } from '../src/modules/posts/listing.js';
import { VotesRepo } from '../src/modules/votes/repo.js';
import { UnitOfWork } from '../src/events/unitOfWork.js';
import { advanceTo, createPost, createTestApp, loginAdmin, signupCitizen, signupGovernment, type Actor, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = async <T>(actor: Actor, url: string): Promise<T> => {
  const res = await t.app.inject({ method: 'GET', url, headers: actor.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const put = (actor: Actor, url: string, payload?: object) => t.app.inject({ method: 'PUT', url, headers: actor.auth, ...(payload ? { payload } : {}) });

/** A deterministic pseudo-random sequence, so a failure replays. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Copies of one real post's row (with its photo rows) under new ids, written straight to the database. */
async function clonePosts(sourceId: string, n: number, authorId: string): Promise<string[]> {
  const db = t.app.ctx.database.db;
  const post = await db.selectFrom('posts').selectAll().where('id', '=', sourceId).executeTakeFirstOrThrow();
  const ids: string[] = [];
  const base = Date.now() - n * 1000;
  for (let from = 0; from < n; from += 100) {
    const rows = [];
    for (let i = from; i < Math.min(n, from + 100); i++) {
      const id = (base + i * 1000).toString(16).padStart(12, '0') + i.toString(16).padStart(12, '0');
      ids.push(id);
      rows.push({ ...post, id, author_id: authorId, caption: `Clone ${i}` });
    }
    await db.insertInto('posts').values(rows).execute();
  }
  return ids;
}

describe('lists without limit (the spec clients) are capped', () => {
  it('answers the newest LIMITS.unpagedListMax posts with a nextCursor that leads to the rest', async () => {
    const author = await signupCitizen(t.app, 'Prolific');
    const viewer = await signupCitizen(t.app, 'Viewer');
    const first = await createPost(t.app, author);
    await clonePosts(first._id, LIMITS.unpagedListMax + 24, author.id);
    const page1 = await get<{ posts: Post[]; nextCursor?: string | null }>(viewer, '/api/user/allPosts');
    expect(page1.posts).toHaveLength(LIMITS.unpagedListMax);
    expect(typeof page1.nextCursor).toBe('string');
    const ids = page1.posts.map((p) => p._id);
    expect([...ids].sort().reverse()).toEqual(ids);
    // The spec shape stays the default: id lists present.
    expect(Array.isArray(page1.posts[0]!.upvotes)).toBe(true);
    const page2 = await get<{ posts: Post[]; nextCursor?: string | null }>(viewer, `/api/user/allPosts?cursor=${page1.nextCursor}`);
    const all = new Set([...ids, ...page2.posts.map((p) => p._id)]);
    expect(all.size).toBe(ids.length + page2.posts.length);
    const total = await t.app.ctx.database.db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(all.size).toBe(Number(total.n));
    // The last page is not cut, so it carries no cursor, exactly as a spec client saw before.
    expect(page2.nextCursor).toBeUndefined();

    // My Issues for the spec client: capped the same way, in the author's own order.
    const mine = await get<{ posts: Post[]; nextCursor?: string | null }>(author, '/api/user/myPosts');
    expect(mine.posts).toHaveLength(LIMITS.unpagedListMax);
    expect(typeof mine.nextCursor).toBe('string');
    const admin = await loginAdmin(t.app);
    const adminList = await get<{ posts: Post[]; nextCursor?: string | null }>(admin, '/api/admin/allPosts?sort=mostDownvotes');
    expect(adminList.posts).toHaveLength(LIMITS.unpagedListMax);
    expect(typeof adminList.nextCursor).toBe('string');
  });

  it('answers the compact shape without id lists when a paged client asks for it', async () => {
    const viewer = await signupCitizen(t.app);
    const compact = await get<{ posts: Post[] }>(viewer, '/api/user/allPosts?limit=5&shape=compact');
    expect(compact.posts).toHaveLength(5);
    for (const p of compact.posts) {
      expect(p).not.toHaveProperty('upvotes');
      expect(p).not.toHaveProperty('downvotes');
      expect(typeof p.upvoteCount).toBe('number');
    }
    const bad = await t.app.inject({ method: 'GET', url: '/api/user/allPosts?shape=tiny', headers: viewer.auth });
    expect(bad.statusCode).toBe(400);
  });
});

describe('child lists are capped per post', () => {
  it('lists the most recent voters with the viewer always among them, and exact counts', async () => {
    const author = await signupCitizen(t.app);
    const viewer = await signupCitizen(t.app, 'Early Voter');
    const post = await createPost(t.app, author);
    expect((await put(viewer, '/api/posts/votePost', { postId: post._id, type: 'upvote' })).statusCode).toBe(200);
    // Many later voters, written directly (accounts and votes), all after the viewer's vote.
    const db = t.app.ctx.database.db;
    const extra = LIMITS.voteIdsPerPost + 20;
    const later = new Date(Date.now() + 60_000);
    const accounts = Array.from({ length: extra }, (_, i) => ({
      id: `ff${i.toString(16).padStart(22, '0')}`,
      role: 'user' as const,
      email: `voter${i}@scale.test`,
      password_hash: 'x',
      name: `Voter ${i}`,
      is_verified: 0,
      resolved_issues_count: 0,
      created_at: later.toISOString(),
      updated_at: later.toISOString(),
    }));
    for (let i = 0; i < extra; i += 200) await db.insertInto('accounts').values(accounts.slice(i, i + 200)).execute();
    const votes = accounts.map((a, i) => ({
      post_id: post._id,
      account_id: a.id,
      type: 'upvote' as const,
      created_at: new Date(later.getTime() + i).toISOString(),
    }));
    for (let i = 0; i < extra; i += 200) await db.insertInto('votes').values(votes.slice(i, i + 200)).execute();
    await db.updateTable('posts').set({ upvote_count: extra + 1 }).where('id', '=', post._id).execute();

    const seen = (await get<{ post: Post }>(viewer, `/api/posts/post/${post._id}`)).post;
    expect(seen.upvoteCount).toBe(extra + 1);
    expect(seen.myVote).toBe('upvote');
    expect(seen.upvotes!.length).toBe(LIMITS.voteIdsPerPost + 1);
    expect(seen.upvotes).toContain(viewer.id);
    expect(seen.upvotes).toContain(accounts[extra - 1]!.id);
    const other = (await get<{ post: Post }>(author, `/api/posts/post/${post._id}`)).post;
    expect(other.upvotes!.length).toBe(LIMITS.voteIdsPerPost);
    expect(other.upvotes).not.toContain(viewer.id);
    expect(other.myVote).toBeNull();
  });

  // Issue 25 changed the rule: the post page, too, carries the first LIMITS.repliesPerCard replies with the
  // comment's replyCount, and the rest page through the replies route (this used to assert all of them on the post).
  it('shows LIMITS.repliesPerCard replies of a comment on a card and on the post, and the rest through the replies route', async () => {
    const author = await signupCitizen(t.app);
    const post = await createPost(t.app, author);
    const c = await t.app.inject({ method: 'POST', url: '/api/posts/addComment', headers: author.auth, payload: { postId: post._id, content: 'Top' } });
    const commentId = c.json<{ comment: { _id: string } }>().comment._id;
    const n = LIMITS.repliesPerCard + 5;
    for (let i = 0; i < n; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/posts/addReply',
        headers: author.auth,
        payload: { postId: post._id, commentId, content: `Reply ${i}` },
      });
      expect(r.statusCode).toBe(201);
    }
    const card = (await get<{ posts: Post[] }>(author, '/api/user/myPosts?limit=1')).posts[0]!;
    expect(card._id).toBe(post._id);
    expect(card.comments[0]!.replies).toHaveLength(LIMITS.repliesPerCard);
    expect(card.comments[0]!.replies[0]!.content).toBe('Reply 0');
    expect(card.comments[0]!.replyCount).toBe(n);
    const full = (await get<{ post: Post }>(author, `/api/posts/post/${post._id}`)).post;
    const thread = full.comments[0]!;
    expect(thread.replies).toHaveLength(LIMITS.repliesPerCard);
    expect(thread.replyCount).toBe(n);
    const rest = await get<{ replies: Array<{ content: string }>; nextCursor: string | null }>(
      author,
      `/api/posts/post/${post._id}/comments/${commentId}/replies?cursor=${thread.repliesCursor}`,
    );
    expect([...thread.replies, ...rest.replies].map((r) => r.content)).toEqual(Array.from({ length: n }, (_, i) => `Reply ${i}`));
    expect(rest.nextCursor).toBeNull();
  });
});

describe('voted lists page like every list', () => {
  it('pages upvoted posts by most recent vote with nextCursor and refuses a foreign cursor', async () => {
    const author = await signupCitizen(t.app);
    const voter = await signupCitizen(t.app);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const p = await createPost(t.app, author);
      ids.push(p._id);
      expect((await put(voter, '/api/posts/votePost', { postId: p._id, type: 'upvote' })).statusCode).toBe(200);
    }
    const first = await get<{ upvotedPosts: Post[]; nextCursor: string | null }>(voter, '/api/user/upvotedPosts?limit=2');
    expect(first.upvotedPosts.map((p) => p._id)).toEqual([ids[4], ids[3]]);
    const rest = await get<{ upvotedPosts: Post[]; nextCursor: string | null }>(voter, `/api/user/upvotedPosts?limit=10&cursor=${first.nextCursor}`);
    expect(rest.upvotedPosts.map((p) => p._id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(rest.nextCursor).toBeNull();
    const spec = await get<Record<string, unknown>>(voter, '/api/user/upvotedPosts');
    expect(Object.keys(spec)).toEqual(['upvotedPosts']);
    const feedCursor = (await get<{ nextCursor: string }>(voter, '/api/user/allPosts?limit=1')).nextCursor;
    const bad = await t.app.inject({ method: 'GET', url: `/api/user/upvotedPosts?cursor=${feedCursor}`, headers: voter.auth });
    expect(bad.statusCode).toBe(400);
  });
});

describe('kept counters', () => {
  it('agree with counting the posts after random writes, through the API and on the repository', async () => {
    const random = rng(20261123);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const citizens = await Promise.all(Array.from({ length: 4 }, () => signupCitizen(t.app)));
    const depts = [await signupGovernment(t.app, { verified: true }), await signupGovernment(t.app, { verified: true })];
    const doomedDept = await signupGovernment(t.app, { verified: true });
    const posts: Array<{ id: string; author: Actor }> = [];
    for (let i = 0; i < 14; i++) {
      const author = pick(citizens);
      const category = pick(['roads', 'water', 'garbage'] as const);
      posts.push({ id: (await createPost(t.app, author, { priority: pick(PRIORITIES), category }))._id, author });
    }
    for (let step = 0; step < 60; step++) {
      const post = pick(posts);
      const roll = random();
      if (roll < 0.45) {
        await put(pick([...citizens, ...depts]), '/api/posts/votePost', { postId: post.id, type: random() < 0.6 ? 'upvote' : 'downvote' });
      } else if (roll < 0.6) {
        await put(pick([...depts, doomedDept]), `/api/gov/progressState/${post.id}`);
      } else if (roll < 0.64) {
        await put(post.author, `/api/user/editPosts/${post.id}`, { priority: pick(PRIORITIES) });
      } else if (roll < 0.68) {
        // A category change moves the post between category_tally rows (migration 009).
        await put(post.author, `/api/user/editPosts/${post.id}`, { category: pick(['roads', 'water', 'garbage', 'noise'] as const) });
      } else if (roll < 0.72) {
        const dept = pick(depts);
        const res = await put(dept, `/api/gov/progressState/${post.id}`);
        if (res.statusCode === 200) {
          await advanceTo(t.app, dept, post.id, 'Waiting for User Verification');
          await put(post.author, `/api/user/verifyPost/${post.id}`);
        }
      } else if (roll < 0.76 && posts.length > 4) {
        await t.app.inject({ method: 'DELETE', url: `/api/user/deletePosts/${post.id}`, headers: post.author.auth });
        posts.splice(posts.indexOf(post), 1);
      }
    }
    // A department going away leaves its posts unassigned (ON DELETE SET NULL): no service code runs.
    await t.app.ctx.database.db.deleteFrom('accounts').where('id', '=', doomedDept.id).execute();

    // A listing over the app's database: the same queries the app's PostViews runs.
    const repo = new PostListingRepo(t.app.ctx.database.db);
    // The run moved every kind of counter: resolutions, take-overs, votes both ways.
    expect(await repo.countByScan({ finished: true })).toBeGreaterThan(0);
    expect(await repo.countByScan({ assignedTo: depts[0]!.id, finished: false })).toBeGreaterThan(0);
    expect(await repo.countByScan({ minUpvotes: 1, minDownvotes: 1 })).toBeGreaterThan(0);
    const filters: PostFilter[] = [{}, { assignedTo: null }, { assignedTo: null, finished: false }];
    for (const d of [...depts, doomedDept]) {
      filters.push({ assignedTo: d.id }, { assignedTo: d.id, finished: false }, { assignedTo: d.id, finished: true });
    }
    for (const base of [...filters]) {
      for (const priority of PRIORITIES) filters.push({ ...base, priority });
      filters.push({ ...base, minUpvotes: 1 }, { ...base, minDownvotes: 1 }, { ...base, minUpvotes: 1, minDownvotes: 1, priority: 'High' });
    }
    // Every filter again with a category (issue 16): category_tally must agree with the posts too.
    for (const base of [...filters]) for (const category of ['roads', 'water', 'noise', 'parks'] as const) filters.push({ ...base, category });
    expect(await repo.countByScan({ category: 'roads' })).toBeGreaterThan(0);
    for (const f of filters) expect(await repo.count(f), JSON.stringify(f)).toBe(await repo.countByScan(f));

    // Parallel votes that move tallies in opposite directions (on PostgreSQL the trigger takes the
    // two tally rows in key order, so these queue instead of deadlocking into a 5xx).
    const voters = [...citizens, ...depts];
    const targets = posts.slice(0, 4);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        put(voters[i % voters.length]!, '/api/posts/votePost', { postId: targets[i % targets.length]!.id, type: i % 3 ? 'upvote' : 'downvote' }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    for (const f of filters) expect(await repo.count(f), JSON.stringify(f)).toBe(await repo.countByScan(f));

    // What a department sees: "Showing X of Y" equals the posts the list pages through.
    for (const dept of depts) {
      for (const scope of ['unassigned', 'assigned', 'resolved']) {
        for (const extra of ['', '&priority=High', '&minUpvotes=1', '&category=roads', '&category=water&minUpvotes=1', '&category=parks']) {
          const first = await get<{ posts: Post[]; total: number; matching: number; nextCursor: string | null }>(
            dept,
            `/api/gov/allPosts?scope=${scope}&limit=3${extra}`,
          );
          let seen = first.posts.length;
          let cursor = first.nextCursor;
          while (cursor) {
            const next = await get<{ posts: Post[]; nextCursor: string | null }>(dept, `/api/gov/allPosts?scope=${scope}&limit=3${extra}&cursor=${cursor}`);
            seen += next.posts.length;
            cursor = next.nextCursor;
          }
          expect(first.matching, `${scope}${extra}`).toBe(seen);
          const all = await get<{ total: number; matching: number }>(dept, `/api/gov/allPosts?scope=${scope}&limit=1`);
          expect(first.total).toBe(all.matching);
        }
      }
    }
  });
});

describe('filtered lists', () => {
  it('page the same posts whether the rows are found by walking the order or by the vote range', async () => {
    const dept = await signupGovernment(t.app, { verified: true });
    const author = await signupCitizen(t.app);
    const first = await createPost(t.app, author);
    await clonePosts(first._id, 59, author.id);
    const db = t.app.ctx.database.db;
    // Every open unassigned post (other tests' too) gets counts here.
    const ids = (await db.selectFrom('posts').select('id').where('assigned_government', 'is', null).orderBy('id').execute()).map((r) => r.id);
    // Spread counts; only two posts reach 40 upvotes (rare), most have at least 1 (common).
    for (const [i, id] of ids.entries()) {
      await db
        .updateTable('posts')
        .set({
          upvote_count: i === 7 || i === 31 ? 40 + i : i % 9,
          downvote_count: (i * 7) % 5,
          assigned_government: null,
          finished: 0,
          // Two posts of a rare category, the rest split between two common ones.
          category: i === 3 || i === 40 ? 'noise' : i % 3 === 0 ? 'water' : 'roads',
        })
        .where('id', '=', id)
        .execute();
    }
    const rows = await db.selectFrom('posts').selectAll().where('assigned_government', 'is', null).where('finished', '=', 0).execute();
    const cases: Array<{ sort: string; min: string; keep: (r: (typeof rows)[number]) => boolean; order: (a: (typeof rows)[number], b: (typeof rows)[number]) => number }> = [
      { sort: 'newest', min: 'minUpvotes=40', keep: (r) => r.upvote_count >= 40, order: (a, b) => (a.id < b.id ? 1 : -1) },
      { sort: 'newest', min: 'minUpvotes=1', keep: (r) => r.upvote_count >= 1, order: (a, b) => (a.id < b.id ? 1 : -1) },
      {
        sort: 'mostDownvotes',
        min: 'minUpvotes=2&minDownvotes=1',
        keep: (r) => r.upvote_count >= 2 && r.downvote_count >= 1,
        order: (a, b) => b.downvote_count - a.downvote_count || (a.id < b.id ? 1 : -1),
      },
      { sort: 'leastUpvotes', min: 'minUpvotes=40', keep: (r) => r.upvote_count >= 40, order: (a, b) => a.upvote_count - b.upvote_count || (a.id < b.id ? -1 : 1) },
      { sort: 'oldest', min: 'minDownvotes=99', keep: () => false, order: () => 0 },
      // A category under every order: its own index in that order (migration 009), rare or common.
      { sort: 'mostUpvotes', min: 'category=noise', keep: (r) => r.category === 'noise', order: (a, b) => b.upvote_count - a.upvote_count || (a.id < b.id ? 1 : -1) },
      { sort: 'mostUpvotes', min: 'category=roads', keep: (r) => r.category === 'roads', order: (a, b) => b.upvote_count - a.upvote_count || (a.id < b.id ? 1 : -1) },
      { sort: 'newest', min: 'category=water', keep: (r) => r.category === 'water', order: (a, b) => (a.id < b.id ? 1 : -1) },
      {
        sort: 'leastDownvotes',
        min: 'category=water&minUpvotes=1',
        keep: (r) => r.category === 'water' && r.upvote_count >= 1,
        order: (a, b) => a.downvote_count - b.downvote_count || (a.id < b.id ? -1 : 1),
      },
      { sort: 'mostDownvotes', min: 'category=toilets', keep: () => false, order: () => 0 },
      {
        sort: 'mostUpvotes',
        min: 'category=roads&minUpvotes=40',
        keep: (r) => r.category === 'roads' && r.upvote_count >= 40,
        order: (a, b) => b.upvote_count - a.upvote_count || (a.id < b.id ? 1 : -1),
      },
    ];
    const seeks: unknown[] = [];
    // On the prototype: the app's PostViews lists through its own PostListingRepo instance.
    const list = PostListingRepo.prototype.list;
    const spy = vi.spyOn(PostListingRepo.prototype, 'list').mockImplementation(function (this: PostListingRepo, filter, opts) {
      seeks.push(opts?.seek);
      return list.call(this, filter, opts);
    });
    const seekOf: Record<string, unknown> = {};
    for (const c of cases) {
      seeks.length = 0;
      const expected = rows.filter(c.keep).sort(c.order).map((r) => r.id);
      const seen: string[] = [];
      let cursor: string | null = '';
      let matching: number | undefined;
      while (cursor !== null) {
        const page: { posts: Post[]; nextCursor: string | null; matching?: number } = await get(
          dept,
          `/api/gov/allPosts?scope=unassigned&sort=${c.sort}&${c.min}&limit=4${cursor ? `&cursor=${cursor}` : ''}`,
        );
        matching ??= page.matching;
        seen.push(...page.posts.map((p) => p._id));
        cursor = page.nextCursor;
      }
      expect(seen, `${c.sort} ${c.min}`).toEqual(expected);
      expect(matching).toBe(expected.length);
      seekOf[`${c.sort} ${c.min}`] = seeks[0];
    }
    spy.mockRestore();
    // Both ways of finding the rows were taken (and the empty filters never reached the list query).
    expect(seekOf).toMatchObject({
      'newest minUpvotes=40': 'filter',
      'newest minUpvotes=1': 'order',
      'mostUpvotes category=noise': 'order',
      'mostUpvotes category=roads': 'order',
      'newest category=water': 'order',
      'oldest minDownvotes=99': undefined,
      'mostDownvotes category=toilets': 'order',
      // A rare minimum within a category: the category's matches, read and sorted.
      'mostUpvotes category=roads&minUpvotes=40': 'filter',
    });
  });
});

describe('query plans (SQLite)', () => {
  it('walk an index in the order of every list, never sorting or starting from the accounts', async (ctx) => {
    if (t.engine !== 'sqlite') return ctx.skip();
    // The worst statistics case: only the small accounts table analysed (what once made SQLite start
    // from accounts and sort a million posts).
    const file = path.join(t.dataDir, 'civicpulse.db');
    const sqlite = new SQLite(file);
    sqlite.exec("delete from sqlite_stat1 where tbl != 'accounts'; analyze accounts;");
    const statements: Array<{ sql: string; parameters: readonly unknown[] }> = [];
    const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }), log: (e) => {
        statements.push(e.query);
      },
    });
    const repo = new PostListingRepo(db);
    const votes = new VotesRepo(new UnitOfWork(db, 'sqlite'));
    const someone = 'a'.repeat(24);
    const lists: Array<[PostFilter, PostSort]> = [];
    for (const sort of POST_SORTS) {
      lists.push([{}, sort], [{ assignedTo: null, finished: false }, sort], [{ assignedTo: someone, finished: true }, sort]);
    }
    for (const sort of MY_POSTS_SORTS) lists.push([{ authorId: someone }, sort], [{ excludeAuthor: someone }, sort]);
    // With a category (issue 16): every order reads the category's own index in that order; none sorts.
    const category: Category = 'noise';
    for (const sort of POST_SORTS) {
      lists.push([{ category }, sort], [{ assignedTo: null, finished: false, category }, sort], [{ assignedTo: someone, finished: true, category }, sort]);
    }
    lists.push([{ excludeAuthor: someone, category }, 'newest']);
    try {
      for (const [filter, sort] of lists) {
        statements.length = 0;
        await repo.list(filter, { sort, limit: 21 });
        const q = statements[0]!;
        const plan = (sqlite.prepare(`explain query plan ${q.sql}`).all(...(q.parameters as unknown[])) as Array<{ detail: string }>).map((r) => r.detail);
        const label = `${JSON.stringify(filter)} ${sort}: ${plan.join(' / ')}`;
        expect(plan[0], label).toMatch(/^(SCAN|SEARCH) posts USING (COVERING )?INDEX/);
        if (filter.category) expect(plan[0], label).toMatch(/INDEX posts_(queue_)?category_(new|up|down) \(/);
        expect(plan.join(' / '), label).not.toContain('TEMP B-TREE');
      }
      // A category with a rare minimum (seek 'filter'): its rows from a category index, then sorted.
      for (const filter of [{ category }, { assignedTo: null, finished: false, category }] as PostFilter[]) {
        statements.length = 0;
        await repo.list(filter, { sort: 'mostUpvotes', limit: 21, seek: 'filter' });
        const q = statements[0]!;
        const plan = (sqlite.prepare(`explain query plan ${q.sql}`).all(...(q.parameters as unknown[])) as Array<{ detail: string }>).map((r) => r.detail);
        expect(plan[0], plan.join(' / ')).toMatch(/^SEARCH posts USING INDEX posts_(queue_)?category_(new|up|down) \(/);
      }
      // A department's View Issues (migrations 013, 016): every order and filter is one range of a
      // (department, key, post) or (department, key, votes, post) index of post_routes, walked in
      // order; with a rare minimum (seek 'filter'), the filter's own range, then sorted.
      const routed: PostFilter = { assignedTo: null, finished: false, routedTo: someone };
      const routedFilters: Array<[PostFilter, string]> = [
        [routed, ''],
        [{ ...routed, priority: 'High' }, 'priority'],
        [{ ...routed, category }, 'category'],
        [{ ...routed, minUpvotes: 3 }, 'up'],
        [{ ...routed, priority: 'High', category, minDownvotes: 2 }, ''],
      ];
      for (const sort of POST_SORTS) {
        for (const [filter, keyIndex] of routedFilters) {
          for (const seek of ['order', 'filter'] as const) {
            statements.length = 0;
            await repo.list(filter, { sort, limit: 21, seek });
            const q = statements[0]!;
            const plan = (sqlite.prepare(`explain query plan ${q.sql}`).all(...(q.parameters as unknown[])) as Array<{ detail: string }>).map((r) => r.detail);
            const label = `${seek} ${JSON.stringify(filter)} ${sort}: ${plan.join(' / ')}`;
            expect(plan[0], label).toMatch(/^SEARCH post_routes USING (COVERING )?(INDEX|PRIMARY KEY)/);
            expect(plan.slice(1).join(' / '), label).toMatch(/^SEARCH posts USING INDEX \S+ \([^)]*\bid=\?\)/);
            if (seek === 'order') {
              // A vote order reads the votes index of the filter's key (migration 016), or the department's own.
              const votes = sort.includes('Upvotes') ? 'up' : sort.includes('Downvotes') ? 'down' : null;
              const keyed = filter.priority || filter.category;
              if (votes) expect(plan[0], label).toMatch(keyed ? new RegExp(`INDEX post_routes_(priority|category)_${votes} \\(`) : new RegExp(`INDEX post_routes_${votes} \\(`));
              expect(plan.join(' / '), label).not.toContain('TEMP B-TREE');
            } else if (keyIndex) {
              // Any index led by (department, key) holds the filter's range (the vote ones cover it).
              expect(plan[0], label).toMatch(new RegExp(`INDEX post_routes_${keyIndex}(_up|_down)? \\(`));
            }
          }
        }
      }
      statements.length = 0;
      await votes.votedPage(someone, 'upvote', { limit: 21 });
      const voted = (sqlite.prepare(`explain query plan ${statements[0]!.sql}`).all(...(statements[0]!.parameters as unknown[])) as Array<{ detail: string }>)
        .map((r) => r.detail)
        .join(' / ');
      expect(voted).toMatch(/^SEARCH votes USING COVERING INDEX votes_account_recent/);
      expect(voted).not.toContain('TEMP B-TREE');
    } finally {
      await db.destroy();
    }
  });
});

describe('planner statistics', () => {
  it('are gathered when the server starts on SQLite (PRAGMA optimize)', async (ctx) => {
    if (t.app.ctx.database.engine !== 'sqlite') return ctx.skip();
    await t.restart();
    const rows = await sql<{ tbl: string }>`select tbl from sqlite_stat1 where tbl = 'posts'`.execute(t.app.ctx.database.db);
    expect(rows.rows.length).toBeGreaterThan(0);
  });
});
