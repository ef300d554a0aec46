/**
 * Issue 10: kept counters, and the query plans and planner statistics behind bounded lists. Runs on
 * SQLite, and on PostgreSQL with TEST_DATABASE_URL. The plan checks are each engine's own: most are
 * SQLite's; a card's comments and replies are checked on PostgreSQL, and a card's voters and reply
 * counts on both.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, MY_POSTS_SORTS, POST_SORTS, PRIORITIES, type Category, type Post, type PostSort } from '@civicpulse/shared';
import type { DB } from '../src/db/types.js';
import { PostListingRepo, type PostFilter } from '../src/modules/posts/listing.js';
import { firstPerGroupQuery, replyCountsQuery } from '../src/modules/comments/repo.js';
import { VotesRepo, recentVotesQuery } from '../src/modules/votes/repo.js';
import { UnitOfWork } from '../src/events/unitOfWork.js';
import { advanceTo, createPost, createTestApp, signupCitizen, signupGovernment, type Actor, type TestApp } from './helpers/app.js';
import { scaleCalls } from './helpers/scale.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const { get, put } = scaleCalls(() => t);

/** A deterministic pseudo-random sequence, so a failure replays. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

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

    // The public map's kept groups (map_cells, migration 022) agree with the posts at every level,
    // category and progress state, after the same writes (a deletion by cascade included).
    const db = t.app.ctx.database.db;
    const cells = await db.selectFrom('map_cells').select(['level', 'category', 'progress_state', (eb) => eb.fn.sum<number>('n').as('n')]).groupBy(['level', 'category', 'progress_state']).having((eb) => eb.fn.sum('n'), '!=', 0).execute();
    const byPosts = await db.selectFrom('posts').select(['category', 'progress_state', (eb) => eb.fn.countAll<number>().as('n')]).groupBy(['category', 'progress_state']).execute();
    const key = (r: { category: string; progress_state: string; n: number | string }) => `${r.category}|${r.progress_state}|${Number(r.n)}`;
    for (const level of [0, 1, 2]) {
      expect(cells.filter((c) => Number(c.level) === level).map(key).sort(), `level ${level}`).toEqual(byPosts.map(key).sort());
    }
    expect(await db.selectFrom('map_cells').select('n').where('n', '<', 0).execute()).toEqual([]);

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
      // The public list's place filters (migration 022): each order of /reports reads the place's own index.
      for (const [filter, index] of [
        [{ state: 'Goa' }, /INDEX posts_state_(id|up) \(/],
        [{ city: 'Pune' }, /INDEX posts_city_(new|up) \(/],
        [{ pincode: '411001' }, /INDEX posts_pincode_(new|up) \(/],
        [{ city: 'Pune', category, progressState: 'Unseen' }, /INDEX posts_(city_(new|up)|category_(new|up)) \(/],
      ] as Array<[PostFilter, RegExp]>) {
        for (const sort of ['newest', 'oldest', 'mostUpvotes'] as const) {
          statements.length = 0;
          await repo.list(filter, { sort, limit: 21 });
          const q = statements[0]!;
          const plan = (sqlite.prepare(`explain query plan ${q.sql}`).all(...(q.parameters as unknown[])) as Array<{ detail: string }>).map((r) => r.detail);
          const label = `${JSON.stringify(filter)} ${sort}: ${plan.join(' / ')}`;
          expect(plan[0], label).toMatch(/^SEARCH posts USING INDEX/);
          expect(plan[0], label).toMatch(index);
          expect(plan.join(' / '), label).not.toContain('TEMP B-TREE');
        }
      }
      // The public map: a group answer reads the box's cells by primary key, column by column (never a
      // whole column of the country); a street-level answer reads one posts_lat_lng range.
      for (const filter of [{}, { category }, { category, progressState: 'Unseen' }] as const) {
        statements.length = 0;
        await repo.mapCells(2, { x0: 7280, x1: 7295, y0: 1900, y1: 1910 }, filter, 600);
        const cells = statements[0]!;
        const cellPlan = (sqlite.prepare(`explain query plan ${cells.sql}`).all(...(cells.parameters as unknown[])) as Array<{ detail: string }>).map((r) => r.detail);
        expect(cellPlan[0], cellPlan.join(' / ')).toMatch(/^SEARCH map_cells USING (COVERING )?INDEX sqlite_autoindex_map_cells_1 \(level=\? AND cx=\? AND cy>\? AND cy<\?\)/);
        statements.length = 0;
        await repo.mapPoints({ minLat: 19, maxLat: 19.03, minLng: 72.8, maxLng: 72.83 }, filter, 301);
        const points = statements[0]!;
        const pointPlan = (sqlite.prepare(`explain query plan ${points.sql}`).all(...(points.parameters as unknown[])) as Array<{ detail: string }>).map((r) => r.detail);
        expect(pointPlan[0], pointPlan.join(' / ')).toMatch(/^SEARCH posts USING INDEX posts_lat_lng \(lat>\? AND lat<\?\)/);
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

/** PostgreSQL: the rows of `table` the plan's scans read (rows kept and rows filtered out, times loops), and the rows the query answered. */
async function readBy(db: Kysely<DB>, query: { compile(): CompiledQuery }, table = 'comments'): Promise<{ read: number; answered: number }> {
  type Node = { 'Node Type': string; 'Relation Name'?: string; 'Actual Rows': number; 'Actual Loops': number; 'Rows Removed by Filter'?: number; Plans?: Node[] };
  const q = query.compile();
  const res = await db.executeQuery<{ 'QUERY PLAN': Array<{ Plan: Node }> }>(CompiledQuery.raw(`explain (analyze, format json) ${q.sql}`, [...q.parameters]));
  const read = (n: Node): number =>
    (n['Relation Name'] === table ? (n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0)) * n['Actual Loops'] : 0) + (n.Plans ?? []).reduce((sum, p) => sum + read(p), 0);
  const plan = res.rows[0]!['QUERY PLAN'][0]!.Plan;
  return { read: read(plan), answered: plan['Actual Rows'] };
}

describe('query plans (PostgreSQL)', () => {
  it('read the first comments and replies of a card as one bounded range per post and per comment, however many others the table holds', async (ctx) => {
    if (t.engine !== 'postgres') return ctx.skip();
    const db = t.app.ctx.database.db;
    const author = await signupCitizen(t.app);
    const [a, b, busy] = [await createPost(t.app, author), await createPost(t.app, author), await createPost(t.app, author)];
    const row = (id: string, postId: string, parentId: string | null, hidden = false) =>
      ({ id, post_id: postId, parent_id: parentId, author_id: author.id, author_name: 'Plan', author_role: 'user' as const, content: 'x', created_at: new Date(0).toISOString(), hidden_at: hidden ? new Date(0).toISOString() : null });
    const id = (prefix: string, n: number) => `${prefix}${n.toString(16).padStart(23, '0')}`;
    // Cards to read: post a with five comments, the first with five replies of which the second is
    // hidden; post b with one comment and one reply.
    await db.insertInto('comments').values([
      ...Array.from({ length: 5 }, (_, i) => row(id('a', i), a._id, null)),
      ...Array.from({ length: 5 }, (_, i) => row(id('b', i), a._id, id('a', 0), i === 1)),
      row(id('c', 0), b._id, null),
      row(id('d', 0), b._id, id('c', 0)),
    ]).execute();
    // And 3,000 comments on another report, each with a reply.
    await sql`insert into comments (id, post_id, parent_id, author_id, author_name, author_role, content, created_at)
      select 'e' || lpad(to_hex(g), 23, '0'), ${busy._id}, null, ${author.id}, 'Busy', 'user', 'x', ${new Date(0).toISOString()} from generate_series(1, 3000) g`.execute(db);
    await sql`insert into comments (id, post_id, parent_id, author_id, author_name, author_role, content, created_at)
      select 'f' || lpad(to_hex(g), 23, '0'), ${busy._id}, 'e' || lpad(to_hex(g), 23, '0'), ${author.id}, 'Busy', 'user', 'x', ${new Date(0).toISOString()} from generate_series(1, 3000) g`.execute(db);
    await sql`analyze comments`.execute(db);

    const n = LIMITS.repliesPerCard;
    // The replies of 40 comments, as a page of cards asks: a0, a1, c0 and 37 of the busy report's.
    const busyIds = Array.from({ length: 37 }, (_, i) => i + 1);
    const replies = firstPerGroupQuery(db, 'comment', [id('a', 0), id('a', 1), id('c', 0), ...busyIds.map((i) => id('e', i))], n);
    // The first three replies of a0 (the hidden one left out), c0's one and each busy comment's.
    expect((await replies.execute()).map((r) => r.id)).toEqual([id('b', 0), id('b', 2), id('d', 0), ...busyIds.map((i) => id('f', i))]);
    const repliesPlan = await readBy(db, replies);
    expect(repliesPlan.answered).toBe(40);
    // Each comment and its first n replies; the correlated cut-off this replaced (the SQLite form) read
    // every comment in the table here (6,094 rows) through a merge join.
    expect(repliesPlan.read).toBeLessThanOrEqual(40 * (1 + n));

    const comments = firstPerGroupQuery(db, 'post', [a._id, b._id], LIMITS.commentsPerCard);
    expect((await comments.execute()).map((r) => r.id)).toEqual([id('a', 0), id('a', 1), id('a', 2), id('c', 0)]);
    // The first commentsPerCard of each post, though the busy report's 3,000 made the planner expect 1,000 a post.
    expect((await readBy(db, comments)).read).toBeLessThanOrEqual(2 * LIMITS.commentsPerCard);
  });
});

describe("a card's most recent voters", () => {
  it('are the newest of each post, read as one bounded range per post however many votes it has, with or without statistics', async () => {
    const db = t.app.ctx.database.db;
    const author = await signupCitizen(t.app);
    type Report = { _id: string };
    const posts: Report[] = [];
    for (let i = 0; i < 20; i++) posts.push(await createPost(t.app, author));
    const [a, b, busy] = posts as [Report, Report, Report];
    const voter = (n: number) => `v${n.toString(16).padStart(23, '0')}`;
    const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms).toISOString();
    // 6,000 voters. The busy report has a vote from each; a second report 101 votes (v1 and v2 in the
    // millisecond of its 100th most recent); a third one vote.
    const total = 6000;
    for (let from = 1; from <= total; from += 500) {
      const ns = Array.from({ length: 500 }, (_, i) => from + i);
      await db
        .insertInto('accounts')
        .values(ns.map((n) => ({ id: voter(n), role: 'user' as const, email: `voter${n}@plan.in`, password_hash: 'x', name: 'Voter', is_verified: 0, resolved_issues_count: 0, created_at: at(0), updated_at: at(0) })))
        .execute();
      await db
        .insertInto('votes')
        .values(ns.map((n) => ({ post_id: busy._id, account_id: voter(n), type: n % 3 === 0 ? ('downvote' as const) : ('upvote' as const), created_at: at(n) })))
        .execute();
    }
    await db
      .insertInto('votes')
      .values([
        ...Array.from({ length: 101 }, (_, i) => ({ post_id: a._id, account_id: voter(i + 1), type: 'upvote' as const, created_at: at(i === 0 ? 1 : i) })),
        { post_id: b._id, account_id: voter(1), type: 'downvote' as const, created_at: at(5) },
      ])
      .execute();

    const n = LIMITS.voteIdsPerCard;
    const ids = posts.map((p) => p._id);
    for (const stats of ['without statistics', 'with statistics']) {
      if (stats === 'with statistics') await sql`analyze votes`.execute(db);
      else if (t.engine === 'postgres') await sql`delete from pg_statistic where starelid = 'votes'::regclass`.execute(db);
      const query = recentVotesQuery(db, t.engine, ids, n);
      const rows = await query.execute();
      const of = (p: Report) => rows.filter((r) => r.post_id === p._id).map((r) => r.account_id);
      // a: its 100 most recent, newest first, and v1 too: v2 and v1 voted in the cut-off millisecond
      // (both engines answer the tie whole; the presenter keeps the first 100).
      expect(of(a), stats).toEqual([...Array.from({ length: 99 }, (_, i) => voter(101 - i)), voter(2), voter(1)]);
      expect(of(b), stats).toEqual([voter(1)]);
      expect(of(busy), stats).toEqual(Array.from({ length: n }, (_, i) => voter(total - i)));
      expect(rows.filter((r) => r.post_id === busy._id).map((r) => r.type)).toEqual(Array.from({ length: n }, (_, i) => ((total - i) % 3 === 0 ? 'downvote' : 'upvote')));
      if (t.engine === 'postgres') {
        const { read } = await readBy(db, query, 'votes');
        // With statistics, each post's n most recent (and the cut-off millisecond's ties). Without them
        // (a freshly loaded database) PostgreSQL may read a post's votes whole, but each vote once: the
        // correlated cut-off this replaced read 36 million rows here in 22 s, and with statistics 616,302.
        expect(read, stats).toBeLessThanOrEqual(stats === 'with statistics' ? 3 * (n + 2) : total + 102);
      } else {
        // One range of votes_post_recent per post from its cut-off, the cut-off itself read from the same index.
        const q = query.compile();
        const plan = (await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]))).rows.map((r) => r.detail);
        expect(plan.join('\n'), stats).toMatch(/SEARCH votes USING INDEX votes_post_recent \(post_id=\? AND created_at>\?\)/);
        expect(plan.join('\n'), stats).toMatch(/CORRELATED SCALAR SUBQUERY[\s\S]*SEARCH cut USING COVERING INDEX votes_post_recent \(post_id=\?\)/);
      }
    }
  });
});

describe("a card's reply counts", () => {
  it('count up to the cap, reading no more than the cap of a busy thread (PostgreSQL: with statistics)', async () => {
    const db = t.app.ctx.database.db;
    const author = await signupCitizen(t.app);
    const [post, other] = [await createPost(t.app, author), await createPost(t.app, author)];
    const id = (prefix: string, n: number) => `${prefix}${n.toString(16).padStart(23, '0')}`;
    const row = (commentId: string, postId: string, parentId: string | null) =>
      ({ id: commentId, post_id: postId, parent_id: parentId, author_id: author.id, author_name: 'Plan', author_role: 'user' as const, content: 'x', created_at: new Date(0).toISOString() });
    // Three comments (ids p0-p2, apart from the other tests'): p0 with 3,000 replies, their ids among
    // 30,000 comments on another report (ids follow time, so a busy thread's replies are spread over
    // the table), p1 with one reply, p2 none.
    await db.insertInto('comments').values([row(id('p', 0), post._id, null), row(id('p', 1), post._id, null), row(id('p', 2), post._id, null)]).execute();
    for (let from = 0; from < 33_000; from += 500) {
      const ns = Array.from({ length: 500 }, (_, i) => from + i);
      await db.insertInto('comments').values(ns.map((n) => (n % 11 === 0 ? row(id('q', n), post._id, id('p', 0)) : row(id('q', n), other._id, null)))).execute();
    }
    await db.insertInto('comments').values(row(id('r', 0), post._id, id('p', 1))).execute();

    const cap = LIMITS.replyCountMax;
    for (const stats of ['without statistics', 'with statistics']) {
      if (stats === 'with statistics') await sql`analyze comments`.execute(db);
      else if (t.engine === 'postgres') await sql`delete from pg_statistic where starelid = 'comments'::regclass`.execute(db);
      const query = replyCountsQuery(db, t.engine, [id('p', 0), id('p', 1), id('p', 2)], cap);
      const counts = Object.fromEntries((await query.execute()).map((r) => [r.id, Number(r.n)]));
      expect(counts, stats).toEqual({ [id('p', 0)]: cap, [id('p', 1)]: 1, [id('p', 2)]: 0 });
      if (t.engine === 'postgres') {
        const { read } = await readBy(db, query);
        // The three comments, p0's first `cap` replies and p1's one. Without statistics PostgreSQL may
        // read a thread's replies whole (3,000 here), each once. The cut-off form (the SQLite one) read
        // 4,005 either way: all of p0's replies for its cut-off, sorted, then the cap again.
        expect(read, stats).toBeLessThanOrEqual(stats === 'with statistics' ? 3 + cap + 2 : 3 + 3000 + 2);
      } else {
        const q = query.compile();
        const plan = (await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]))).rows.map((r) => r.detail);
        // The count is one comments_replies range up to the cut-off, read from the same index.
        expect(plan.join('\n'), stats).toMatch(/SEARCH r USING COVERING INDEX comments_replies \(parent_id=\? AND id<\?\)/);
        expect(plan.join('\n'), stats).toMatch(/CORRELATED SCALAR SUBQUERY[\s\S]*SEARCH cut USING COVERING INDEX comments_replies \(parent_id=\?\)/);
      }
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

  it('are gathered when the server starts on PostgreSQL for tables holding rows that have none (a restored database)', async (ctx) => {
    if (t.engine !== 'postgres') return ctx.skip();
    const citizen = await signupCitizen(t.app);
    const post = await createPost(t.app, citizen);
    const db = t.app.ctx.database.db;
    await db.insertInto('votes').values({ post_id: post._id, account_id: citizen.id, type: 'upvote', created_at: new Date().toISOString() }).execute();
    const analysed = async () =>
      (await sql<{ tablename: string }>`select distinct tablename from pg_stats where schemaname = current_schema() and tablename in ('posts', 'votes', 'chat_messages')`.execute(db)).rows
        .map((r) => r.tablename)
        .sort();
    // What pg_restore leaves: rows without statistics (chat_messages also has no rows).
    await sql`analyze posts, votes`.execute(db);
    await sql`delete from pg_statistic where starelid in ('posts'::regclass, 'votes'::regclass, 'chat_messages'::regclass)`.execute(db);
    expect(await analysed()).toEqual([]);
    await t.restart();
    const started = t.app.ctx.database.db;
    let tables: string[] = [];
    for (let i = 0; i < 100 && tables.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 50));
      tables = (await sql<{ tablename: string }>`select distinct tablename from pg_stats where schemaname = current_schema() and tablename in ('posts', 'votes', 'chat_messages')`.execute(started)).rows.map((r) => r.tablename).sort();
    }
    // posts and votes hold rows: analysed; the empty chat_messages is left alone.
    expect(tables).toEqual(['posts', 'votes']);
  });
});
