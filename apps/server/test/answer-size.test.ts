/**
 * Issue 25 item 3: every answer that lists posts, comments or replies stays within LIMITS.answerBytesMax
 * whatever the content. Seeds the worst content the limits allow straight into the database (texts at
 * their character limits made of characters JSON writes as 6-byte escapes or UTF-8 writes in 3 bytes,
 * 20 replies on every comment, more voters than a card lists) and reads it as a client does. Runs on
 * SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, type Post, type PostComment, type PostReply } from '@civicpulse/shared';
import { createPost, createTestApp, loginAdmin, signupCitizen, signupGovernment, type Actor, type TestApp } from './helpers/app.js';

let t: TestApp;
let viewer: Actor;
let author: Actor;

const FEED_POSTS = 520;
const COMMENTS_PER_POST = 3;
const REPLIES_PER_COMMENT = 20;
const VOTERS = LIMITS.voteIdsPerCard + 20;
const BIG_COMMENTS = 400;
const BIG_REPLIES = 20;
const LONG_THREAD = 150;

/**
 * Texts at their limit, in the three costliest kinds of character: control characters (JSON's `\u0001`,
 * 6 bytes each; PostgreSQL refuses only NUL), quotes and backslashes (2 bytes), Devanagari with its vowel
 * signs and spaces between words (3 bytes, and a cut must not split a letter from its sign).
 */
function worst(chars: number, kind: number): string {
  const unit = ['\u0001\u0002\u001f\u0007 ', '"\\"\\ ', 'नमस्ते दुनिया '][kind % 3]!;
  return unit.repeat(Math.ceil(chars / unit.length) + 1).slice(0, chars).replace(/\s$/, 'x');
}
const BYTES_PER_CHAR_WORST = 6;

const hex = (prefix: string, n: number) => prefix + n.toString(16).padStart(24 - prefix.length, '0');

/** Inserts rows in batches both engines take (bound-parameter limits). */
async function insertAll(table: 'accounts' | 'posts' | 'comments' | 'votes', rows: object[], batch = 400): Promise<void> {
  const db = t.app.ctx.database.db;
  for (let i = 0; i < rows.length; i += batch) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows are this table's, built below
    await db.insertInto(table).values(rows.slice(i, i + batch) as any).execute();
  }
}

const originals = new Map<string, { caption: string; finalCaption: string | null }>();
const commentTexts = new Map<string, string>();
let feedIds: string[] = [];
let bigPostId = '';
let longThreadPostId = '';
let longThreadCommentId = '';

async function seed(): Promise<void> {
  const db = t.app.ctx.database.db;
  const source = await createPost(t.app, author);
  const template = await db.selectFrom('posts').selectAll().where('id', '=', source._id).executeTakeFirstOrThrow();
  const authorName = 'क'.repeat(LIMITS.nameMaxChars);
  await db.updateTable('accounts').set({ name: authorName }).where('id', '=', author.id).execute();

  const voters = Array.from({ length: VOTERS }, (_, i) => ({
    id: hex('a', i),
    role: 'user' as const,
    email: `voter${i}@size.test`,
    password_hash: 'x',
    name: 'मतदाता'.repeat(20).slice(0, LIMITS.nameMaxChars),
    is_verified: 0,
    resolved_issues_count: 0,
    created_at: template.created_at,
    updated_at: template.created_at,
  }));
  await insertAll('accounts', voters);

  const base = Date.parse('2030-01-01T00:00:00.000Z');
  const posts = [];
  const comments = [];
  const votes = [];
  // Ids above every real one, so these are the newest posts; each kind of text in turn.
  for (let i = 0; i < FEED_POSTS; i++) {
    const id = hex('f', i);
    const caption = worst(LIMITS.commentMaxChars, i);
    const finalCaption = i % 2 === 0 ? worst(LIMITS.commentMaxChars, i + 1) : null;
    originals.set(id, { caption, finalCaption });
    posts.push({
      ...template,
      id,
      // Longer than any real reference number (CP-MH-2026-000123), so the sizes measured are an upper bound.
      reference: `CP-XX-9999-${id}`,
      caption,
      final_caption: finalCaption,
      landmark: worst(LIMITS.landmarkMaxChars, i),
      address: worst(LIMITS.addressMaxChars, i),
      city: worst(LIMITS.cityMaxChars, i),
      upvote_count: VOTERS,
      comment_count: COMMENTS_PER_POST,
      created_at: new Date(base + i * 1000).toISOString(),
    });
    for (let c = 0; c < COMMENTS_PER_POST; c++) {
      const commentId = hex('c', i * COMMENTS_PER_POST + c);
      const content = worst(LIMITS.commentMaxChars, i + c);
      commentTexts.set(commentId, content);
      comments.push({ id: commentId, post_id: id, parent_id: null, author_id: author.id, author_name: authorName, author_role: 'user', content, created_at: template.created_at });
      for (let r = 0; r < REPLIES_PER_COMMENT; r++) {
        const replyId = hex('d', (i * COMMENTS_PER_POST + c) * REPLIES_PER_COMMENT + r);
        const text = worst(LIMITS.commentMaxChars, i + c + r);
        commentTexts.set(replyId, text);
        comments.push({ id: replyId, post_id: id, parent_id: commentId, author_id: author.id, author_name: authorName, author_role: 'user', content: text, created_at: template.created_at });
      }
    }
    for (const v of voters) votes.push({ post_id: id, account_id: v.id, type: 'upvote' as const, created_at: new Date(base + i).toISOString() });
  }
  await insertAll('posts', posts, 100);
  await insertAll('comments', comments, 500);
  await insertAll('votes', votes, 2000);
  feedIds = posts.map((p) => p.id).reverse();

  // One post with 400 comments of 20 replies each, and one whose single comment has 150 replies.
  bigPostId = hex('e1', 0);
  longThreadPostId = hex('e2', 0);
  for (const [id, n] of [
    [bigPostId, BIG_COMMENTS],
    [longThreadPostId, 1],
  ] as const) {
    originals.set(id, { caption: worst(LIMITS.commentMaxChars, 0), finalCaption: null });
    await insertAll('posts', [{ ...template, id, reference: `CP-XX-9999-${id}`, caption: worst(LIMITS.commentMaxChars, 0), comment_count: n, created_at: new Date(base - 1000).toISOString() }]);
  }
  const thread = [];
  for (let c = 0; c < BIG_COMMENTS; c++) {
    const commentId = hex('b1', c);
    thread.push({ id: commentId, post_id: bigPostId, parent_id: null, author_id: author.id, author_name: authorName, author_role: 'user', content: `${c} ${worst(LIMITS.commentMaxChars - 6, 0)}`, created_at: template.created_at });
    for (let r = 0; r < BIG_REPLIES; r++) {
      thread.push({ id: hex('b2', c * BIG_REPLIES + r), post_id: bigPostId, parent_id: commentId, author_id: author.id, author_name: authorName, author_role: 'user', content: `${c}.${r} ${worst(LIMITS.commentMaxChars - 10, 0)}`, created_at: template.created_at });
    }
  }
  longThreadCommentId = hex('b3', 0);
  thread.push({ id: longThreadCommentId, post_id: longThreadPostId, parent_id: null, author_id: author.id, author_name: authorName, author_role: 'user', content: 'Long thread', created_at: template.created_at });
  for (let r = 0; r < LONG_THREAD; r++) {
    thread.push({ id: hex('b4', r), post_id: longThreadPostId, parent_id: longThreadCommentId, author_id: author.id, author_name: authorName, author_role: 'user', content: `${r} ${worst(LIMITS.commentMaxChars - 4, 0)}`, created_at: template.created_at });
  }
  await insertAll('comments', thread, 500);
}

beforeAll(async () => {
  t = await createTestApp();
  viewer = await signupCitizen(t.app, 'Viewer');
  author = await signupCitizen(t.app, 'Author');
  await seed();
}, 300_000);
afterAll(async () => {
  await t?.close();
});

async function getRaw(actor: Actor, url: string): Promise<{ bytes: number; body: string }> {
  const res = await t.app.inject({ method: 'GET', url, headers: actor.auth });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return { bytes: res.rawPayload.length, body: res.body };
}

/** The spec's Post fields (API-CONTRACT "Post"), all still present on every card. */
const SPEC_FIELDS = ['_id', 'caption', 'createdAt', 'updatedAt', 'images', 'user', 'priority', 'currentState', 'progressState', 'location', 'upvotes', 'downvotes', 'comments', 'assignedGovernment', 'finalUpdate'];

/** A text a card carries: the original when short enough, else a shortened prefix ending in '…' flagged as cut. */
function expectCardText(shown: string, flag: boolean | undefined, original: string): void {
  if (original.length <= LIMITS.cardTextChars) {
    expect(shown).toBe(original);
    expect(flag).toBeUndefined();
  } else {
    expect(flag).toBe(true);
    expect(shown.length).toBeLessThanOrEqual(LIMITS.cardTextChars);
    expect(shown.endsWith('…')).toBe(true);
    expect(original.startsWith(shown.slice(0, -1))).toBe(true);
  }
}

function expectCard(post: Post): void {
  for (const field of SPEC_FIELDS) expect(post, field).toHaveProperty(field);
  const original = originals.get(post._id)!;
  expectCardText(post.caption, post.captionTruncated, original.caption);
  if (original.finalCaption !== null) expectCardText(post.finalUpdate!.caption, post.finalUpdate!.captionTruncated, original.finalCaption);
  expect(post.upvotes!.length).toBeLessThanOrEqual(LIMITS.voteIdsPerCard);
  expect(post.upvoteCount).toBe(VOTERS);
  expect(post.comments).toHaveLength(COMMENTS_PER_POST);
  for (const comment of post.comments) {
    expectCardText(comment.content, comment.truncated, commentTexts.get(comment._id)!);
    expect(comment.replyCount).toBe(REPLIES_PER_COMMENT);
    expect(comment.replies).toHaveLength(LIMITS.repliesPerCard);
    for (const reply of comment.replies) expectCardText(reply.content, reply.truncated, commentTexts.get(reply._id)!);
  }
}

describe('list answers stay within the byte budget under the worst content', () => {
  it('answers an unpaged feed of at most LIMITS.answerBytesMax with nextCursor, and its cursors reach every post once, in order', async () => {
    const seen: string[] = [];
    let cursor: string | null | undefined;
    let pages = 0;
    let largest = 0;
    do {
      const { bytes, body } = await getRaw(viewer, `/api/user/allPosts${cursor ? `?cursor=${cursor}` : ''}`);
      const page = JSON.parse(body) as { posts: Post[]; nextCursor?: string | null };
      largest = Math.max(largest, bytes);
      expect(bytes).toBeLessThanOrEqual(LIMITS.answerBytesMax);
      expect(page.posts.length).toBeGreaterThan(0);
      if (pages === 0) {
        expect(typeof page.nextCursor).toBe('string');
        for (const post of page.posts) expectCard(post);
      }
      seen.push(...page.posts.map((p) => p._id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    console.log(`answer-size ${t.engine}: unpaged feed of ${FEED_POSTS} worst posts in ${pages} pages, largest ${largest} bytes`);
    const total = await t.app.ctx.database.db.selectFrom('posts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(seen).toHaveLength(Number(total.n));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.slice(0, FEED_POSTS)).toEqual(feedIds);
  }, 120_000);

  it('bounds a paged feed, the voted lists, the department and admin lists the same way', async () => {
    const dept = await signupGovernment(t.app, { verified: true });
    const admin = await loginAdmin(t.app);
    for (const id of feedIds.slice(0, 60)) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/posts/votePost', headers: viewer.auth, payload: { postId: id, type: 'downvote' } });
      expect(res.statusCode).toBe(200);
    }
    const urls: Array<[Actor, string, string]> = [
      [viewer, '/api/user/allPosts?limit=100', 'posts'],
      [viewer, '/api/user/downvotedPosts', 'downvotedPosts'],
      [dept, '/api/gov/allPosts', 'posts'],
      [dept, '/api/gov/allPosts?scope=unassigned&area=all', 'posts'],
      [admin, '/api/admin/allPosts', 'posts'],
      [admin, '/api/admin/allPosts?q=x', 'posts'],
    ];
    for (const [actor, url, key] of urls) {
      const { bytes, body } = await getRaw(actor, url);
      const page = JSON.parse(body) as Record<string, unknown> & { nextCursor?: string | null };
      const posts = page[key] as Post[];
      expect(bytes, url).toBeLessThanOrEqual(LIMITS.answerBytesMax);
      expect(posts.length, url).toBeGreaterThan(0);
      expect(typeof page.nextCursor, url).toBe('string');
      for (const post of posts) if (originals.has(post._id) && post._id !== bigPostId && post._id !== longThreadPostId) expectCard(post);
    }
    // The voted list pages on by its own cursor to every voted post exactly once.
    const voted: string[] = [];
    let cursor: string | null | undefined;
    do {
      const { bytes, body } = await getRaw(viewer, `/api/user/downvotedPosts${cursor ? `?cursor=${cursor}` : ''}`);
      expect(bytes).toBeLessThanOrEqual(LIMITS.answerBytesMax);
      const page = JSON.parse(body) as { downvotedPosts: Post[]; nextCursor?: string | null };
      voted.push(...page.downvotedPosts.map((p) => p._id));
      cursor = page.nextCursor;
    } while (cursor);
    expect([...voted].sort()).toEqual(feedIds.slice(0, 60).sort());
  }, 120_000);

  it("never shortens the viewer's own captions (an edit form starts from the card), and still bounds the page", async () => {
    const { bytes, body } = await getRaw(author, '/api/user/myPosts');
    const page = JSON.parse(body) as { posts: Post[]; nextCursor?: string | null };
    expect(bytes).toBeLessThanOrEqual(LIMITS.answerBytesMax);
    expect(typeof page.nextCursor).toBe('string');
    for (const post of page.posts) {
      expect(post.caption).toBe(originals.get(post._id)?.caption ?? post.caption);
      expect(post).not.toHaveProperty('captionTruncated');
      // The comments on them are others' words on a card: shortened like everywhere.
      for (const comment of post.comments) expectCardText(comment.content, comment.truncated, commentTexts.get(comment._id)!);
    }
    // The same posts on the author's feed: whole too; on someone else's feed: shortened.
    const feed = JSON.parse((await getRaw(author, '/api/user/allPosts?limit=5')).body) as { posts: Post[] };
    expect(feed.posts[0]!.caption).toBe(originals.get(feed.posts[0]!._id)!.caption);
    const others = JSON.parse((await getRaw(viewer, '/api/user/allPosts?limit=5')).body) as { posts: Post[] };
    expect(others.posts[0]!.captionTruncated).toBe(true);
  }, 60_000);

  it('flags a text exactly when it was cut: a caption of LIMITS.cardTextChars characters stays whole, one more is cut', async () => {
    const exact = 'a'.repeat(LIMITS.cardTextChars);
    const over = `${'b'.repeat(LIMITS.cardTextChars - 10)} ${'c'.repeat(20)}`;
    const a = await createPost(t.app, author, { caption: exact });
    const b = await createPost(t.app, author, { caption: over });
    // Newer than the seeded posts' ids, so found by the admin's caption search (the admin is not the author).
    const admin = await loginAdmin(t.app);
    const posts = [
      ...(JSON.parse((await getRaw(admin, '/api/admin/allPosts?q=aaaaaaaaaa')).body) as { posts: Post[] }).posts,
      ...(JSON.parse((await getRaw(admin, '/api/admin/allPosts?q=bbbbbbbbbb')).body) as { posts: Post[] }).posts,
    ];
    const shownA = posts.find((p) => p._id === a._id)!;
    const shownB = posts.find((p) => p._id === b._id)!;
    expect(shownA.caption).toBe(exact);
    expect(shownA).not.toHaveProperty('captionTruncated');
    // Cut at the word boundary: the 'c' word goes whole.
    expect(shownB.caption).toBe(`${'b'.repeat(LIMITS.cardTextChars - 10)}…`);
    expect(shownB.captionTruncated).toBe(true);
    // The post page has it whole, without the flag.
    const single = JSON.parse((await getRaw(viewer, `/api/posts/post/${b._id}`)).body) as { post: Post };
    expect(single.post.caption).toBe(over);
    expect(single.post).not.toHaveProperty('captionTruncated');
  });
});

describe('the single post pages its comments and replies within the byte budget', () => {
  it('answers a post with 400 comments x 20 replies within LIMITS.answerBytesMax, and the routes page every comment and reply once, in order', async () => {
    const { bytes, body } = await getRaw(viewer, `/api/posts/post/${bigPostId}`);
    console.log(`answer-size ${t.engine}: single post with ${BIG_COMMENTS} x ${BIG_REPLIES} worst comments: ${bytes} bytes`);
    expect(bytes).toBeLessThanOrEqual(LIMITS.answerBytesMax);
    const { post } = JSON.parse(body) as { post: Post };
    for (const field of SPEC_FIELDS) expect(post).toHaveProperty(field);
    expect(post.caption).toBe(originals.get(bigPostId)!.caption);
    expect(post.commentCount).toBe(BIG_COMMENTS);
    expect(post.comments.length).toBeGreaterThan(0);
    expect(post.comments.length).toBeLessThanOrEqual(LIMITS.commentsPerPage);
    expect(typeof post.commentsCursor).toBe('string');

    const comments: PostComment[] = [...post.comments];
    let cursor = post.commentsCursor ?? null;
    while (cursor) {
      const page = await getRaw(viewer, `/api/posts/post/${bigPostId}/comments?cursor=${cursor}`);
      expect(page.bytes).toBeLessThanOrEqual(LIMITS.answerBytesMax);
      const answer = JSON.parse(page.body) as { comments: PostComment[]; nextCursor: string | null };
      expect(answer.comments.length).toBeGreaterThan(0);
      comments.push(...answer.comments);
      cursor = answer.nextCursor;
    }
    expect(comments.map((c) => Number(c.content.split(' ')[0]))).toEqual(Array.from({ length: BIG_COMMENTS }, (_, i) => i));

    for (const comment of comments) {
      // Whole texts on the post page, never flagged.
      expect(comment).not.toHaveProperty('truncated');
      expect(comment.content.length).toBe(LIMITS.commentMaxChars - 6 + String(Number(comment.content.split(' ')[0])).length + 1);
      expect(comment.replyCount).toBe(BIG_REPLIES);
      expect(comment.replies).toHaveLength(LIMITS.repliesPerCard);
      const replies: PostReply[] = [...comment.replies];
      let next: string | null | undefined = comment.repliesCursor;
      while (next) {
        const page = await getRaw(viewer, `/api/posts/post/${bigPostId}/comments/${comment._id}/replies?cursor=${next}`);
        const answer = JSON.parse(page.body) as { replies: PostReply[]; nextCursor: string | null };
        replies.push(...answer.replies);
        next = answer.nextCursor;
      }
      const c = comment.content.split(' ')[0];
      expect(replies.map((r) => r.content.split(' ')[0])).toEqual(Array.from({ length: BIG_REPLIES }, (_, r) => `${c}.${r}`));
    }
  }, 120_000);

  it('cuts a replies page at the byte budget before its row limit, and its cursor goes on from there', async () => {
    const url = `/api/posts/post/${longThreadPostId}/comments/${longThreadCommentId}/replies?limit=${LIMITS.maxPageSize}`;
    const first = await getRaw(viewer, url);
    expect(first.bytes).toBeLessThanOrEqual(LIMITS.answerBytesMax);
    const page1 = JSON.parse(first.body) as { replies: PostReply[]; nextCursor: string | null };
    expect(page1.replies.length).toBeLessThan(LIMITS.maxPageSize);
    expect(page1.replies.length).toBeGreaterThan(LIMITS.answerBytesMax / (LIMITS.commentMaxChars * BYTES_PER_CHAR_WORST + 1000) - 1);
    const all = [...page1.replies];
    let cursor = page1.nextCursor;
    while (cursor) {
      const page = JSON.parse((await getRaw(viewer, `${url}&cursor=${cursor}`)).body) as { replies: PostReply[]; nextCursor: string | null };
      all.push(...page.replies);
      cursor = page.nextCursor;
    }
    expect(all.map((r) => Number(r.content.split(' ')[0]))).toEqual(Array.from({ length: LONG_THREAD }, (_, i) => i));
  });

  it('answers 404 for an unknown post or comment, a reply given as a comment, and 400 for a foreign cursor', async () => {
    const reply = hex('b2', 0);
    const statuses = [];
    for (const url of [
      `/api/posts/post/${'0'.repeat(24)}/comments`,
      `/api/posts/post/${bigPostId}/comments/${'0'.repeat(24)}/replies`,
      `/api/posts/post/${bigPostId}/comments/${reply}/replies`,
      `/api/posts/post/${longThreadPostId}/comments/${hex('b1', 0)}/replies`,
      `/api/posts/post/${bigPostId}/comments?cursor=${Buffer.from('[1]').toString('base64url')}`,
      `/api/posts/post/${bigPostId}/comments?limit=0`,
    ]) {
      statuses.push((await t.app.inject({ method: 'GET', url, headers: viewer.auth })).statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 404, 400, 400]);
  });
});
