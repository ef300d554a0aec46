/**
 * Issue 25 items 1, 2 and 6: the same write sent many times at once, and writes racing a deletion, on
 * the engine the suite runs on (SQLite, or PostgreSQL with TEST_DATABASE_URL, where the requests run
 * side by side on the pool). Exactly one request may win a delete or a state change; the others answer
 * 404 (or the idempotent 200 that writes nothing); no counter goes below zero; audit entries and
 * notifications are written once; a write whose post, comment or author is deleted meanwhile answers
 * a clear 4xx, stores nothing and leaves no file; of simultaneous password changes one wins and every
 * token issued before it stops working.
 */
import { describe, expect, it, vi } from 'vitest';
import Fastify from 'fastify';
import { ADMIN_TEXTS, POST_TEXTS, SETTINGS_TEXTS, TEXTS } from '@civicpulse/shared';
import { createPost, signupCitizen, signupGovernment } from './helpers/app.js';
import { admin, app, auditAbout, comment, db, messages, notificationsOf, post, reply, startRaceSuite, status, tally, times, uploads } from './helpers/races.js';
import { registerErrorHandling } from '../src/plugins/errors.js';

startRaceSuite();

describe('the same delete or state change sent 10 times at once: exactly one wins', () => {
  it('deleteComment: one 200, nine 404, commentCount down by exactly one, one audit entry', async () => {
    const author = await signupCitizen(app);
    const { _id: postId } = await createPost(app, author);
    const keep = await comment(author, postId, 'This one stays');
    const doomed = await comment(author, postId, 'This one goes');
    await reply(author, postId, doomed);
    expect((await post(postId)).commentCount).toBe(2);

    const answers = await times(10, () =>
      app.inject({ method: 'DELETE', url: '/api/posts/deleteComment', headers: admin.auth, payload: { postId, commentId: doomed } }),
    );
    expect(tally(answers)).toEqual({ 200: 1, 404: 9 });
    expect(messages(answers, 404)).toEqual([POST_TEXTS.commentNotFound]);
    const after = await post(postId);
    expect(after.commentCount).toBe(1);
    expect(after.comments.map((c) => c._id)).toEqual([keep]);
    expect(await auditAbout(doomed)).toHaveLength(1);
  });

  it('deleteComment by its author: the count never goes below zero', async () => {
    const author = await signupCitizen(app);
    const { _id: postId } = await createPost(app, author);
    const only = await comment(author, postId);
    const answers = await times(10, () =>
      app.inject({ method: 'DELETE', url: '/api/posts/deleteComment', headers: author.auth, payload: { postId, commentId: only } }),
    );
    expect(tally(answers)).toEqual({ 200: 1, 404: 9 });
    expect((await post(postId)).commentCount).toBe(0);
  });

  it('deleteReply: one 200, nine 404, one audit entry, the comment count untouched', async () => {
    const author = await signupCitizen(app);
    const { _id: postId } = await createPost(app, author);
    const parent = await comment(author, postId);
    const doomed = await reply(author, postId, parent, 'Going away');
    const stays = await reply(author, postId, parent, 'Staying');

    const answers = await times(10, () =>
      app.inject({ method: 'DELETE', url: '/api/posts/deleteReply', headers: admin.auth, payload: { postId, commentId: parent, replyId: doomed } }),
    );
    expect(tally(answers)).toEqual({ 200: 1, 404: 9 });
    expect(messages(answers, 404)).toEqual([POST_TEXTS.replyNotFound]);
    const after = await post(postId);
    expect(after.commentCount).toBe(1);
    expect(after.comments[0]!.replies.map((r) => r._id)).toEqual([stays]);
    expect(await auditAbout(doomed)).toHaveLength(1);
  });

  it("admin deletePosts: one 200, nine 404, one audit entry, the post's files gone", async () => {
    const author = await signupCitizen(app);
    const before = uploads();
    const { _id: postId } = await createPost(app, author);
    expect(uploads().length).toBeGreaterThan(before.length);
    const answers = await times(10, () =>
      app.inject({ method: 'DELETE', url: `/api/admin/deletePosts/${postId}`, headers: admin.auth, payload: { reason: 'Duplicate' } }),
    );
    expect(tally(answers)).toEqual({ 200: 1, 404: 9 });
    expect(messages(answers, 404)).toEqual([POST_TEXTS.notFound]);
    expect(await auditAbout(postId)).toHaveLength(1);
    expect(await status('GET', `/api/posts/post/${postId}`, admin)).toBe(404);
    expect(uploads()).toEqual(before);
  });

  it("the citizen's own deletePosts: one 200, nine 404", async () => {
    const author = await signupCitizen(app);
    const { _id: postId } = await createPost(app, author);
    const answers = await times(10, () => app.inject({ method: 'DELETE', url: `/api/user/deletePosts/${postId}`, headers: author.auth }));
    expect(tally(answers)).toEqual({ 200: 1, 404: 9 });
    expect(messages(answers, 404)).toEqual([POST_TEXTS.notFound]);
  });

  it('deleteUser: one 200, nine 404, one audit entry', async () => {
    const victim = await signupCitizen(app);
    const answers = await times(10, () =>
      app.inject({ method: 'DELETE', url: `/api/admin/deleteUser/${victim.id}`, headers: admin.auth, payload: { reason: 'Spam' } }),
    );
    expect(tally(answers)).toEqual({ 200: 1, 404: 9 });
    expect(messages(answers, 404)).toEqual([ADMIN_TEXTS.userNotFound]);
    expect(await auditAbout(victim.id)).toHaveLength(1);
  });

  it('deleteUser of a citizen who voted and commented: the counts of their targets stay exact', async () => {
    const author = await signupCitizen(app);
    const voter = await signupCitizen(app);
    const { _id: postId } = await createPost(app, author);
    await comment(author, postId);
    await comment(voter, postId);
    const up = await app.inject({ method: 'PUT', url: '/api/posts/votePost', headers: voter.auth, payload: { postId, type: 'upvote' } });
    expect(up.statusCode).toBe(200);
    const answers = await times(10, () => app.inject({ method: 'DELETE', url: `/api/admin/deleteUser/${voter.id}`, headers: admin.auth, payload: {} }));
    expect(tally(answers)).toEqual({ 200: 1, 404: 9 });
    const after = await post(postId);
    expect([after.commentCount, after.upvoteCount]).toEqual([1, 0]);
  });

  it('deleteGovernment: one 200, nine 404, one audit entry', async () => {
    const dept = await signupGovernment(app, { verified: true });
    const answers = await times(10, () => app.inject({ method: 'DELETE', url: `/api/admin/deleteGovernment/${dept.id}`, headers: admin.auth, payload: {} }));
    expect(tally(answers)).toEqual({ 200: 1, 404: 9 });
    expect(messages(answers, 404)).toEqual([TEXTS.http.governmentNotFound]);
    expect(await auditAbout(dept.id)).toHaveLength(1);
  });

  it('verifyGovernment: ten idempotent 200s, but one audit entry and one notification', async () => {
    const dept = await signupGovernment(app);
    const answers = await times(10, () => app.inject({ method: 'PUT', url: `/api/admin/verifyGovernment/${dept.id}`, headers: admin.auth }));
    expect(tally(answers)).toEqual({ 200: 10 });
    expect(await auditAbout(dept.id)).toHaveLength(1);
    expect((await notificationsOf(dept)).filter((n) => n.type === 'accountVerified')).toHaveLength(1);
  });

  it('unverifyGovernment: one 200, nine 409, one audit entry and one notification', async () => {
    const dept = await signupGovernment(app, { verified: true });
    const answers = await times(10, () =>
      app.inject({ method: 'PUT', url: `/api/admin/unverifyGovernment/${dept.id}`, headers: admin.auth, payload: { reason: 'Proof expired' } }),
    );
    expect(tally(answers)).toEqual({ 200: 1, 409: 9 });
    expect(messages(answers, 409)).toEqual([ADMIN_TEXTS.notVerified]);
    expect(await auditAbout(dept.id)).toHaveLength(1);
    expect((await notificationsOf(dept)).filter((n) => n.type === 'accountRevoked')).toHaveLength(1);
  });

  it('verify and revoke at once: the audit log tells the same story as the account', async () => {
    const dept = await signupGovernment(app);
    const answers = await times(10, (i) =>
      i % 2 === 0
        ? app.inject({ method: 'PUT', url: `/api/admin/verifyGovernment/${dept.id}`, headers: admin.auth })
        : app.inject({ method: 'PUT', url: `/api/admin/unverifyGovernment/${dept.id}`, headers: admin.auth, payload: { reason: 'Changed my mind' } }),
    );
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    // Entries alternate verify, revoke, verify...: every write changed the state, none repeated it.
    const entries = (await auditAbout(dept.id)).reverse();
    entries.forEach((e, i) => expect(e.action).toBe(i % 2 === 0 ? 'verifyGovernment' : 'unverifyGovernment'));
    const row = await db().selectFrom('accounts').select('is_verified').where('id', '=', dept.id).executeTakeFirstOrThrow();
    expect(Number(row.is_verified)).toBe(entries.length % 2);
  });

  it('account self-delete: one 200, the others 404 (or 401 once the token is dead)', async () => {
    const me = await signupCitizen(app);
    const answers = await times(10, () => app.inject({ method: 'DELETE', url: '/api/account', headers: me.auth, payload: { password: me.password } }));
    const counts = tally(answers);
    expect(counts[200]).toBe(1);
    expect((counts[404] ?? 0) + (counts[401] ?? 0)).toBe(9);
    expect(messages(answers, 404).every((m) => m === SETTINGS_TEXTS.accountDeleted)).toBe(true);
  });
});

describe('simultaneous password changes: one wins, every earlier token dies', () => {
  it('five changes with the same current password: one 200, four 400, only the winner signs in', async () => {
    const me = await signupCitizen(app);
    const login = (password: string) => app.inject({ method: 'POST', url: '/api/user/login', payload: { email: me.email, password } });
    const earlier = (await login(me.password)).json<{ token: string }>().token;
    const answers = await times(5, (i) =>
      app.inject({ method: 'PUT', url: '/api/account/password', headers: me.auth, payload: { currentPassword: me.password, newPassword: `new-password-${i}` } }),
    );
    expect(tally(answers)).toEqual({ 200: 1, 400: 4 });
    expect(messages(answers, 400)).toEqual([SETTINGS_TEXTS.currentPasswordWrong]);
    const winner = answers.findIndex((a) => a.statusCode === 200);
    const winnerToken = answers[winner]!.json<{ token: string }>().token;

    const logins = await Promise.all([me.password, ...answers.map((_, i) => `new-password-${i}`)].map(async (p) => (await login(p)).statusCode));
    expect(logins).toEqual([401, ...answers.map((_, i) => (i === winner ? 200 : 401))]);
    for (const token of [me.token, earlier]) {
      expect(await status('GET', '/api/account/settings', { ...me, auth: { authorization: `Bearer ${token}` } })).toBe(401);
    }
    expect(await status('GET', '/api/account/settings', { ...me, auth: { authorization: `Bearer ${winnerToken}` } })).toBe(200);
  });

  it('two changes within the same second: the first change’s token dies with the second', async () => {
    const me = await signupCitizen(app);
    const frozen = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(frozen);
    try {
      const first = await app.inject({ method: 'PUT', url: '/api/account/password', headers: me.auth, payload: { currentPassword: me.password, newPassword: 'second-password' } });
      expect(first.statusCode, first.body).toBe(200);
      const firstToken = { authorization: `Bearer ${first.json<{ token: string }>().token}` };
      const second = await app.inject({ method: 'PUT', url: '/api/account/password', headers: firstToken, payload: { currentPassword: 'second-password', newPassword: 'third-password' } });
      expect(second.statusCode, second.body).toBe(200);
      const secondToken = { authorization: `Bearer ${second.json<{ token: string }>().token}` };
      expect((await app.inject({ method: 'GET', url: '/api/account/settings', headers: firstToken })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: '/api/account/settings', headers: secondToken })).statusCode).toBe(200);
    } finally {
      clock.mockRestore();
    }
  });
});

describe("the error handler's safety net", () => {
  it('answers a foreign key the database refused (either engine) with a 409 and a clear message, never a 500', async () => {
    const bare = Fastify({ logger: false });
    registerErrorHandling(bare);
    for (const code of ['23503', 'SQLITE_CONSTRAINT_FOREIGNKEY']) {
      bare.get(`/${code}`, () => {
        throw Object.assign(new Error('insert or update on table violates foreign key constraint'), { code });
      });
    }
    await bare.ready();
    for (const code of ['23503', 'SQLITE_CONSTRAINT_FOREIGNKEY']) {
      const res = await bare.inject({ method: 'GET', url: `/${code}` });
      expect([res.statusCode, res.json()]).toEqual([409, { message: TEXTS.http.goneMeanwhile }]);
    }
    await bare.close();
  });
});
