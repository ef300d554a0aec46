/**
 * A report's lifecycle, polished: the admin CSV reads with the screens' status words; rapid moves on one
 * report are one bell item (also under parallel writes on PostgreSQL); a resolved report is locked for
 * its reporter; a deleted account's resolved reports stay, anonymised, with the department's work.
 * SQLite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { NOTIFICATION_GROUP_WINDOW_MS, POST_TEXTS, RESOLVED_POST_TEXTS, type NotificationsPage, type Post } from '@civicpulse/shared';
import { SHARED_HI } from '@civicpulse/shared/i18n/hi';
import { parseCsv } from './helpers/csv.js';
import { adminCalls } from './helpers/admin.js';
import { FORMER_RESIDENTS_ID } from '../src/modules/accounts/index.js';
import { advanceTo, createPost, createTestApp, loginAdmin, signupCitizen, signupGovernment, type Actor, type TestApp } from './helpers/app.js';
import { EventList } from '../src/events/index.js';
import { notifyEvent } from '../src/events/notifications.js';
import { storeEvents } from '../src/events/store.js';

let t: TestApp;
let app: FastifyInstance;
let admin: Actor;
let dept: Actor;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  admin = await loginAdmin(app);
  dept = await signupGovernment(app, { verified: true, department: 'Lifecycle Roads' });
});
afterAll(() => t.close());

const db = () => app.ctx.database.db;
const inbox = async (who: Actor): Promise<NotificationsPage> =>
  (await app.inject({ method: 'GET', url: '/api/notifications', headers: who.auth })).json<NotificationsPage>();

async function resolved(reporter: Actor, caption: string): Promise<string> {
  const { _id } = await createPost(app, reporter, { caption });
  await advanceTo(app, dept, _id, 'Waiting for User Verification');
  const v = await app.inject({ method: 'PUT', url: `/api/user/verifyPost/${_id}`, headers: reporter.auth });
  expect(v.statusCode, v.body).toBe(200);
  return _id;
}

describe('CSV export: the status words of the screens', () => {
  it('an untouched report reads Open, a taken-over one In Progress, a resolved one Resolved; in Hindi when asked', async () => {
    const citizen = await signupCitizen(app);
    const open = (await createPost(app, citizen, { caption: 'Untouched pothole on the csv road' }))._id;
    const taken = (await createPost(app, citizen, { caption: 'Taken-over pothole on the csv road' }))._id;
    await advanceTo(app, dept, taken, 'Problem Seen');
    const done = await resolved(citizen, 'Resolved pothole on the csv road');

    const rowsOf = async (headers: Record<string, string>) => {
      const res = await app.inject({ method: 'GET', url: '/api/admin/export.csv', headers: { ...admin.auth, ...headers } });
      expect(res.statusCode).toBe(200);
      const [header, ...records] = parseCsv(res.body);
      const col = (name: string) => header!.indexOf(name);
      return (id: string) => {
        const r = records.find((x) => x[col('id')] === id)!;
        return [r[col('progressState')], r[col('currentState')]];
      };
    };
    const en = await rowsOf({});
    expect(en(open)).toEqual(['Open', 'Open']);
    expect(en(taken)).toEqual(['Problem Seen', 'In Progress']);
    expect(en(done)).toEqual(['Finished', 'Resolved']);

    const hi = await rowsOf({ 'accept-language': 'hi' });
    const N = SHARED_HI.NAMES;
    expect(hi(open)).toEqual([N.progress.Unseen, N.currentStates.Open]);
    expect(hi(open)[1]).not.toBe('Open');
    expect(hi(taken)).toEqual([N.progress['Problem Seen'], N.currentStates['In Progress']]);
    expect(hi(done)).toEqual([N.progress.Finished, N.currentStates.Resolved]);

    // The GeoJSON export stays machine-read: English wire values.
    const geo = await app.inject({ method: 'GET', url: '/api/admin/export.geojson', headers: admin.auth });
    const feature = (JSON.parse(geo.body) as { features: Array<{ properties: Record<string, unknown> }> }).features.find((f) => f.properties.id === open)!;
    expect(feature.properties).toMatchObject({ progressState: 'Unseen', currentState: 'In Progress' });
  });
});

describe('bell: rapid moves on one report are one item', () => {
  it('a whole lifecycle is one item per recipient: latest move, its count, unread again and on top', async () => {
    const reporter = await signupCitizen(app, 'Bell Reporter');
    const neighbour = await signupCitizen(app, 'Bell Neighbour');
    const { _id } = await createPost(app, reporter, { caption: 'Broken footpath tiles near the market' });
    const other = await createPost(app, reporter, { caption: 'Another report, another item' });
    await app.inject({ method: 'POST', url: '/api/posts/addComment', headers: neighbour.auth, payload: { postId: _id, content: 'Tripped here' } });
    await advanceTo(app, dept, _id, 'Verified');
    let page = await inbox(reporter);
    expect(page.notifications.map((n) => [n.type, n.count])).toEqual([
      ['progress', 2],
      ['comment', 1],
    ]);
    expect(page.unreadCount).toBe(2);

    // Read, then more moves: the same item, unread again and back on top (above a newer other item).
    const read = await app.inject({ method: 'PUT', url: '/api/notifications/read', headers: reporter.auth, payload: { all: true } });
    expect(read.json()).toMatchObject({ unreadCount: 0 });
    await advanceTo(app, dept, other._id, 'Problem Seen');
    await advanceTo(app, dept, _id, 'Waiting for User Verification');
    page = await inbox(reporter);
    const item = page.notifications[0]!;
    expect(item).toMatchObject({ type: 'verifyRequest', title: 'Please confirm the fix', postId: _id, count: 5, isRead: false });
    expect(page.notifications.map((n) => n.postId)).toEqual([_id, other._id, _id]);
    expect(page.unreadCount).toBe(2);
    const kept = await db().selectFrom('accounts').select('unread_notifications').where('id', '=', reporter.id).executeTakeFirstOrThrow();
    expect(Number(kept.unread_notifications)).toBe(2);
    // The department hears of the confirmation once.
    expect((await app.inject({ method: 'PUT', url: `/api/user/verifyPost/${_id}`, headers: reporter.auth })).statusCode).toBe(200);
    expect((await inbox(dept)).notifications.filter((n) => n.postId === _id).map((n) => [n.type, n.count])).toEqual([['fixConfirmed', 1]]);
  });

  it('a move after the window starts a new item; the old one stays as it was', async () => {
    const reporter = await signupCitizen(app);
    const { _id } = await createPost(app, reporter, { caption: 'Slow lifecycle report' });
    const store = (to: string, at: number) => {
      const events = new EventList();
      for (const e of notifyEvent(reporter.id, 'progress', { id: dept.id, name: 'Lifecycle Roads' }, { post: { id: _id, caption: 'Slow lifecycle report' }, toState: to })) events.add(e);
      return db().transaction().execute((trx) => storeEvents(trx, events, new Date(at).toISOString()));
    };
    const start = Date.now() + 3_600_000;
    await store('Problem Seen', start);
    await store('Verified', start + NOTIFICATION_GROUP_WINDOW_MS - 1000);
    await store('Work Started', start + 2 * NOTIFICATION_GROUP_WINDOW_MS + 1000);
    await store('Work Near Completion', start + 2 * NOTIFICATION_GROUP_WINDOW_MS + 2000);
    const page = await inbox(reporter);
    const mine = page.notifications.filter((n) => n.postId === _id);
    expect(mine.map((n) => [n.message.replace(/.* to /, ''), n.count])).toEqual([
      ['Work Near Completion', 2],
      ['Verified', 2],
    ]);
    expect(mine[0]!.groupId).not.toBe(mine[1]!.groupId);
    expect(page.unreadCount).toBe(2);
  });

  it('parallel moves on one report for one recipient still make one item, and the unread count stays right', async () => {
    const reporter = await signupCitizen(app);
    const { _id } = await createPost(app, reporter, { caption: 'Parallel lifecycle report' });
    const at = new Date(Date.now() + 7_200_000).toISOString();
    const writes = Array.from({ length: 8 }, (_, i) =>
      db()
        .transaction()
        .execute((trx) => {
          const events = new EventList();
          for (const e of notifyEvent(reporter.id, 'progress', { id: dept.id, name: 'Lifecycle Roads' }, { post: { id: _id, caption: 'Parallel' }, toState: `step ${i}` })) events.add(e);
          return storeEvents(trx, events, at);
        }),
    );
    const results = await Promise.allSettled(writes);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const rows = await db().selectFrom('notifications').selectAll().where('recipient_id', '=', reporter.id).where('post_id', '=', _id).execute();
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.update_count)).toBe(8);
    const page = await inbox(reporter);
    expect(page.unreadCount).toBe(1);
    expect(page.notifications.filter((n) => n.postId === _id)).toHaveLength(1);
  });

  it('one move reaching many followers costs the same statements as reaching a few, and each gets the right item and email', async () => {
    const reporter = await signupCitizen(app);
    const { _id } = await createPost(app, reporter, { caption: 'Followed by many' });
    const followers = await Promise.all(Array.from({ length: 24 }, () => signupCitizen(app)));
    // Verified addresses: each move is also an email, and a grouped update withdraws the pending one.
    await db().updateTable('accounts').set({ email_verified_at: new Date().toISOString() }).where('id', 'in', followers.map((f) => f.id)).execute();
    const base = Date.now() + 14_400_000;
    /** Stores one 'progress' notification for each of `who` at `at`; answers the statements it ran. */
    const store = async (who: Actor[], to: string, at: number): Promise<number> => {
      let statements = 0;
      const counted = db().withPlugin({
        transformQuery: (args) => {
          statements += 1;
          return args.node;
        },
        transformResult: async (args) => args.result,
      });
      const events = new EventList();
      for (const f of who) for (const e of notifyEvent(f.id, 'progress', { id: dept.id, name: 'Lifecycle Roads' }, { post: { id: _id, caption: 'Followed' }, toState: to })) events.add(e);
      await counted.transaction().execute((trx) => storeEvents(trx, events, new Date(at).toISOString()));
      return statements;
    };
    // Follower 0 holds an item older than the window; followers 1-7 one within it; the rest none.
    await store(followers.slice(0, 1), 'Problem Seen', base - 2 * NOTIFICATION_GROUP_WINDOW_MS);
    await store(followers.slice(1, 8), 'Problem Seen', base);
    // Three updated items, then twenty-four recipients of whom seven update: the same statements.
    const few = await store(followers.slice(1, 4), 'Verified', base + 500);
    const many = await store(followers, 'Work Started', base + 1000);
    expect(many).toBe(few);
    const rows = await db()
      .selectFrom('notifications')
      .select(['recipient_id', 'update_count', 'to_state'])
      .where('post_id', '=', _id)
      .where('recipient_id', 'in', followers.map((f) => f.id))
      .execute();
    const latest = rows.filter((c) => c.to_state === 'Work Started');
    expect(latest).toHaveLength(24);
    const countOf = (f: Actor) => Number(latest.find((c) => c.recipient_id === f.id)!.update_count);
    expect(followers.map(countOf)).toEqual([1, 3, 3, 3, 2, 2, 2, 2, ...Array<number>(16).fill(1)]);
    // Follower 0's older item (outside the window) kept its words and let go of the key.
    expect(rows.filter((c) => c.recipient_id === followers[0]!.id).map((c) => c.to_state).sort()).toEqual(['Problem Seen', 'Work Started']);
    // One pending email per item: the latest move's (follower 0 also keeps its older item's).
    const mail = await db().selectFrom('mail_outbox').select(['account_id', 'payload']).where('account_id', 'in', followers.map((f) => f.id)).where('kind', '=', 'notification').execute();
    const states = (f: Actor) => mail.filter((m) => m.account_id === f.id).map((m) => (JSON.parse(m.payload!) as { toState: string }).toState).sort();
    expect(states(followers[0]!)).toEqual(['Problem Seen', 'Work Started']);
    for (const f of followers.slice(1)) expect(states(f)).toEqual(['Work Started']);
  });

  it("emails: a grouped update replaces the item's still pending email instead of adding another", async () => {
    const reporter = await signupCitizen(app);
    await db().updateTable('accounts').set({ email_verified_at: new Date().toISOString() }).where('id', '=', reporter.id).execute();
    const { _id } = await createPost(app, reporter, { caption: 'Emailed lifecycle report' });
    const at = Date.now() + 10_800_000;
    for (const [i, to] of ['Problem Seen', 'Verified', 'Work Started'].entries()) {
      const events = new EventList();
      for (const e of notifyEvent(reporter.id, 'progress', { id: dept.id, name: 'Lifecycle Roads' }, { post: { id: _id, caption: 'Emailed' }, toState: to })) events.add(e);
      await db().transaction().execute((trx) => storeEvents(trx, events, new Date(at + i * 1000).toISOString()));
      // Each write queues the latest move's email (the sender is not woken here) and withdraws the older one.
      expect(events.items.filter((e) => e.type === 'mail')).toHaveLength(1);
    }
    const mail = await db().selectFrom('mail_outbox').select(['payload', 'status']).where('account_id', '=', reporter.id).where('kind', '=', 'notification').execute();
    expect(mail).toHaveLength(1);
    expect(JSON.parse(mail[0]!.payload!)).toMatchObject({ toState: 'Work Started', count: 3, postId: _id });
  });
});

describe('a resolved report is locked for its reporter', () => {
  it('edit and delete answer 409 with the shared text (Hindi too); comments still work; an open report is still editable', async () => {
    const reporter = await signupCitizen(app);
    const id = await resolved(reporter, 'Resolved drain cover on Lake Road');
    const edit = await app.inject({ method: 'PUT', url: `/api/user/editPosts/${id}`, headers: reporter.auth, payload: { caption: 'Changed afterwards' } });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual({ message: POST_TEXTS.finishedNoEdit });
    const hiEdit = await app.inject({ method: 'PUT', url: `/api/user/editPosts/${id}`, headers: { ...reporter.auth, 'accept-language': 'hi' }, payload: { caption: 'Changed afterwards' } });
    expect(hiEdit.json()).toEqual({ message: SHARED_HI.POST_TEXTS.finishedNoEdit });
    const del = await app.inject({ method: 'DELETE', url: `/api/user/deletePosts/${id}`, headers: reporter.auth });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toEqual({ message: RESOLVED_POST_TEXTS.noDelete });
    const post = (await app.inject({ method: 'GET', url: `/api/posts/post/${id}`, headers: reporter.auth })).json<{ post: Post }>().post;
    expect(post.caption).toBe('Resolved drain cover on Lake Road');
    const comment = await app.inject({ method: 'POST', url: '/api/posts/addComment', headers: reporter.auth, payload: { postId: id, content: 'Thank you, all good now' } });
    expect(comment.statusCode, comment.body).toBe(201);
    // Waiting for the reporter's verification is not resolved yet: still theirs to correct or withdraw.
    const { _id: waiting } = await createPost(app, reporter, { caption: 'Waiting report' });
    await advanceTo(app, dept, waiting, 'Waiting for User Verification');
    expect((await app.inject({ method: 'PUT', url: `/api/user/editPosts/${waiting}`, headers: reporter.auth, payload: { caption: 'Waiting report, corrected' } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: `/api/user/deletePosts/${waiting}`, headers: reporter.auth })).statusCode).toBe(200);
    // An admin still removes a resolved report through the console.
    const byAdmin = await app.inject({ method: 'DELETE', url: `/api/admin/deletePosts/${id}`, headers: admin.auth, payload: { reason: 'Test' } });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
  });
});

describe('deleting an account keeps its resolved reports, anonymised', () => {
  it("the resolved report stays public with the department's timeline and photos; open ones go; counts stay true", async () => {
    const { countersMatchRows } = adminCalls(() => app, () => admin);
    const reporter = await signupCitizen(app, 'Leaving Reporter');
    const neighbour = await signupCitizen(app, 'Staying Neighbour');
    const done = await resolved(reporter, 'Resolved streetlight on Temple Street');
    const { _id: open } = await createPost(app, reporter, { caption: 'Open pothole of a leaving reporter' });
    await advanceTo(app, dept, open, 'Work Started');
    for (const [who, postId] of [[neighbour, done], [reporter, done]] as const) {
      expect((await app.inject({ method: 'PUT', url: '/api/posts/votePost', headers: who.auth, payload: { postId, type: 'upvote' } })).statusCode).toBe(200);
      expect((await app.inject({ method: 'POST', url: '/api/posts/addComment', headers: who.auth, payload: { postId, content: 'Works at night now' } })).statusCode).toBe(201);
    }
    const before = (await app.inject({ method: 'GET', url: `/api/posts/post/${done}`, headers: neighbour.auth })).json<{ post: Post }>().post;
    const deptBefore = await db().selectFrom('accounts').select('resolved_issues_count').where('id', '=', dept.id).executeTakeFirstOrThrow();

    const gone = await app.inject({ method: 'DELETE', url: '/api/account', headers: reporter.auth, payload: { password: reporter.password } });
    expect(gone.statusCode, gone.body).toBe(200);

    expect((await app.inject({ method: 'GET', url: `/api/posts/post/${open}`, headers: neighbour.auth })).statusCode).toBe(404);
    const after = (await app.inject({ method: 'GET', url: `/api/posts/post/${done}`, headers: neighbour.auth })).json<{ post: Post }>().post;
    expect(after.user).toMatchObject({ _id: '', name: 'A resident', email: '' });
    expect(after.anonymous).toBe(true);
    expect(after).toMatchObject({ caption: before.caption, progressState: 'Finished', currentState: 'Resolved', upvoteCount: 1, commentCount: 1 });
    expect(after.images.map((i) => i.url)).toEqual(before.images.map((i) => i.url));
    expect(after.finalUpdate).toEqual(before.finalUpdate);
    // The department's moves keep their byline; the reporter's confirmation reads "A resident".
    expect(after.history!.map((h) => [h.action, h.to])).toEqual(before.history!.map((h) => [h.action, h.to]));
    expect(after.history!.filter((h) => h.action === 'advance').every((h) => h.actor.name === 'Lifecycle Roads')).toBe(true);
    const verify = after.history!.find((h) => h.action === 'verify')!;
    expect(verify.actor).toMatchObject({ _id: null, name: 'A resident' });
    expect(JSON.stringify(after)).not.toContain('Leaving Reporter');
    expect(JSON.stringify(after)).not.toContain(reporter.email);
    // Even an admin reads no name or address of the person any more.
    const asAdmin = (await app.inject({ method: 'GET', url: `/api/posts/post/${done}`, headers: admin.auth })).json<{ post: Post }>().post;
    expect(JSON.stringify(asAdmin)).not.toContain('Leaving Reporter');
    expect(JSON.stringify(asAdmin)).not.toContain(reporter.email);
    for (const img of [...after.images, ...(after.finalUpdate?.images ?? [])]) {
      expect((await app.inject({ method: 'GET', url: new URL(img.url, 'http://x').pathname, headers: neighbour.auth })).statusCode, img.url).toBe(200);
    }
    // The department's figures and every kept counter agree with the rows.
    const deptAfter = await db().selectFrom('accounts').select('resolved_issues_count').where('id', '=', dept.id).executeTakeFirstOrThrow();
    expect(Number(deptAfter.resolved_issues_count)).toBe(Number(deptBefore.resolved_issues_count));
    await countersMatchRows();
    // The holder of such reports cannot sign in, and an admin cannot delete it.
    const holder = await db().selectFrom('accounts').selectAll().where('id', '=', FORMER_RESIDENTS_ID).executeTakeFirstOrThrow();
    const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email: holder.email, password: '!former-residents' } });
    expect(login.statusCode).toBe(401);
    expect(holder).toMatchObject({ name: 'A resident', post_count: 1 });
    const del = await app.inject({ method: 'DELETE', url: `/api/admin/deleteUser/${FORMER_RESIDENTS_ID}`, headers: admin.auth, payload: { reason: 'cleanup' } });
    expect(del.statusCode, del.body).toBe(409);
    // It is no one's account: Manage Users neither lists nor counts it.
    const listed = await app.inject({ method: 'GET', url: '/api/admin/allUsers?limit=100', headers: admin.auth });
    expect((listed.json() as { users: Array<{ _id: string }> }).users.map((u) => u._id)).not.toContain(FORMER_RESIDENTS_ID);
    const searched = await app.inject({ method: 'GET', url: `/api/admin/allUsers?q=${encodeURIComponent('A resident')}`, headers: admin.auth });
    expect((searched.json() as { users: unknown[] }).users).toEqual([]);
    const users = await db().selectFrom('accounts').select('id').where('role', '=', 'user').where('department_id', 'is', null).execute();
    const stats = await app.inject({ method: 'GET', url: '/api/admin/stats', headers: admin.auth });
    expect((stats.json() as { totals: { users: number } }).totals.users).toBe(users.length - 1);

    // A second leaving reporter's resolved report joins the same holder; counts stay true.
    const second = await signupCitizen(app, 'Second Leaver');
    const done2 = await resolved(second, 'Second resolved report');
    expect((await app.inject({ method: 'DELETE', url: '/api/account', headers: second.auth, payload: { password: second.password } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/posts/post/${done2}`, headers: neighbour.auth })).statusCode).toBe(200);
    await countersMatchRows();
  });

  it('several reporters deleting their accounts at once all keep their resolved reports under one holder', async () => {
    const { countersMatchRows } = adminCalls(() => app, () => admin);
    const leavers = await Promise.all([1, 2, 3, 4].map((i) => signupCitizen(app, `Parallel Leaver ${i}`)));
    const kept: string[] = [];
    for (const [i, who] of leavers.entries()) kept.push(await resolved(who, `Parallel resolved report ${i}`));
    const answers = await Promise.all(leavers.map((who) => app.inject({ method: 'DELETE', url: '/api/account', headers: who.auth, payload: { password: who.password } })));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await db().selectFrom('posts').select(['id', 'author_id', 'anonymous']).where('id', 'in', kept).execute();
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.author_id === FORMER_RESIDENTS_ID && Number(r.anonymous) === 1)).toBe(true);
    expect(await db().selectFrom('accounts').select('id').where('id', '=', FORMER_RESIDENTS_ID).execute()).toHaveLength(1);
    await countersMatchRows();
  });
});
