/**
 * Issue 10: bounded answers. Lists without a limit are capped, child lists are capped per post, voted
 * and filtered lists page. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL. Kept counters and
 * query plans are in scale-counters-plans.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIMITS, type Post } from '@civicpulse/shared';
import { createPost, createTestApp, loginAdmin, signupCitizen, signupGovernment, type TestApp } from './helpers/app.js';
import { scaleCalls } from './helpers/scale.js';
import { PostListingRepo } from '../src/modules/posts/listing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const { get, put } = scaleCalls(() => t);

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
      rows.push({ ...post, id, reference: `CP-XX-0000-${id}`, author_id: authorId, caption: `Clone ${i}` });
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
