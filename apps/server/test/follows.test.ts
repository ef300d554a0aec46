/**
 * Issue 27 item 5, following a report: the reporter follows their own from the start; anyone signed in
 * follows and stops following (the kept count stays true, also under parallel requests); followers hear
 * of every move after its commit (once each, never the reporter twice or the mover), by the "A report I
 * follow moves" setting, also past one batch of followers. SQLite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { FOLLOW_TEXTS, POST_TEXTS, notificationText } from '@civicpulse/shared';
import { advanceTo, createPost, createTestApp, signupCitizen, signupGovernment, type Actor, type TestApp } from './helpers/app.js';
import { FOLLOWER_BATCH } from '../src/modules/follows/index.js';

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp({ ALERT_POLL_MS: '0', MAIL_POLL_MS: '0' });
  app = t.app;
});
afterAll(() => t.close());

const follow = (who: Actor, postId: string, method: 'PUT' | 'DELETE' | 'GET' = 'PUT') => app.inject({ method, url: `/api/posts/${postId}/follow`, headers: who.auth });
async function told(): Promise<void> {
  await new Promise((r) => setTimeout(r, 30));
  await app.ctx.services.followNotifier.idle();
  await app.ctx.services.followNotifier.runOnce();
}
const updatesOf = (who: Actor, postId: string) =>
  app.ctx.database.db.selectFrom('notifications').selectAll().where('recipient_id', '=', who.id).where('post_id', '=', postId).where('type', '=', 'followUpdate').execute();

describe('following a report', () => {
  it('the reporter follows from the start; others follow and stop, and the count stays true', async () => {
    const me = await signupCitizen(app);
    const neighbour = await signupCitizen(app);
    const { _id } = await createPost(app, me);
    expect((await follow(me, _id, 'GET')).json()).toEqual({ following: true, followerCount: 1 });
    expect((await follow(neighbour, _id, 'GET')).json()).toEqual({ following: false, followerCount: 1 });

    const on = await follow(neighbour, _id);
    expect(on.json()).toEqual({ following: true, followerCount: 2, message: FOLLOW_TEXTS.followed });
    // Twice is once.
    expect((await follow(neighbour, _id)).json()).toMatchObject({ followerCount: 2 });
    const off = await follow(neighbour, _id, 'DELETE');
    expect(off.json()).toEqual({ following: false, followerCount: 1, message: FOLLOW_TEXTS.unfollowed });
    expect((await follow(neighbour, _id, 'DELETE')).json()).toMatchObject({ followerCount: 1 });

    const missing = await follow(neighbour, '000000000000000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: POST_TEXTS.notFound });
    expect((await app.inject({ method: 'PUT', url: `/api/posts/${_id}/follow` })).statusCode).toBe(401);
  });

  it("a follower's deleted account leaves the count true", async () => {
    const me = await signupCitizen(app);
    const gone = await signupCitizen(app);
    const { _id } = await createPost(app, me);
    await follow(gone, _id);
    expect((await follow(me, _id, 'GET')).json()).toMatchObject({ followerCount: 2 });
    const del = await app.inject({ method: 'DELETE', url: '/api/account', headers: gone.auth, payload: { password: gone.password } });
    expect(del.statusCode).toBe(200);
    expect((await follow(me, _id, 'GET')).json()).toMatchObject({ followerCount: 1 });
  });

  it('parallel follows and unfollows leave the kept count equal to the rows', async () => {
    const me = await signupCitizen(app);
    const { _id } = await createPost(app, me);
    const people = await Promise.all(Array.from({ length: 8 }, () => signupCitizen(app)));
    await Promise.all(people.flatMap((p, i) => [follow(p, _id), follow(p, _id), ...(i % 2 ? [follow(p, _id, 'DELETE')] : [])]));
    const rows = await app.ctx.database.db.selectFrom('follows').select((eb) => eb.fn.countAll<number>().as('n')).where('post_id', '=', _id).executeTakeFirstOrThrow();
    const post = await app.ctx.database.db.selectFrom('posts').select('follower_count').where('id', '=', _id).executeTakeFirstOrThrow();
    expect(Number(post.follower_count)).toBe(Number(rows.n));
    const wrong = await sql<{ id: string }>`select p.id from posts p where p.follower_count <> (select count(*) from follows f where f.post_id = p.id)`.execute(app.ctx.database.db);
    expect(wrong.rows).toEqual([]);
  });

  it("followers hear of every move once; the reporter and the department are not told twice", async () => {
    const me = await signupCitizen(app);
    const a = await signupCitizen(app, 'Follower A');
    const b = await signupCitizen(app, 'Follower B');
    const dept = await signupGovernment(app, { verified: true, department: 'Ward 3 Water' });
    const { _id } = await createPost(app, me, { caption: 'Leaking pipe near the temple' });
    for (const p of [a, b]) await follow(p, _id);
    await follow(dept, _id);
    await advanceTo(app, dept, _id, 'Verified');
    await told();
    for (const p of [a, b]) {
      // Both moves, one grouped bell item (events/store.ts storeGrouped): the latest state, 2 moves.
      const got = await updatesOf(p, _id);
      expect(got.map((n) => [n.to_state, n.update_count])).toEqual([['Verified', 2]]);
      expect(got[0]).toMatchObject({ actor_name: 'Ward 3 Water', caption: 'Leaking pipe near the temple' });
    }
    expect(await updatesOf(me, _id)).toEqual([]);
    expect(await updatesOf(dept, _id)).toEqual([]);
    // As the bell shows it.
    const bell = (await app.inject({ method: 'GET', url: '/api/notifications', headers: a.auth })).json<{ notifications: Array<{ type: string; title: string; message: string }> }>();
    const words = notificationText('followUpdate', { actorName: 'Ward 3 Water', caption: 'Leaking pipe near the temple', toState: 'Verified', reason: null });
    expect(bell.notifications.find((n) => n.type === 'followUpdate')).toMatchObject(words);
    // Unfollowed: no more.
    await follow(b, _id, 'DELETE');
    await advanceTo(app, dept, _id, 'Work Started');
    await told();
    expect((await updatesOf(a, _id)).map((n) => [n.to_state, n.update_count])).toEqual([['Work Started', 3]]);
    expect((await updatesOf(b, _id)).map((n) => [n.to_state, n.update_count])).toEqual([['Verified', 2]]);
    expect(await app.ctx.database.db.selectFrom('follow_fanouts').selectAll().execute()).toEqual([]);
  });

  it('the "A report I follow moves" switch turns the bell off for those', async () => {
    const me = await signupCitizen(app);
    const quiet = await signupCitizen(app);
    const dept = await signupGovernment(app, { verified: true });
    const { _id } = await createPost(app, me);
    await follow(quiet, _id);
    await app.inject({ method: 'PUT', url: '/api/account/settings', headers: quiet.auth, payload: { notifications: { following: false } } });
    await advanceTo(app, dept, _id, 'Problem Seen');
    await told();
    expect(await updatesOf(quiet, _id)).toEqual([]);
  });

  it(`more followers than one batch (${FOLLOWER_BATCH}) are each told exactly once`, async () => {
    const db = app.ctx.database.db;
    const me = await signupCitizen(app);
    const dept = await signupGovernment(app, { verified: true });
    const { _id } = await createPost(app, me);
    const n = FOLLOWER_BATCH + 77;
    const now = new Date().toISOString();
    const ids = Array.from({ length: n }, (_, i) => `fb${i.toString(16).padStart(22, '0')}`);
    for (let i = 0; i < n; i += 200) {
      const chunk = ids.slice(i, i + 200);
      await db.insertInto('accounts').values(chunk.map((id, k) => ({ id, role: 'user' as const, email: `follower${i + k}@follows.test`, password_hash: 'x', name: 'F', is_verified: 0, resolved_issues_count: 0, created_at: now, updated_at: now }))).execute();
      await db.insertInto('follows').values(chunk.map((id) => ({ post_id: _id, account_id: id, created_at: now }))).execute();
    }
    await advanceTo(app, dept, _id, 'Problem Seen');
    await told();
    const rows = await db.selectFrom('notifications').select('recipient_id').where('post_id', '=', _id).where('type', '=', 'followUpdate').execute();
    expect(rows).toHaveLength(n);
    expect(new Set(rows.map((r) => r.recipient_id)).size).toBe(n);
  }, 60_000);
});
