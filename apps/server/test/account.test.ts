/**
 * Issue 12 item 5, one's own account: settings, password change ending other sessions, deleting the
 * account with the admin's cascade, and the export of one's own data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { EMAIL_DEFAULTS, NOTIFICATION_KINDS, PROFILE_TEXTS, SETTINGS_TEXTS } from '@civicpulse/shared';
import { advanceTo, createPost, createTestApp, loginAdmin, signupCitizen, signupGovernment, type Actor, type TestApp } from './helpers/app.js';

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
async function login(email: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });
}

describe('settings', () => {
  it('every notification is on by default; choices and published fields are saved; unknown fields refused', async () => {
    const me = await signupCitizen(app);
    const first = await app.inject({ method: 'GET', url: '/api/account/settings', headers: me.auth });
    expect(first.json()).toEqual({
      notifications: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, true])),
      publicFields: [],
      language: null,
      emailPrefs: EMAIL_DEFAULTS,
      emailVerified: false,
      suspension: null,
    });
    const saved = await app.inject({ method: 'PUT', url: '/api/account/settings', headers: me.auth, payload: { notifications: { chat: false }, publicFields: ['phone', 'city'] } });
    expect(saved.statusCode).toBe(400);
    expect(saved.json()).toEqual({ message: PROFILE_TEXTS.publicFields });
    const ok = await app.inject({ method: 'PUT', url: '/api/account/settings', headers: me.auth, payload: { notifications: { chat: false }, publicFields: ['phone'] } });
    expect(ok.json()).toMatchObject({ message: SETTINGS_TEXTS.settingsSaved, notifications: { chat: false, progress: true }, publicFields: ['phone'] });
    const again = await app.inject({ method: 'GET', url: '/api/account/settings', headers: me.auth });
    expect(again.json()).toMatchObject({ notifications: { chat: false }, publicFields: ['phone'] });
    const seen = await app.inject({ method: 'GET', url: `/api/user/profile/user/${me.id}`, headers: (await signupCitizen(app)).auth });
    expect(seen.json()).toHaveProperty('phone');
  });
});

describe('changing the password', () => {
  it('needs the current one, signs out every other session, and this session gets a fresh token', async () => {
    const me = await signupCitizen(app);
    const other = (await login(me.email, me.password)).json<{ token: string }>().token;
    const wrong = await app.inject({ method: 'PUT', url: '/api/account/password', headers: me.auth, payload: { currentPassword: 'nope-nope', newPassword: 'brand-new-pass' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: SETTINGS_TEXTS.currentPasswordWrong });
    const short = await app.inject({ method: 'PUT', url: '/api/account/password', headers: me.auth, payload: { currentPassword: me.password, newPassword: '123' } });
    expect(short.statusCode).toBe(400);
    const res = await app.inject({ method: 'PUT', url: '/api/account/password', headers: me.auth, payload: { currentPassword: me.password, newPassword: 'brand-new-pass' } });
    expect(res.statusCode, res.body).toBe(200);
    const { token, message } = res.json<{ token: string; message: string }>();
    expect(message).toBe(SETTINGS_TEXTS.passwordChanged);
    expect((await app.inject({ method: 'GET', url: '/api/account/settings', headers: me.auth })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/account/settings', headers: bearer(other) })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/account/settings', headers: bearer(token) })).statusCode).toBe(200);
    expect((await login(me.email, me.password)).statusCode).toBe(401);
    expect((await login(me.email, 'brand-new-pass')).statusCode).toBe(200);
  });
});

describe('deleting one’s own account', () => {
  it('needs the password; removes reports, files, votes and comments with counts recounted; the token stops', async () => {
    const me = await signupCitizen(app);
    const neighbour = await signupCitizen(app);
    const mine = await createPost(app, me);
    const keys = (await app.ctx.database.db.selectFrom('post_images').select(['key', 'thumb_key']).where('post_id', '=', mine._id).execute()).flatMap((r) => [r.key, r.thumb_key]);
    const theirs = await createPost(app, neighbour);
    await app.inject({ method: 'PUT', url: '/api/posts/votePost', headers: me.auth, payload: { postId: theirs._id, type: 'upvote' } });
    await app.inject({ method: 'POST', url: '/api/posts/addComment', headers: me.auth, payload: { postId: theirs._id, content: 'Bye' } });
    const wrong = await app.inject({ method: 'DELETE', url: '/api/account', headers: me.auth, payload: { password: 'wrong-password' } });
    expect(wrong.json()).toEqual({ message: SETTINGS_TEXTS.currentPasswordWrong });
    const res = await app.inject({ method: 'DELETE', url: '/api/account', headers: me.auth, payload: { password: me.password } });
    expect(res.json()).toEqual({ message: SETTINGS_TEXTS.accountDeleted });
    expect((await app.inject({ method: 'GET', url: '/api/account/settings', headers: me.auth })).statusCode).toBe(401);
    const post = (await app.inject({ method: 'GET', url: `/api/posts/post/${theirs._id}`, headers: neighbour.auth })).json<{ post: { upvoteCount: number; commentCount: number } }>().post;
    expect(post).toMatchObject({ upvoteCount: 0, commentCount: 0 });
    for (const key of keys) expect(await app.ctx.storage.get(key)).toBeNull();
    expect((await login(me.email, me.password)).statusCode).toBe(401);
  });

  it('a department’s open reports go back to Open; an admin cannot delete itself this way', async () => {
    const dept = await signupGovernment(app, { verified: true });
    const citizen = await signupCitizen(app);
    const post = await createPost(app, citizen);
    await advanceTo(app, dept, post._id, 'Work Started');
    const res = await app.inject({ method: 'DELETE', url: '/api/account', headers: dept.auth, payload: { password: dept.password } });
    expect(res.statusCode).toBe(200);
    const after = (await app.inject({ method: 'GET', url: `/api/posts/post/${post._id}`, headers: citizen.auth })).json<{ post: { progressState: string; assignedGovernment: null } }>().post;
    expect(after).toMatchObject({ progressState: 'Unseen', assignedGovernment: null });
    const admin: Actor = await loginAdmin(app);
    expect((await app.inject({ method: 'DELETE', url: '/api/account', headers: admin.auth, payload: { password: 'admin-password' } })).statusCode).toBe(403);
  });
});

describe('exporting one’s own data', () => {
  it('answers a JSON file with the profile, reports, comments, chat messages and votes, and nobody else’s', async () => {
    const me = await signupCitizen(app, 'Export Me');
    const other = await signupCitizen(app);
    const a = await createPost(app, me, { caption: 'First report to export' });
    await createPost(app, me, { caption: 'Second report to export' });
    const theirs = await createPost(app, other);
    await app.inject({ method: 'PUT', url: '/api/posts/votePost', headers: me.auth, payload: { postId: theirs._id, type: 'downvote' } });
    await app.inject({ method: 'POST', url: '/api/posts/addComment', headers: me.auth, payload: { postId: a._id, content: 'My own note' } });
    await app.inject({ method: 'POST', url: '/api/posts/addComment', headers: other.auth, payload: { postId: a._id, content: 'Not mine' } });
    await app.inject({ method: 'POST', url: '/api/user/sendMessage', headers: me.auth, payload: { msg: 'My chat line' } });
    await app.inject({ method: 'POST', url: '/api/user/sendMessage', headers: other.auth, payload: { msg: 'Their chat line' } });
    const res = await app.inject({ method: 'GET', url: '/api/account/export', headers: me.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const data = JSON.parse(res.body) as { profile: { name: string; email: string }; reports: Array<{ caption: string }>; comments: Array<{ content: string }>; chatMessages: Array<{ body: string }>; votes: Array<{ post_id: string; type: string }> };
    expect(data.profile).toMatchObject({ name: 'Export Me', email: me.email });
    expect(data.reports.map((r) => r.caption)).toEqual(['First report to export', 'Second report to export']);
    expect(data.comments.map((c) => c.content)).toEqual(['My own note']);
    expect(data.chatMessages.map((m) => m.body)).toEqual(['My chat line']);
    expect(data.votes).toEqual([expect.objectContaining({ post_id: theirs._id, type: 'downvote' })]);
  });
});
