/** Reading and reacting to reports: the community feed, a single post, votes, comments and replies, similar reports nearby. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, POST_TEXTS, type Post } from '@civicpulse/shared';
import { SAMPLE_LOCATION, backgroundSettled, createPost, createTestApp, loginAdmin, signupCitizen, signupGovernment, type Actor, type TestApp } from './helpers/app.js';

let t: TestApp;
let asha: Actor;
let ravi: Actor;
beforeAll(async () => {
  t = await createTestApp();
  asha = await signupCitizen(t.app, 'Asha Reporter');
  ravi = await signupCitizen(t.app, 'Ravi Neighbour');
});
afterAll(async () => {
  await t.close();
});

const get = (actor: Actor, url: string) => t.app.inject({ method: 'GET', url, headers: actor.auth });

describe('the community feed', () => {
  let feedApp: TestApp;
  let a: Actor;
  let b: Actor;
  let c: Actor;
  const ids: string[] = [];
  beforeAll(async () => {
    feedApp = await createTestApp();
    a = await signupCitizen(feedApp.app, 'A');
    b = await signupCitizen(feedApp.app, 'B');
    c = await signupCitizen(feedApp.app, 'C');
    for (let i = 0; i < 5; i++) ids.push((await createPost(feedApp.app, i % 2 ? b : c, { caption: `Report ${i}` }))._id);
    await createPost(feedApp.app, a, { caption: 'My own report' });
  });
  afterAll(async () => {
    await feedApp.close();
  });
  const feed = (actor: Actor, qs = '') => feedApp.app.inject({ method: 'GET', url: `/api/user/allPosts${qs}`, headers: actor.auth });

  it("lists every post, the caller's own included, newest first, all at once without limit (the spec's clients)", async () => {
    const res = await feed(a);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ posts: Post[]; nextCursor?: string }>();
    // The spec's client filters its own posts out of the feed and keeps only them for My Issues.
    expect(body.posts.map((p) => p.caption)).toEqual(['My own report', 'Report 4', 'Report 3', 'Report 2', 'Report 1', 'Report 0']);
    expect(body.posts.filter((p) => p.user._id === a.id).map((p) => p.caption)).toEqual(['My own report']);
    expect('nextCursor' in body).toBe(false);
  });

  it("leaves the caller's own posts out with ?exclude=mine, and refuses other exclude values", async () => {
    const body = (await feed(a, '?exclude=mine')).json<{ posts: Post[] }>();
    expect(body.posts.map((p) => p.caption)).toEqual(['Report 4', 'Report 3', 'Report 2', 'Report 1', 'Report 0']);
    const bad = await feed(a, '?exclude=others');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'exclude must be "mine"' });
  });

  it('serves the feed to departments and admins too (spec 2.1: anyone signed in)', async () => {
    const dept = await signupGovernment(feedApp.app, { verified: true });
    const admin = await loginAdmin(feedApp.app);
    for (const viewer of [dept, admin]) {
      const res = await feed(viewer);
      expect(res.statusCode).toBe(200);
      expect(res.json<{ posts: Post[] }>().posts.map((p) => p.caption)).toContain('My own report');
    }
  });

  it('pages by cursor without gaps or repeats, even when new posts arrive in between', async () => {
    const first = (await feed(a, '?exclude=mine&limit=2')).json<{ posts: Post[]; nextCursor: string }>();
    expect(first.posts.map((p) => p.caption)).toEqual(['Report 4', 'Report 3']);
    await createPost(feedApp.app, b, { caption: 'Arrived meanwhile' });
    const second = (await feed(a, `?exclude=mine&limit=2&cursor=${first.nextCursor}`)).json<{ posts: Post[]; nextCursor: string }>();
    expect(second.posts.map((p) => p.caption)).toEqual(['Report 2', 'Report 1']);
    const third = (await feed(a, `?exclude=mine&limit=2&cursor=${second.nextCursor}`)).json<{ posts: Post[]; nextCursor: string | null }>();
    expect(third.posts.map((p) => p.caption)).toEqual(['Report 0']);
    expect(third.nextCursor).toBeNull();
  });

  it('refuses a bad limit with 400', async () => {
    expect((await feed(a, '?limit=0')).statusCode).toBe(400);
    expect((await feed(a, '?limit=abc')).statusCode).toBe(400);
  });

  it('carries counts, my vote and the first three comments with their replies', async () => {
    const postId = ids[0]!;
    for (let i = 0; i < 5; i++) {
      await feedApp.app.inject({ method: 'POST', url: '/api/posts/addComment', headers: b.auth, payload: { postId, content: `Comment ${i}` } });
    }
    const post = (await feedApp.app.inject({ method: 'GET', url: `/api/posts/post/${postId}`, headers: a.auth })).json<{ post: Post }>().post;
    await feedApp.app.inject({
      method: 'POST',
      url: '/api/posts/addReply',
      headers: a.auth,
      payload: { postId, commentId: post.comments[0]!._id, content: 'Same on my street' },
    });
    await feedApp.app.inject({ method: 'PUT', url: '/api/posts/votePost', headers: a.auth, payload: { postId, type: 'downvote' } });
    const listed = (await feed(a)).json<{ posts: Post[] }>().posts.find((p) => p._id === postId)!;
    expect(listed.commentCount).toBe(5);
    expect(listed.comments.map((cm) => cm.content)).toEqual(['Comment 0', 'Comment 1', 'Comment 2']);
    expect(listed.comments[0]!.replies).toMatchObject([{ content: 'Same on my street', userId: a.id, userName: 'A' }]);
    expect(listed).toMatchObject({ myVote: 'downvote', downvotes: [a.id], downvoteCount: 1 });
    const single = (await feedApp.app.inject({ method: 'GET', url: `/api/posts/post/${postId}`, headers: a.auth })).json<{ post: Post }>().post;
    expect(single.comments).toHaveLength(5);
  });

  it('costs the same number of queries for a page of 2 as for a page of 20 (no N+1)', async () => {
    const count = async (qs: string) => {
      // The reports just filed woke the background queues (alerts, followers): their queries are not the feed's.
      await backgroundSettled(feedApp.app);
      const before = feedApp.app.ctx.database.stats.queries;
      const res = await feed(a, qs);
      expect(res.statusCode).toBe(200);
      return feedApp.app.ctx.database.stats.queries - before;
    };
    for (let i = 0; i < 20; i++) await createPost(feedApp.app, c, { caption: `Bulk ${i}` });
    const small = await count('?limit=2');
    const large = await count('?limit=20');
    expect(large).toBe(small);
    expect(large).toBeLessThanOrEqual(7);
  });
});

describe('a single post', () => {
  it('answers 404 with "Post not found" for an unknown id', async () => {
    const res = await get(asha, '/api/posts/post/000000000000000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Post not found' });
  });
});

describe('votes', () => {
  let postId: string;
  beforeAll(async () => {
    postId = (await createPost(t.app, asha))._id;
  });
  const vote = (actor: Actor, type: string, id = postId) =>
    t.app.inject({ method: 'PUT', url: '/api/posts/votePost', headers: actor.auth, payload: { postId: id, type } });

  it('adds, removes with the same vote, and replaces with the opposite', async () => {
    expect((await vote(ravi, 'upvote')).json()).toEqual({ message: 'Upvoted', upvotes: 1, downvotes: 0, userVote: 'upvote' });
    expect((await vote(ravi, 'upvote')).json()).toEqual({ message: 'Vote removed', upvotes: 0, downvotes: 0, userVote: null });
    await vote(ravi, 'upvote');
    expect((await vote(ravi, 'downvote')).json()).toEqual({ message: 'Downvoted', upvotes: 0, downvotes: 1, userVote: 'downvote' });
    const post = (await get(ravi, `/api/posts/post/${postId}`)).json<{ post: Post }>().post;
    expect(post).toMatchObject({ upvotes: [], downvotes: [ravi.id], myVote: 'downvote', downvoteCount: 1 });
  });

  it('lets departments and admins vote too', async () => {
    const dept = await signupGovernment(t.app);
    const admin = await loginAdmin(t.app);
    expect((await vote(dept, 'upvote')).statusCode).toBe(200);
    expect((await vote(admin, 'upvote')).statusCode).toBe(200);
  });

  it('refuses bad input', async () => {
    expect((await vote(ravi, 'sideways')).statusCode).toBe(400);
    expect((await vote(ravi, 'upvote', 'ffffffffffffffffffffffff')).statusCode).toBe(404);
  });

  it('never leaves two votes or wrong counts under parallel requests from one account', async () => {
    const target = (await createPost(t.app, asha))._id;
    const voter = await signupCitizen(t.app);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => vote(voter, i % 3 === 0 ? 'downvote' : 'upvote', target)),
    );
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const rows = await t.app.ctx.database.db.selectFrom('votes').selectAll().where('post_id', '=', target).execute();
    expect(rows.length).toBeLessThanOrEqual(1);
    const post = (await get(voter, `/api/posts/post/${target}`)).json<{ post: Post }>().post;
    expect(post.upvoteCount).toBe(post.upvotes!.length);
    expect(post.downvoteCount).toBe(post.downvotes!.length);
    expect(post.upvotes!.length + post.downvotes!.length).toBe(rows.length);
  });

  it('counts parallel votes from many accounts exactly', async () => {
    const target = (await createPost(t.app, asha))._id;
    const voters = await Promise.all(Array.from({ length: 8 }, () => signupCitizen(t.app)));
    await Promise.all(voters.map((v) => vote(v, 'upvote', target)));
    const post = (await get(asha, `/api/posts/post/${target}`)).json<{ post: Post }>().post;
    expect(post.upvoteCount).toBe(8);
    expect(new Set(post.upvotes!).size).toBe(8);
  });

  it('lists upvoted and downvoted posts for the voter', async () => {
    const voter = await signupCitizen(t.app);
    const up = (await createPost(t.app, asha, { caption: 'Up me' }))._id;
    const down = (await createPost(t.app, asha, { caption: 'Down me' }))._id;
    await vote(voter, 'upvote', up);
    await vote(voter, 'downvote', down);
    const ups = (await get(voter, '/api/user/upvotedPosts')).json<{ upvotedPosts: Post[] }>().upvotedPosts;
    const downs = (await get(voter, '/api/user/downvotedPosts')).json<{ downvotedPosts: Post[] }>().downvotedPosts;
    expect(ups.map((p) => p.caption)).toEqual(['Up me']);
    expect(downs.map((p) => p.caption)).toEqual(['Down me']);
    expect(downs[0]!.myVote).toBe('downvote');
  });
});

describe('comments and replies', () => {
  let postId: string;
  beforeAll(async () => {
    postId = (await createPost(t.app, asha))._id;
  });
  const add = (actor: Actor, payload: object) => t.app.inject({ method: 'POST', url: '/api/posts/addComment', headers: actor.auth, payload });
  const reply = (actor: Actor, payload: object) => t.app.inject({ method: 'POST', url: '/api/posts/addReply', headers: actor.auth, payload });
  const del = (actor: Actor, url: string, payload: object) => t.app.inject({ method: 'DELETE', url, headers: actor.auth, payload });
  const comments = async () => (await get(asha, `/api/posts/post/${postId}`)).json<{ post: Post }>().post;

  it('takes the author from the token, never from the body', async () => {
    const res = await add(ravi, { postId, content: ' Reported this too ', userId: asha.id, userName: 'Someone Else', userRole: 'admin' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Comment added',
      comment: { userId: ravi.id, userName: 'Ravi Neighbour', userRole: 'user', content: 'Reported this too', replies: [] },
    });
  });

  it('refuses empty and overlong text', async () => {
    expect((await add(ravi, { postId, content: '   ' })).json()).toEqual({ message: 'Comment cannot be empty' });
    expect((await add(ravi, { postId })).statusCode).toBe(400);
    const long = await add(ravi, { postId, content: 'x'.repeat(LIMITS.commentMaxChars + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: POST_TEXTS.commentTooLong });
    expect((await add(ravi, { postId: 'ffffffffffffffffffffffff', content: 'hi' })).statusCode).toBe(404);
  });

  it('replies to a comment and deletes only with the right to', async () => {
    const comment = (await add(ravi, { postId, content: 'Water logging after rain' })).json<{ comment: { _id: string } }>().comment;
    const r1 = await reply(asha, { postId, commentId: comment._id, content: 'Thanks for confirming' });
    expect(r1.statusCode).toBe(201);
    const replyId = r1.json<{ reply: { _id: string; userId: string } }>().reply._id;
    expect((await reply(asha, { postId, commentId: 'nope', content: 'x' })).statusCode).toBe(404);
    expect((await reply(asha, { postId, commentId: comment._id, content: '' })).json()).toEqual({ message: 'Reply cannot be empty' });

    expect((await del(ravi, '/api/posts/deleteReply', { postId, commentId: comment._id, replyId })).statusCode).toBe(403);
    const ok = await del(asha, '/api/posts/deleteReply', { postId, commentId: comment._id, replyId });
    expect(ok.json()).toEqual({ message: 'Reply deleted' });
    expect((await comments()).comments.find((c) => c._id === comment._id)!.replies).toEqual([]);

    expect((await del(asha, '/api/posts/deleteComment', { postId, commentId: comment._id })).statusCode).toBe(403);
    const admin = await loginAdmin(t.app);
    expect((await del(admin, '/api/posts/deleteComment', { postId, commentId: comment._id })).json()).toEqual({ message: 'Comment deleted' });
  });

  it('marks the words of a department still pending verification, and drops the mark once an admin verifies', async () => {
    const target = (await createPost(t.app, asha, { caption: 'Broken streetlight near the bus stop' }))._id;
    const pending = await signupGovernment(t.app, { department: 'Electricity Board' });
    const added = await add(pending, { postId: target, content: 'We will look into it' });
    expect(added.json()).toMatchObject({ comment: { userName: 'Electricity Board', userRole: 'government', userPending: true } });
    const commentId = added.json<{ comment: { _id: string } }>().comment._id;
    const citizenReply = await reply(ravi, { postId: target, commentId, content: 'Thank you' });
    expect(citizenReply.json()).toMatchObject({ reply: { userPending: false } });
    const deptReply = await reply(pending, { postId: target, commentId, content: 'Crew booked for Monday' });
    expect(deptReply.json()).toMatchObject({ reply: { userPending: true } });
    await add(ravi, { postId: target, content: 'Still dark tonight' });

    // Both reads: the single post (every comment) and a feed page (the first comments of each post).
    const marks = async () => {
      const single = (await get(ravi, `/api/posts/post/${target}`)).json<{ post: Post }>().post;
      const listed = (await get(ravi, '/api/user/allPosts')).json<{ posts: Post[] }>().posts.find((p) => p._id === target)!;
      return [single, listed].map((post) =>
        post.comments.map((c) => [c.content, c.userPending, c.replies.map((r) => [r.content, r.userPending])]),
      );
    };
    const before = [
      ['We will look into it', true, [['Thank you', false], ['Crew booked for Monday', true]]],
      ['Still dark tonight', false, []],
    ];
    expect(await marks()).toEqual([before, before]);

    const admin = await loginAdmin(t.app);
    const verify = await t.app.inject({ method: 'PUT', url: `/api/admin/verifyGovernment/${pending.id}`, headers: admin.auth });
    expect(verify.statusCode).toBe(200);
    const after = [
      ['We will look into it', false, [['Thank you', false], ['Crew booked for Monday', false]]],
      ['Still dark tonight', false, []],
    ];
    expect(await marks()).toEqual([after, after]);
  });

  it('finds comments by index as the spec sends them, but lets ids win', async () => {
    const target = (await createPost(t.app, asha))._id;
    const ids: string[] = [];
    for (const text of ['zero', 'one', 'two']) {
      ids.push((await add(ravi, { postId: target, content: text })).json<{ comment: { _id: string } }>().comment._id);
    }
    await reply(asha, { postId: target, commentId: ids[2]!, content: 'reply to two' });
    await reply(ravi, { postId: target, commentId: ids[2]!, content: 'second reply to two' });
    // By index: the reply at index 1 of comment 2.
    const byIndex = await del(ravi, '/api/posts/deleteReply', { postId: target, commentIndex: 2, replyIndex: 1 });
    expect(byIndex.statusCode).toBe(200);
    // Id wins over a conflicting index.
    const byId = await del(ravi, '/api/posts/deleteComment', { postId: target, commentIndex: 0, commentId: ids[1] });
    expect(byId.statusCode).toBe(200);
    const post = (await get(ravi, `/api/posts/post/${target}`)).json<{ post: Post }>().post;
    expect(post.comments.map((c) => c.content)).toEqual(['zero', 'two']);
    expect(post.comments[1]!.replies.map((r) => r.content)).toEqual(['reply to two']);
    expect(post.commentCount).toBe(2);
    // Deleting a comment removes its replies with it.
    await del(ravi, '/api/posts/deleteComment', { postId: target, commentIndex: 1 });
    const rows = await t.app.ctx.database.db.selectFrom('comments').selectAll().where('post_id', '=', target).execute();
    expect(rows.map((r) => r.content)).toEqual(['zero']);
    expect((await del(ravi, '/api/posts/deleteComment', { postId: target, commentIndex: 5 })).statusCode).toBe(404);
  });
});

describe('similar reports nearby', () => {
  it('finds unresolved posts within 250 m, closest and most alike first', async () => {
    const near = { lat: 12.9716, lng: 77.5946 };
    const at = (dLatMeters: number) => ({ ...SAMPLE_LOCATION, state: 'Karnataka', coordinates: { lat: near.lat + dLatMeters / 111_320, lng: near.lng } });
    const other = await signupCitizen(t.app);
    const pothole = (await createPost(t.app, other, { caption: 'Huge pothole at the bus stop', location: at(120) }))._id;
    const garbage = (await createPost(t.app, other, { caption: 'Garbage not collected', location: at(40) }))._id;
    const far = (await createPost(t.app, other, { caption: 'Pothole near bus stop', location: at(400) }))._id;
    const resolved = (await createPost(t.app, other, { caption: 'Pothole at bus stop', location: at(10) }))._id;
    await t.app.ctx.database.db.updateTable('posts').set({ current_state: 'Resolved', progress_state: 'Finished' }).where('id', '=', resolved).execute();

    const res = await get(asha, `/api/posts/similar?lat=${near.lat}&lng=${near.lng}&caption=${encodeURIComponent('Pothole near the bus stop')}`);
    expect(res.statusCode).toBe(200);
    const posts = res.json<{ posts: Post[] }>().posts;
    const ids = posts.map((p) => p._id);
    expect(ids).toEqual([pothole, garbage]);
    expect(ids).not.toContain(far);
    expect(posts[0]!.distanceMeters).toBeGreaterThan(100);
    expect(posts[0]!.distanceMeters).toBeLessThan(140);
  });

  it('needs numeric coordinates', async () => {
    expect((await get(asha, '/api/posts/similar?lat=abc&lng=77')).statusCode).toBe(400);
  });
});
