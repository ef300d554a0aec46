/**
 * Issue 13: notifications, live post updates and bad input on the live connection, against the real
 * server on a real port with socket.io-client (SQLite by default; PostgreSQL when TEST_DATABASE_URL is set).
 */
import { describe, expect, it } from 'vitest';
import type { ChatMessage, PostUpdate, WatchAck } from '@civicpulse/shared';
import { advanceTo, createPost, signupCitizen, signupGovernment } from './helpers/app.js';
import { admin, asha, collect, dept, emitAck, history, inbox, next, open, ravi, settle, startLiveSuite, t } from './helpers/live-suite.js';

startLiveSuite();

describe('notifications', () => {
  it('a comment notifies the reporter (not the commenter), a reply the commenter; read state and counts follow', async () => {
    const { _id } = await createPost(t.app, asha, { caption: 'Overflowing drain near Shivaji Chowk school gate' });
    const ashaLive = await open(asha.token);
    const arrives = next(ashaLive, 'notification');
    const before = (await inbox(asha)).unreadCount;
    const c = await t.app.inject({ method: 'POST', url: '/api/posts/addComment', headers: ravi.auth, payload: { postId: _id, content: 'Same on my street' } });
    expect(c.statusCode, c.body).toBe(201);
    const live = await arrives;
    expect(live).toMatchObject({
      type: 'comment',
      title: 'New comment',
      message: 'Ravi Neighbour commented on your report "Overflowing drain near Shivaji Chowk school gate"',
      isRead: false,
      postId: _id,
      link: `/post/${_id}`,
      actorName: 'Ravi Neighbour',
    });
    // The push carries the Hindi too (issue 17: each tab shows its own language); the list answers one.
    const { translations, ...english } = live;
    expect(translations?.hi?.title).toMatch(/[\u0900-\u097F]/);
    const page = await inbox(asha);
    expect(page.unreadCount).toBe(before + 1);
    expect(page.notifications[0]).toEqual(english);
    // The commenter is not told about their own comment.
    expect((await inbox(ravi)).notifications.filter((n) => n.postId === _id)).toEqual([]);

    const commentId = c.json<{ comment: { _id: string } }>().comment._id;
    const r = await t.app.inject({ method: 'POST', url: '/api/posts/addReply', headers: asha.auth, payload: { postId: _id, commentId, content: 'Reported it' } });
    expect(r.statusCode, r.body).toBe(201);
    const raviNotes = (await inbox(ravi)).notifications.filter((n) => n.postId === _id);
    expect(raviNotes.map((n) => [n.type, n.message])).toEqual([['reply', 'Asha Reporter replied to your comment on "Overflowing drain near Shivaji Chowk school gate"']]);
    // The reporter replying on her own report is not notified of it.
    expect((await inbox(asha)).unreadCount).toBe(before + 1);

    // Marking someone else's notification changes nothing; one's own by id, then all.
    const other = await t.app.inject({ method: 'PUT', url: '/api/notifications/read', headers: ravi.auth, payload: { ids: [live.id] } });
    expect(other.json()).toMatchObject({ unreadCount: 1 });
    expect((await inbox(asha)).notifications[0]!.isRead).toBe(false);
    const one = await t.app.inject({ method: 'PUT', url: '/api/notifications/read', headers: asha.auth, payload: { ids: [live.id] } });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ message: 'Notifications marked as read', unreadCount: before });
    expect((await inbox(asha)).notifications[0]!.isRead).toBe(true);
    const all = await t.app.inject({ method: 'PUT', url: '/api/notifications/read', headers: ravi.auth, payload: { all: true } });
    expect(all.json()).toMatchObject({ unreadCount: 0 });
    expect((await inbox(ravi)).notifications.every((n) => n.isRead)).toBe(true);
  });

  it('follows the progress workflow: reporter hears of take-over, moves and the request to verify; the department of confirm and reject', async () => {
    const { _id } = await createPost(t.app, asha, { caption: 'Broken streetlight on Station Road' });
    const ashaLive = await open(asha.token);
    const seen = collect(ashaLive, 'notification');
    await advanceTo(t.app, dept, _id, 'Waiting for User Verification');
    // Rapid moves on one report are one bell item (GROUPED_NOTIFICATION_TYPES), updated with each move;
    // each move is still pushed live, as the same item (groupId) with a new id on top.
    const mine = (await inbox(asha)).notifications.filter((n) => n.postId === _id);
    expect(mine.map((n) => [n.type, n.count])).toEqual([['verifyRequest', 5]]);
    expect(mine[0]!.title).toBe('Please confirm the fix');
    await settle();
    expect(seen.map((n) => n.type)).toEqual(['takenOver', 'progress', 'progress', 'progress', 'verifyRequest']);
    expect(seen[0]!.message).toBe('Roads Department took over your report "Broken streetlight on Station Road"');
    expect(seen[1]!.message).toBe('Roads Department moved your report "Broken streetlight on Station Road" to Verified');
    expect(seen.map((n) => n.count)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(seen.map((n) => n.groupId)).size).toBe(1);
    expect(seen[4]!.id).toBe(mine[0]!.id);
    // The department is not notified of its own moves.
    expect((await inbox(dept)).notifications.filter((n) => n.postId === _id)).toEqual([]);

    const reject = await t.app.inject({ method: 'PUT', url: `/api/user/rejectResolution/${_id}`, headers: asha.auth, payload: { reason: 'Still dark at night' } });
    expect(reject.statusCode, reject.body).toBe(200);
    await advanceTo(t.app, dept, _id, 'Waiting for User Verification');
    const verify = await t.app.inject({ method: 'PUT', url: `/api/user/verifyPost/${_id}`, headers: asha.auth });
    expect(verify.statusCode, verify.body).toBe(200);
    const theirs = (await inbox(dept)).notifications.filter((n) => n.postId === _id);
    expect(theirs.map((n) => [n.type, n.message, n.count])).toEqual([
      ['fixConfirmed', 'Asha Reporter confirmed your fix of "Broken streetlight on Station Road"', 2],
    ]);
  });

  it('a comment on a report a department works on notifies that department too', async () => {
    const { _id } = await createPost(t.app, asha, { caption: 'Pothole outside the bus depot' });
    await advanceTo(t.app, dept, _id, 'Problem Seen');
    await t.app.inject({ method: 'POST', url: '/api/posts/addComment', headers: ravi.auth, payload: { postId: _id, content: 'It is getting bigger' } });
    const deptNotes = (await inbox(dept)).notifications.filter((n) => n.postId === _id);
    expect(deptNotes.map((n) => n.type)).toEqual(['deptComment']);
    const ashaNotes = (await inbox(asha)).notifications.filter((n) => n.postId === _id);
    expect(ashaNotes.map((n) => n.type)).toEqual(['comment', 'takenOver']);
  });

  it('honours the settings: a switched-off kind is neither stored nor sent', async () => {
    const quiet = await signupCitizen(t.app, 'Quiet Reporter');
    const saved = await t.app.inject({ method: 'PUT', url: '/api/account/settings', headers: quiet.auth, payload: { notifications: { comments: false } } });
    expect(saved.statusCode, saved.body).toBe(200);
    const { _id } = await createPost(t.app, quiet, { caption: 'Stray dogs near the park entrance' });
    const live = await open(quiet.token);
    const seen = collect(live, 'notification');
    await t.app.inject({ method: 'POST', url: '/api/posts/addComment', headers: ravi.auth, payload: { postId: _id, content: 'Seen them too' } });
    await advanceTo(t.app, dept, _id, 'Problem Seen');
    await settle();
    expect((await inbox(quiet)).notifications.map((n) => n.type)).toEqual(['takenOver']);
    expect(seen.map((n) => n.type)).toEqual(['takenOver']);
  });

  it('tells a department when an admin verifies or revokes it', async () => {
    const office = await signupGovernment(t.app, { department: 'Water Board' });
    const live = await open(office.token);
    const arrives = next(live, 'notification');
    expect((await t.app.inject({ method: 'PUT', url: `/api/admin/verifyGovernment/${office.id}`, headers: admin.auth })).statusCode).toBe(200);
    expect(await arrives).toMatchObject({ type: 'accountVerified', title: 'Account verified', link: '/government/dashboard', postId: null });
    const revoke = await t.app.inject({ method: 'PUT', url: `/api/admin/unverifyGovernment/${office.id}`, headers: admin.auth, payload: { reason: 'Proof document expired' } });
    expect(revoke.statusCode, revoke.body).toBe(200);
    const page = await inbox(office);
    expect(page.unreadCount).toBe(2);
    expect(page.notifications[0]).toMatchObject({ type: 'accountRevoked', message: "An admin revoked your department's verification: Proof document expired" });
  });

  it('pages by cursor, catches up with after, refuses bad queries, and a deleted report takes its notifications along', async () => {
    const fresh = await signupCitizen(t.app, 'Paging Reporter');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await createPost(t.app, fresh, { caption: `Report number ${i} about a leaking pipe` }))._id);
    for (const id of ids) await t.app.inject({ method: 'POST', url: '/api/posts/addComment', headers: ravi.auth, payload: { postId: id, content: 'Me too' } });
    const first = await inbox(fresh, '?limit=2');
    expect(first.notifications.map((n) => n.postId)).toEqual([ids[2], ids[1]]);
    expect(first.nextCursor).toBe(first.notifications[1]!.id);
    const second = await inbox(fresh, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.notifications.map((n) => n.postId)).toEqual([ids[0]]);
    expect(second.nextCursor).toBeNull();
    const caughtUp = await inbox(fresh, `?after=${second.notifications[0]!.id}`);
    expect(caughtUp.notifications.map((n) => n.postId)).toEqual([ids[2], ids[1]]);
    for (const q of ['?limit=0', '?limit=51', '?cursor=abc', '?after=1']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/notifications${q}`, headers: fresh.auth });
      expect(res.statusCode, q).toBe(400);
    }
    const bad = await t.app.inject({ method: 'PUT', url: '/api/notifications/read', headers: fresh.auth, payload: { ids: 'all' } });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/deletePosts/${ids[2]}`, headers: fresh.auth })).statusCode).toBe(200);
    const after = await inbox(fresh);
    expect(after.notifications.map((n) => n.postId)).toEqual([ids[1], ids[0]]);
    expect(after.unreadCount).toBe(2);
  });
});

describe('live post updates', () => {
  it('everyone watching a post gets its new counts and state; others get nothing', async () => {
    const { _id } = await createPost(t.app, asha, { caption: 'Fallen tree blocking the lane' });
    const watcher = await open(ravi.token);
    const bystander = await open(asha.token);
    const ignored = collect(bystander, 'post_update');
    expect(await emitAck<WatchAck>(watcher, 'watch_posts', [_id])).toEqual({ ok: true, watching: 1 });

    let update = next(watcher, 'post_update');
    await t.app.inject({ method: 'PUT', url: '/api/posts/votePost', headers: asha.auth, payload: { postId: _id, type: 'upvote' } });
    expect(await update).toMatchObject<Partial<PostUpdate>>({ postId: _id, reason: 'vote', upvoteCount: 1, downvoteCount: 0, commentCount: 0 });

    update = next(watcher, 'post_update');
    await t.app.inject({ method: 'POST', url: '/api/posts/addComment', headers: dept.auth, payload: { postId: _id, content: 'Crew on the way' } });
    const commented = await update;
    expect(commented).toMatchObject({ reason: 'comment', commentCount: 1, comment: { content: 'Crew on the way', userName: 'Roads Department', userRole: 'government' } });

    update = next(watcher, 'post_update');
    await advanceTo(t.app, dept, _id, 'Problem Seen');
    expect(await update).toMatchObject({ reason: 'progress', progressState: 'Problem Seen', currentState: 'In Progress', assignedGovernment: dept.id });

    expect(await emitAck<WatchAck>(watcher, 'unwatch_posts', [_id])).toEqual({ ok: true, watching: 0 });
    const after = collect(watcher, 'post_update');
    await t.app.inject({ method: 'PUT', url: '/api/posts/votePost', headers: ravi.auth, payload: { postId: _id, type: 'downvote' } });
    await settle();
    expect(after).toEqual([]);
    expect(ignored).toEqual([]);
  });

  it("applies a socket's watch and unwatch requests in the order they came, though a watch waits for its query", async () => {
    const { _id } = await createPost(t.app, asha, { caption: 'Pothole outside the clinic' });
    const { _id: other } = await createPost(t.app, asha, { caption: 'Overflowing drain by the market' });
    const s = await open(ravi.token);
    // A card that mounted and unmounted at once: the unwatch goes out before the watch has answered.
    const acks = Promise.all([emitAck<WatchAck>(s, 'watch_posts', [_id]), emitAck<WatchAck>(s, 'unwatch_posts', [_id])]);
    expect(await acks).toEqual([
      { ok: true, watching: 1 },
      { ok: true, watching: 0 },
    ]);
    // The late join did not put the socket back in the room: it watches only what it asks for next.
    expect(await emitAck<WatchAck>(s, 'watch_posts', [other])).toEqual({ ok: true, watching: 1 });
    const after = collect(s, 'post_update');
    await t.app.inject({ method: 'PUT', url: '/api/posts/votePost', headers: ravi.auth, payload: { postId: _id, type: 'upvote' } });
    await settle();
    expect(after).toEqual([]);

    // And the other way round: left and watched again at once, it stays in the room.
    const again = Promise.all([emitAck<WatchAck>(s, 'unwatch_posts', [other]), emitAck<WatchAck>(s, 'watch_posts', [other])]);
    expect(await again).toEqual([
      { ok: true, watching: 0 },
      { ok: true, watching: 1 },
    ]);
    const update = next(s, 'post_update');
    await t.app.inject({ method: 'PUT', url: '/api/posts/votePost', headers: ravi.auth, payload: { postId: other, type: 'upvote' } });
    expect(await update).toMatchObject({ postId: other, reason: 'vote', upvoteCount: 1 });
  });

  it('refuses malformed watch requests', async () => {
    const s = await open(ravi.token);
    for (const bad of ['abc', [1], ['../x'], null, Array.from({ length: 601 }, () => 'a'.repeat(24))]) {
      expect((await emitAck<WatchAck>(s, 'watch_posts', bad)).ok, JSON.stringify(bad).slice(0, 40)).toBe(false);
    }
  });
});

describe('bad input on the live connection', () => {
  it('answers every malformed payload on every client event with ok: false, stores nothing and stays up', async () => {
    const s = await open(asha.token);
    const before = (await history(asha, '?limit=1')).json<ChatMessage[]>()[0]?._id;
    const deep: unknown[] = [];
    let cur = deep;
    for (let i = 0; i < 200; i++) cur.push((cur = []));
    const payloads: unknown[] = [
      undefined, null, true, 0, -1, 2 ** 31, Number.MAX_SAFE_INTEGER, '', ' ', '\u0000', 'a\u0000b', 'z'.repeat(60_000),
      [], [null], [[]], {}, { msg: null }, { msg: {} }, { msg: ['x'] }, { msg: 'ok\u0000' }, { _id: null }, { _id: 5 }, { _id: 'g'.repeat(24) },
      { _id: '0'.repeat(24), msg: 'x' }, { __proto__: { msg: 'x' } }, { constructor: 'x' }, deep, Buffer.from('binary'),
    ];
    for (const event of ['send_message', 'watch_posts', 'unwatch_posts'] as const) {
      for (const p of payloads) {
        const ack = await emitAck<{ ok: boolean; message?: string }>(s, event, p);
        // Watching no posts is a valid no-op.
        const valid = event !== 'send_message' && Array.isArray(p) && p.length === 0;
        expect(ack.ok, `${event} ${JSON.stringify(p)?.slice(0, 40)}`).toBe(valid);
        if (!valid) expect(typeof ack.message).toBe('string');
      }
    }
    // Emits without an acknowledgement callback are just dropped.
    s.emit('send_message', 42 as never);
    s.emit('watch_posts', 'nope' as never);
    await settle();
    expect(s.connected).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await history(asha, '?limit=1')).json<ChatMessage[]>()[0]?._id).toBe(before);
  });
});
