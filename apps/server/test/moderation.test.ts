/**
 * Moderation: flags (once per account per item, rate limited), hiding after three distinct flags with
 * the author told, hidden content out of every list and count yet kept for moderators and its author,
 * the admins' queue (filters, order, bulk, delete, audit), the author's review request, and suspension
 * (reads only, over HTTP and the live connection, until it ends). Runs on SQLite, and on PostgreSQL
 * with TEST_DATABASE_URL (the race at the end matters there).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { LIVE_DEFAULTS, MODERATION_LIMITS, MODERATION_TEXTS, POST_TEXTS, type ModerationPage, type NotificationItem, type Post, type SendAck } from '@civicpulse/shared';
import { ManualClock } from '../src/lib/clock.js';
import type { Client } from './helpers/live.js';
import { emitAck } from './helpers/live-suite.js';
import { advanceTo, createPost, createTestApp, loginAdmin, signupCitizen, signupGovernment, type Actor, type TestApp } from './helpers/app.js';

let t: TestApp;
let clock: ManualClock;
let author: Actor;
let flaggers: Actor[];
let admin: Actor;
let roads: Actor;

beforeAll(async () => {
  clock = new ManualClock();
  t = await createTestApp({}, { clock });
  author = await signupCitizen(t.app, 'Asha Author');
  flaggers = await Promise.all(['Ravi', 'Meena', 'Kiran', 'Dev', 'Sana'].map((n) => signupCitizen(t.app, n)));
  admin = await loginAdmin(t.app);
  roads = await signupGovernment(t.app, { verified: true, department: 'Roads Department' });
}, 60_000);
afterAll(() => t.close());

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: Actor, payload?: unknown) =>
  t.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
const message = (res: { json: <T>() => T }) => res.json<{ message: string }>().message;
const flag = (who: Actor, kind: string, id: string, reason = 'abusive') => req('POST', '/api/moderation/flags', who, { kind, id, reason });
const db = () => t.app.ctx.database.db;

/** The public counts (list totals and map groups) against the visible reports, read straight from the tables. */
async function countsAgree(): Promise<{ visible: number; tally: number; categories: number; map: number }> {
  const visible = Number((await db().selectFrom('posts').select((eb) => eb.fn.countAll().as('n')).where('hidden_at', 'is', null).executeTakeFirstOrThrow()).n);
  const sum = async (table: 'post_tally' | 'category_tally') => Number((await db().selectFrom(table).select((eb) => eb.fn.sum('n').as('n')).executeTakeFirstOrThrow()).n ?? 0);
  const map = Number((await db().selectFrom('map_cells').select((eb) => eb.fn.sum('n').as('n')).where('level', '=', 0).executeTakeFirstOrThrow()).n ?? 0);
  return { visible, tally: await sum('post_tally'), categories: await sum('category_tally'), map };
}
const expectCountsTrue = async () => {
  const c = await countsAgree();
  expect(c).toEqual({ visible: c.visible, tally: c.visible, categories: c.visible, map: c.visible });
  return c.visible;
};

describe('flags', () => {
  it('refuses bad flags with a clear 4xx and keeps one flag per account per item', async () => {
    const post = await createPost(t.app, author, { caption: 'Garbage dumped behind the school' });
    expect(message(await flag(author, 'post', post._id))).toBe(MODERATION_TEXTS.ownItem);
    expect((await flag(flaggers[0]!, 'post', post._id, 'rude')).statusCode).toBe(400);
    expect((await flag(flaggers[0]!, 'poster', post._id)).statusCode).toBe(400);
    expect((await flag(flaggers[0]!, 'post', 'ffffffffffffffffffffffff')).statusCode).toBe(404);
    expect([400, 404]).toContain((await flag(flaggers[0]!, 'post', 'a\u0000b')).statusCode);
    expect((await flag(flaggers[0]!, 'post', 'x'.repeat(100))).statusCode).toBe(400);
    expect((await req('POST', '/api/moderation/flags', undefined, { kind: 'post', id: post._id, reason: 'spam' })).statusCode).toBe(401);
    const first = await flag(flaggers[0]!, 'post', post._id, 'spam');
    expect(first.statusCode, first.body).toBe(201);
    expect(message(first)).toBe(MODERATION_TEXTS.flagged);
    const again = await flag(flaggers[0]!, 'post', post._id, 'abusive');
    expect(again.statusCode).toBe(409);
    expect(message(again)).toBe(MODERATION_TEXTS.alreadyFlagged);
    const row = await db().selectFrom('moderation_items').selectAll().where('item_id', '=', post._id).executeTakeFirstOrThrow();
    expect({ count: Number(row.flag_count), spam: Number(row.spam), abusive: Number(row.abusive), status: row.status }).toEqual({ count: 1, spam: 1, abusive: 0, status: 'pending' });
  });

  it('three distinct flags hide a report from every list and count; its author is told why and may ask for a review', async () => {
    const before = await expectCountsTrue();
    const post = await createPost(t.app, author, { caption: 'Abusive rant pretending to be a report' });
    await req('PUT', `/api/posts/${post._id}/follow`, flaggers[4]);
    expect(await expectCountsTrue()).toBe(before + 1);
    for (const [i, who] of flaggers.slice(0, 2).entries()) expect((await flag(who, 'post', post._id, i ? 'abusive' : 'spam')).statusCode).toBe(201);
    // Two flags: still visible.
    expect((await req('GET', `/api/public/posts/${post._id}`)).statusCode).toBe(200);
    expect((await flag(flaggers[2]!, 'post', post._id, 'abusive')).statusCode).toBe(201);

    // Gone for everyone else: the post page, the public page, the feed, the public list, open data, Open311, the map.
    for (const who of [flaggers[3]!, roads]) expect((await req('GET', `/api/posts/post/${post._id}`, who)).statusCode).toBe(404);
    const pub = await req('GET', `/api/public/posts/${post._id}`);
    expect(pub.statusCode).toBe(404);
    expect(message(pub)).toBe(POST_TEXTS.notFound);
    const feed = await req('GET', '/api/user/allPosts?limit=50', flaggers[3]);
    expect(feed.body).not.toContain(post._id);
    expect((await req('GET', '/api/public/posts?limit=50')).body).not.toContain(post._id);
    expect((await req('GET', '/api/open-data/reports.geojson')).body).not.toContain('Abusive rant');
    expect((await req('GET', '/open311/v2/requests.json')).body).not.toContain('Abusive rant');
    expect((await req('GET', '/api/public/map?bbox=77.5,12.9,77.7,13.1')).body).not.toContain(post._id);
    // The assistant does not tell even its author about it (it answers from the lists).
    const asked = await req('POST', '/api/ask', author, { message: 'What is the status of my report about the abusive rant?' });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).not.toContain('Abusive rant');
    // Nobody votes on or comments on it.
    expect((await req('PUT', '/api/posts/votePost', flaggers[3], { postId: post._id, type: 'upvote' })).statusCode).toBe(404);
    expect((await req('POST', '/api/posts/addComment', flaggers[3], { postId: post._id, content: 'hi' })).statusCode).toBe(404);
    // The counts dropped with it.
    expect(await expectCountsTrue()).toBe(before);

    // The author still opens it, marked hidden, and was told why.
    const own = await req('GET', `/api/posts/post/${post._id}`, author);
    expect(own.statusCode).toBe(200);
    expect(own.json<{ post: Post }>().post.hidden).toBe(true);
    const told = (await req('GET', '/api/notifications', author)).json<{ notifications: NotificationItem[] }>().notifications;
    expect(told[0]).toMatchObject({ type: 'contentHidden', title: 'Hidden by moderation', link: `/moderation/review/post/${post._id}` });
    expect(told[0]!.message).toContain('abusive, spam');
    const notice = await req('GET', `/api/moderation/notice?kind=post&id=${post._id}`, author);
    expect(notice.json()).toMatchObject({ notice: { hiddenBy: 'flags', reasons: ['abusive', 'spam'], reviewRequestedAt: null } });
    expect((await req('GET', `/api/moderation/notice?kind=post&id=${post._id}`, flaggers[0])).statusCode).toBe(404);
    // A fourth flag cannot even find it.
    expect((await flag(flaggers[3]!, 'post', post._id)).statusCode).toBe(404);

    // The review: the author only, once, with a note.
    expect((await req('POST', '/api/moderation/review', flaggers[0], { kind: 'post', id: post._id })).statusCode).toBe(404);
    expect((await req('POST', '/api/moderation/review', author, { kind: 'post', id: post._id, note: 'x'.repeat(MODERATION_LIMITS.noteMaxChars + 1) })).statusCode).toBe(400);
    const review = await req('POST', '/api/moderation/review', author, { kind: 'post', id: post._id, note: 'This is a real complaint about the dump' });
    expect(review.statusCode, review.body).toBe(200);
    expect(message(review)).toBe(MODERATION_TEXTS.reviewRequested);
    expect(message(await req('POST', '/api/moderation/review', author, { kind: 'post', id: post._id }))).toBe(MODERATION_TEXTS.reviewAlready);

    // The moderators see it among the hidden, with the request; restoring brings it and its counts back.
    const hidden = (await req('GET', '/api/admin/moderation?status=hidden', admin)).json<ModerationPage>();
    expect(hidden.items.find((i) => i.id === post._id)).toMatchObject({ kind: 'post', flagCount: 3, hiddenBy: 'flags', reviewNote: 'This is a real complaint about the dump', author: { name: 'Asha Author' } });
    expect((await req('GET', `/api/posts/post/${post._id}`, admin)).statusCode).toBe(200);
    const restore = await req('POST', '/api/admin/moderation', admin, { action: 'restore', items: [{ kind: 'post', id: post._id }] });
    expect(restore.json()).toEqual({ message: MODERATION_TEXTS.done(1), done: 1 });
    expect((await req('GET', `/api/public/posts/${post._id}`)).statusCode).toBe(200);
    expect(await expectCountsTrue()).toBe(before + 1);
    expect((await req('GET', '/api/notifications', author)).json<{ notifications: NotificationItem[] }>().notifications[0]).toMatchObject({ type: 'contentRestored' });
    // Restored is dismissed: more flags do not hide it again.
    expect((await flag(flaggers[3]!, 'post', post._id)).statusCode).toBe(201);
    expect((await req('GET', `/api/public/posts/${post._id}`)).statusCode).toBe(200);
    // Every step is in the audit log.
    const audit = (await req('GET', '/api/admin/audit', admin)).body;
    expect(audit).toContain('restoreContent');
  });

  it('a hidden report moved while hidden comes back into the right counts', async () => {
    const post = await createPost(t.app, author, { caption: 'Pothole report hidden by mistake' });
    const before = await expectCountsTrue();
    expect((await req('POST', '/api/admin/moderation', admin, { action: 'hide', items: [{ kind: 'post', id: post._id }] })).statusCode).toBe(200);
    expect(await expectCountsTrue()).toBe(before - 1);
    // A write straight to the row (as a cascade or a background job would) while it is hidden does not touch the public counts.
    await db().updateTable('posts').set({ priority: 'High', upvote_count: 5 }).where('id', '=', post._id).execute();
    expect(await expectCountsTrue()).toBe(before - 1);
    expect((await req('POST', '/api/admin/moderation', admin, { action: 'restore', items: [{ kind: 'post', id: post._id }] })).statusCode).toBe(200);
    expect(await expectCountsTrue()).toBe(before);
    const high = Number((await db().selectFrom('post_tally').select((eb) => eb.fn.sum('n').as('n')).where('priority', '=', 'High').where('up', '=', 5).executeTakeFirstOrThrow()).n);
    expect(high).toBeGreaterThanOrEqual(1);
    // Deleting a hidden report (its author may) leaves the counts true.
    await req('POST', '/api/admin/moderation', admin, { action: 'hide', items: [{ kind: 'post', id: post._id }] });
    expect((await req('DELETE', `/api/user/deletePosts/${post._id}`, author)).statusCode).toBe(200);
    expect(await expectCountsTrue()).toBe(before - 1);
  });

  it('a hidden comment leaves the thread and the comment count, and comes back on restore', async () => {
    const post = await createPost(t.app, author, { caption: 'Broken footpath slab' });
    const add = await req('POST', '/api/posts/addComment', flaggers[0], { postId: post._id, content: 'You are all idiots' });
    const commentId = add.json<{ comment: { _id: string } }>().comment._id;
    await req('POST', '/api/posts/addComment', flaggers[1], { postId: post._id, content: 'Same problem near the bank' });
    const reply = await req('POST', '/api/posts/addReply', flaggers[1], { postId: post._id, commentId, content: 'Rude reply with a phone number 98450 00000' });
    const replyId = reply.json<{ reply: { _id: string } }>().reply._id;
    const read = async () => (await req('GET', `/api/posts/post/${post._id}`, flaggers[4])).json<{ post: Post }>().post;
    expect((await read()).commentCount).toBe(2);
    for (const who of flaggers.slice(2, 5)) expect((await flag(who, 'comment', commentId)).statusCode).toBe(201);
    const after = await read();
    expect(after.commentCount).toBe(1);
    expect(JSON.stringify(after.comments)).not.toContain('idiots');
    expect((await req('GET', `/api/posts/post/${post._id}/comments`, flaggers[4])).body).not.toContain('idiots');
    // A reply is flagged as a reply and hidden by a moderator.
    expect((await flag(flaggers[2]!, 'reply', replyId, 'personal')).statusCode).toBe(201);
    expect((await req('POST', '/api/admin/moderation', admin, { action: 'hide', items: [{ kind: 'comment', id: replyId }] })).json()).toMatchObject({ done: 1 });
    const pending = (await req('GET', '/api/admin/moderation?status=hidden', admin)).json<ModerationPage>();
    expect(pending.items.find((i) => i.id === replyId)).toMatchObject({ shownKind: 'reply', hiddenBy: 'moderator', reasons: { personal: 1 } });
    // The commenter is told, with a link to the review page.
    const told = (await req('GET', '/api/notifications', flaggers[0])).json<{ notifications: NotificationItem[] }>().notifications;
    expect(told[0]).toMatchObject({ type: 'contentHidden', link: `/moderation/review/comment/${commentId}`, postId: null });
    // Restored: back in the thread and the count.
    await req('POST', '/api/admin/moderation', admin, { action: 'restore', items: [{ kind: 'comment', id: commentId }] });
    expect((await read()).commentCount).toBe(2);
    // Deleting a hidden comment leaves the count right.
    await req('POST', '/api/admin/moderation', admin, { action: 'hide', items: [{ kind: 'comment', id: commentId }] });
    expect((await read()).commentCount).toBe(1);
    expect((await req('POST', '/api/admin/moderation', admin, { action: 'delete', items: [{ kind: 'comment', id: commentId }] })).json()).toMatchObject({ done: 1 });
    expect((await read()).commentCount).toBe(1);
    expect(await db().selectFrom('comments').select('id').where('id', '=', commentId).executeTakeFirst()).toBeUndefined();
  });

  it('a hidden chat message leaves the history', async () => {
    const sent = await req('POST', '/api/user/sendMessage', flaggers[0], { msg: 'Buy cheap watches at spam.example' });
    const id = sent.json<{ data: { _id: string } }>().data._id;
    for (const who of flaggers.slice(1, 4)) expect((await flag(who, 'chat', id, 'spam')).statusCode).toBe(201);
    expect((await req('GET', '/api/user/getMessage', flaggers[4])).body).not.toContain('cheap watches');
    const page = (await req('GET', '/api/admin/moderation?status=hidden', admin)).json<ModerationPage>();
    expect(page.items.find((i) => i.id === id)).toMatchObject({ kind: 'chat', excerpt: 'Buy cheap watches at spam.example' });
    // Deleted by a moderator: gone, and in the audit log.
    expect((await req('POST', '/api/admin/moderation', admin, { action: 'delete', items: [{ kind: 'chat', id }] })).json()).toMatchObject({ done: 1 });
    expect(await db().selectFrom('chat_messages').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect((await req('GET', '/api/admin/audit', admin)).body).toContain('deleteChatMessage');
  });

  it('hides after MODERATION_HIDE_FLAGS distinct flags (configurable)', async () => {
    const strict = await createTestApp({ MODERATION_HIDE_FLAGS: '1' });
    try {
      const a = await signupCitizen(strict.app, 'Strict Author');
      const b = await signupCitizen(strict.app, 'Strict Flagger');
      const post = await createPost(strict.app, a, { caption: 'One flag is enough here' });
      const flagged = await strict.app.inject({ method: 'POST', url: '/api/moderation/flags', headers: b.auth, payload: { kind: 'post', id: post._id, reason: 'spam' } });
      expect(flagged.statusCode, flagged.body).toBe(201);
      expect((await strict.app.inject({ method: 'GET', url: `/api/public/posts/${post._id}` })).statusCode).toBe(404);
    } finally {
      await strict.close();
    }
  });

  it('limits how fast one account flags', async () => {
    const spammer = await signupCitizen(t.app, 'Flag Spammer');
    const ids: string[] = [];
    for (let i = 0; i <= MODERATION_LIMITS.flagsPerWindow; i += 1) {
      const sent = await req('POST', '/api/user/sendMessage', author, { msg: `Message ${i}` });
      ids.push(sent.json<{ data: { _id: string } }>().data._id);
    }
    for (const id of ids.slice(0, MODERATION_LIMITS.flagsPerWindow)) expect((await flag(spammer, 'chat', id, 'notCivic')).statusCode).toBe(201);
    const limited = await flag(spammer, 'chat', ids[MODERATION_LIMITS.flagsPerWindow]!, 'notCivic');
    expect(limited.statusCode).toBe(429);
    expect(message(limited)).toBe(MODERATION_TEXTS.flagLimited);
    clock.advance((MODERATION_LIMITS.flagWindowSeconds + 1) * 1000);
    expect((await flag(spammer, 'chat', ids[MODERATION_LIMITS.flagsPerWindow]!, 'notCivic')).statusCode).toBe(201);
  });
});

describe("a department's counts", () => {
  it("View Issues' total leaves out a hidden report routed to the department, and takes it back on restore", async () => {
    const office = await signupGovernment(t.app, { verified: true, department: 'Pune Ward Roads' });
    const declared = await req('PUT', '/api/gov/jurisdiction', office, { state: 'Maharashtra', cities: ['Pune'], pincodes: [], categories: ['roads'], area: null });
    expect(declared.statusCode, declared.body).toBe(200);
    const pune = { state: 'Maharashtra', landmark: 'Near FC Road', address: 'Shivajinagar', city: 'Pune', pincode: '411005', coordinates: { lat: 18.53, lng: 73.85 } };
    const posts = await Promise.all(['Crater on FC Road', 'Broken divider on JM Road'].map((caption) => createPost(t.app, author, { caption, category: 'roads', priority: 'High', location: pune })));
    const view = async (query = '') => (await req('GET', `/api/gov/allPosts?scope=unassigned&limit=50${query}`, office)).json<{ posts: Array<{ _id: string }>; total: number; matching: number }>();
    const before = await view();
    expect(before.posts.map((p) => p._id)).toEqual(expect.arrayContaining(posts.map((p) => p._id)));
    await req('POST', '/api/admin/moderation', admin, { action: 'hide', items: [{ kind: 'post', id: posts[0]!._id }] });
    const hidden = await view();
    expect(hidden.posts.map((p) => p._id)).not.toContain(posts[0]!._id);
    expect({ total: hidden.total, matching: hidden.matching }).toEqual({ total: before.total - 1, matching: before.matching - 1 });
    // With a filter (route_tally by priority) and a minimum of votes (the post_routes range) too.
    expect((await view('&priority=High')).matching).toBe(hidden.posts.length);
    expect((await view('&minUpvotes=0')).total).toBe(before.total - 1);
    await req('POST', '/api/admin/moderation', admin, { action: 'restore', items: [{ kind: 'post', id: posts[0]!._id }] });
    const restored = await view();
    expect({ total: restored.total, matching: restored.matching }).toEqual({ total: before.total, matching: before.matching });
  });
});

describe('the moderation queue', () => {
  it('lists by flag count then age, per filter, pages by cursor, and acts in bulk', async () => {
    const posts = await Promise.all([1, 2, 3].map((i) => createPost(t.app, author, { caption: `Queue report ${i}` })));
    // Two flags on the first, one on the others.
    await flag(flaggers[0]!, 'post', posts[0]!._id, 'notCivic');
    await flag(flaggers[1]!, 'post', posts[0]!._id, 'notCivic');
    await flag(flaggers[0]!, 'post', posts[1]!._id, 'spam');
    // A second later, so the tie on flag count is broken by age, not by two flags in one millisecond.
    clock.advance(1000);
    await flag(flaggers[0]!, 'post', posts[2]!._id, 'spam');
    const pending = (await req('GET', '/api/admin/moderation?status=pending', admin)).json<ModerationPage>();
    const mine = pending.items.filter((i) => posts.some((p) => p._id === i.id)).map((i) => i.id);
    expect(mine).toEqual([posts[0]!._id, posts[1]!._id, posts[2]!._id]);
    const counts = pending.items.map((i) => i.flagCount);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    // The author's contact details are not in the queue.
    expect(JSON.stringify(pending)).not.toContain(author.email);
    // Bad input: 400, nothing changes.
    expect((await req('POST', '/api/admin/moderation', admin, { action: 'nuke', items: [{ kind: 'post', id: posts[0]!._id }] })).statusCode).toBe(400);
    expect((await req('POST', '/api/admin/moderation', admin, { action: 'hide', items: [] })).statusCode).toBe(400);
    expect((await req('POST', '/api/admin/moderation', admin, { action: 'hide', items: Array.from({ length: MODERATION_LIMITS.bulkMax + 1 }, () => ({ kind: 'post', id: posts[0]!._id })) })).statusCode).toBe(400);
    expect((await req('GET', '/api/admin/moderation?status=pending&cursor=bogus', admin)).statusCode).toBe(400);
    expect((await req('GET', '/api/admin/moderation?status=everything', admin)).statusCode).toBe(400);
    // Bulk dismiss two; they move to Dismissed and stay visible.
    const bulk = await req('POST', '/api/admin/moderation', admin, { action: 'dismiss', items: posts.slice(1).map((p) => ({ kind: 'post', id: p._id })) });
    expect(bulk.json()).toEqual({ message: MODERATION_TEXTS.done(2), done: 2 });
    const dismissed = (await req('GET', '/api/admin/moderation?status=dismissed', admin)).json<ModerationPage>();
    expect(dismissed.items.map((i) => i.id)).toEqual(expect.arrayContaining([posts[1]!._id, posts[2]!._id]));
    // Delete the first: gone from the site and from the queue.
    expect((await req('POST', '/api/admin/moderation', admin, { action: 'delete', items: [{ kind: 'post', id: posts[0]!._id }] })).json()).toMatchObject({ done: 1 });
    expect((await req('GET', `/api/posts/post/${posts[0]!._id}`, admin)).statusCode).toBe(404);
    const after = (await req('GET', '/api/admin/moderation?status=pending', admin)).json<ModerationPage>();
    expect(after.items.map((i) => i.id)).not.toContain(posts[0]!._id);
    expect((await req('GET', '/api/admin/audit', admin)).body).toContain('dismissFlags');
    await expectCountsTrue();
  });

  it('pages by cursor through more than one page', async () => {
    const made = await Promise.all(Array.from({ length: MODERATION_LIMITS.pageSize + 2 }, (_, i) => createPost(t.app, author, { caption: `Paged report ${i}` })));
    // Each flagger may send MODERATION_LIMITS.flagsPerWindow flags a window: the two share them.
    for (const [i, p] of made.entries()) expect((await flag(flaggers[i % 2 ? 3 : 4]!, 'post', p._id, 'spam')).statusCode).toBe(201);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ModerationPage = (await req('GET', `/api/admin/moderation?status=pending${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, admin)).json<ModerationPage>();
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    for (const p of made) expect(seen).toContain(p._id);
  });
});

describe('suspension', () => {
  it('a suspended account reads but does not write, over HTTP and the live connection, until it ends', async () => {
    const rowdy = await signupCitizen(t.app, 'Rowdy Resident');
    const post = await createPost(t.app, author, { caption: 'Overflowing drain on 5th cross' });
    expect((await req('PUT', `/api/admin/suspension/${rowdy.id}`, admin, { days: 0, reason: 'x' })).statusCode).toBe(400);
    expect((await req('PUT', `/api/admin/suspension/${rowdy.id}`, admin, { days: 3, reason: '  ' })).statusCode).toBe(400);
    expect((await req('PUT', `/api/admin/suspension/${rowdy.id}`, admin, { days: 3, reason: 'y'.repeat(MODERATION_LIMITS.reasonMaxChars + 1) })).statusCode).toBe(400);
    expect((await req('PUT', `/api/admin/suspension/${rowdy.id}`, admin, { days: 2 ** 31, reason: 'x' })).statusCode).toBe(400);
    expect((await req('PUT', `/api/admin/suspension/ffffffffffffffffffffffff`, admin, { days: 3, reason: 'x' })).statusCode).toBe(404);
    expect((await req('PUT', `/api/admin/suspension/${admin.id}`, admin, { days: 3, reason: 'x' })).statusCode).toBe(403);
    expect((await req('PUT', `/api/admin/suspension/${rowdy.id}`, flaggers[0], { days: 3, reason: 'x' })).statusCode).toBe(403);
    const suspended = await req('PUT', `/api/admin/suspension/${rowdy.id}`, admin, { days: 3, reason: 'Abusive comments' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    const until = suspended.json<{ suspendedUntil: string }>().suspendedUntil;

    // Reads work; writes answer 403 with the date.
    expect((await req('GET', `/api/posts/post/${post._id}`, rowdy)).statusCode).toBe(200);
    const refused = await req('POST', '/api/posts/addComment', rowdy, { postId: post._id, content: 'Still here' });
    expect(refused.statusCode).toBe(403);
    expect(message(refused)).toBe(MODERATION_TEXTS.suspended(until.slice(0, 10)));
    expect((await req('PUT', '/api/posts/votePost', rowdy, { postId: post._id, type: 'upvote' })).statusCode).toBe(403);
    expect((await req('POST', '/api/user/sendMessage', rowdy, { msg: 'hello' })).statusCode).toBe(403);
    expect((await flag(rowdy, 'post', post._id)).statusCode).toBe(403);
    // Its own settings say so (the dashboard's banner); nobody else's do.
    expect((await req('GET', '/api/account/settings', rowdy)).json()).toMatchObject({ suspension: { until, reason: 'Abusive comments' } });
    expect((await req('GET', '/api/account/settings', author)).json()).toMatchObject({ suspension: null });
    // It may still tidy its notifications.
    expect((await req('PUT', '/api/notifications/read', rowdy, {})).statusCode).toBe(200);
    expect((await req('GET', '/api/notifications', rowdy)).json<{ notifications: NotificationItem[] }>().notifications[0]).toMatchObject({ type: 'accountSuspended' });
    // The live connection refuses its chat too.
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket: Client = connect(url, { ...LIVE_DEFAULTS, reconnection: false, transports: ['websocket'], auth: { token: rowdy.token } });
    try {
      const ack = await emitAck<SendAck>(socket, 'send_message', 'sneaky');
      expect(ack).toEqual({ ok: false, message: MODERATION_TEXTS.suspended(until.slice(0, 10)) });
    } finally {
      socket.close();
    }
    // The moderators see the suspension on the author's queue items; the audit log has it.
    expect((await req('GET', '/api/admin/audit', admin)).body).toContain('suspendAccount');

    // When it ends, writing works again.
    clock.advance(3 * 24 * 60 * 60 * 1000 + 1000);
    expect((await req('GET', '/api/account/settings', rowdy)).json()).toMatchObject({ suspension: null });
    expect((await req('POST', '/api/posts/addComment', rowdy, { postId: post._id, content: 'Back again' })).statusCode).toBe(201);
    // Lifting one early.
    await req('PUT', `/api/admin/suspension/${rowdy.id}`, admin, { days: 1, reason: 'Again' });
    expect((await req('PUT', '/api/posts/votePost', rowdy, { postId: post._id, type: 'upvote' })).statusCode).toBe(403);
    expect(message(await req('DELETE', `/api/admin/suspension/${rowdy.id}`, admin))).toBe(MODERATION_TEXTS.unsuspended('Rowdy Resident'));
    expect((await req('PUT', '/api/posts/votePost', rowdy, { postId: post._id, type: 'upvote' })).statusCode).toBe(200);
    expect((await req('DELETE', `/api/admin/suspension/${rowdy.id}`, admin)).statusCode).toBe(409);
  });
});

describe('races', () => {
  it('flags sent at once hide the item exactly once and the counts stay true', async () => {
    const crowd = await Promise.all(Array.from({ length: 6 }, (_, i) => signupCitizen(t.app, `Crowd ${i}`)));
    const post = await createPost(t.app, author, { caption: 'Report flagged by a crowd at once' });
    await advanceTo(t.app, roads, post._id, 'Problem Seen');
    const results = await Promise.all(crowd.map((who) => flag(who, 'post', post._id, 'spam')));
    // Each flag is either counted (201) or arrives after the hide (404); at least the threshold were counted.
    const counted = results.filter((r) => r.statusCode === 201).length;
    expect(counted).toBeGreaterThanOrEqual(3);
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 404)).toBe(true);
    const row = await db().selectFrom('moderation_items').selectAll().where('item_id', '=', post._id).executeTakeFirstOrThrow();
    expect({ status: row.status, count: Number(row.flag_count) }).toEqual({ status: 'hidden', count: counted });
    const notes = await db().selectFrom('notifications').select('id').where('recipient_id', '=', author.id).where('type', '=', 'contentHidden').where('to_state', '=', `post/${post._id}`).execute();
    expect(notes).toHaveLength(1);
    await expectCountsTrue();
    // A hide and a restore at once leave the counts true whichever lands last.
    await Promise.all([
      req('POST', '/api/admin/moderation', admin, { action: 'restore', items: [{ kind: 'post', id: post._id }] }),
      req('POST', '/api/admin/moderation', admin, { action: 'hide', items: [{ kind: 'post', id: post._id }] }),
    ]);
    await expectCountsTrue();
  });
});
