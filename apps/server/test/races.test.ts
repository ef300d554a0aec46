/**
 * Issue 25 items 1, 2 and 6: the same write sent many times at once, and writes racing a deletion, on
 * the engine the suite runs on (SQLite, or PostgreSQL with TEST_DATABASE_URL, where the requests run
 * side by side on the pool). Exactly one request may win a delete or a state change; the others answer
 * 404 (or the idempotent 200 that writes nothing); no counter goes below zero; audit entries and
 * notifications are written once; a write whose post, comment or author is deleted meanwhile answers
 * a clear 4xx, stores nothing and leaves no file; of simultaneous password changes one wins and every
 * token issued before it stops working.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { ADMIN_TEXTS, POST_TEXTS, SETTINGS_TEXTS, TEXTS, type AuditEntry, type NotificationItem, type Post } from '@civicpulse/shared';
import {
  createPost,
  createTestApp,
  jpeg,
  loginAdmin,
  multipart,
  postForm,
  signupCitizen,
  signupGovernment,
  type Actor,
  type TestApp,
} from './helpers/app.js';
import { registerErrorHandling } from '../src/plugins/errors.js';

let t: TestApp;
let app: FastifyInstance;
let admin: Actor;

beforeAll(async () => {
  // Six sign-ins at once, five with wrong passwords, check which password works: the per-account
  // sign-in budget (login-guessing.test.ts) is not what this suite is about.
  t = await createTestApp({ LOGIN_FAILURES_MAX: '1000' });
  app = t.app;
  admin = await loginAdmin(app);
});
afterAll(() => t.close());

const db = () => app.ctx.database.db;
const times = <T>(n: number, make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => make(i)));

/** How many answers had each status, e.g. { 200: 1, 404: 9 }. */
function tally(answers: LightMyRequestResponse[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const a of answers) out[a.statusCode] = (out[a.statusCode] ?? 0) + 1;
  return out;
}
const messages = (answers: LightMyRequestResponse[], status: number) =>
  [...new Set(answers.filter((a) => a.statusCode === status).map((a) => a.json<{ message: string }>().message))];

async function comment(who: Actor, postId: string, content = 'Same here'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/posts/addComment', headers: who.auth, payload: { postId, content } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ comment: { _id: string } }>().comment._id;
}
async function reply(who: Actor, postId: string, commentId: string, content = 'Agreed'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/posts/addReply', headers: who.auth, payload: { postId, commentId, content } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ reply: { _id: string } }>().reply._id;
}
async function post(id: string): Promise<Post> {
  const res = await app.inject({ method: 'GET', url: `/api/posts/post/${id}`, headers: admin.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ post: Post }>().post;
}
/** Audit entries about one target, read through the admin's audit route (newest 100 are plenty here). */
async function auditAbout(targetId: string): Promise<AuditEntry[]> {
  const res = await app.inject({ method: 'GET', url: '/api/admin/audit?limit=100', headers: admin.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ entries: AuditEntry[] }>().entries.filter((e) => e.targetId === targetId);
}
async function notificationsOf(who: Actor): Promise<NotificationItem[]> {
  const res = await app.inject({ method: 'GET', url: '/api/notifications?limit=50', headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ notifications: NotificationItem[] }>().notifications;
}
/** Every file under DATA_DIR/uploads (the local storage driver), as paths relative to it. */
function uploads(): string[] {
  const root = path.join(t.dataDir, 'uploads');
  try {
    return (readdirSync(root, { recursive: true, withFileTypes: true }) as Array<{ isFile(): boolean; parentPath?: string; path?: string; name: string }>)
      .filter((d) => d.isFile())
      .map((d) => path.relative(root, path.join(d.parentPath ?? d.path ?? root, d.name)))
      .sort();
  } catch {
    return [];
  }
}
async function status(method: 'GET', url: string, who: Actor): Promise<number> {
  return (await app.inject({ method, url, headers: who.auth })).statusCode;
}

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

describe('writes racing a deletion: a clear 4xx, nothing stored, no file left', () => {
  const ROUNDS = 20;

  it('addComment and addReply while the post is deleted', async () => {
    const author = await signupCitizen(app);
    const other = await signupCitizen(app);
    const seen: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { _id: postId } = await createPost(app, author);
      const parent = await comment(author, postId);
      const answers = await Promise.all([
        app.inject({ method: 'POST', url: '/api/posts/addComment', headers: other.auth, payload: { postId, content: 'Me too' } }),
        app.inject({ method: 'POST', url: '/api/posts/addReply', headers: other.auth, payload: { postId, commentId: parent, content: 'Yes' } }),
        app.inject({ method: 'DELETE', url: `/api/user/deletePosts/${postId}`, headers: author.auth }),
        app.inject({ method: 'POST', url: '/api/posts/addComment', headers: other.auth, payload: { postId, content: 'Me three' } }),
        app.inject({ method: 'POST', url: '/api/posts/addReply', headers: other.auth, payload: { postId, commentId: parent, content: 'Yes!' } }),
      ]);
      const [c1, r1, del, c2, r2] = answers;
      expect(del!.statusCode, del!.body).toBe(200);
      for (const a of [c1!, r1!, c2!, r2!]) {
        seen.push(a.statusCode);
        expect([201, 404], a.body).toContain(a.statusCode);
        if (a.statusCode === 404) expect([POST_TEXTS.notFound, POST_TEXTS.commentNotFound]).toContain(a.json<{ message: string }>().message);
      }
      const left = await db().selectFrom('comments').select('id').where('post_id', '=', postId).execute();
      expect(left).toEqual([]);
    }
    expect(seen.some((s) => s === 404)).toBe(true);
  });

  it('addReply while its comment is deleted', async () => {
    const author = await signupCitizen(app);
    const other = await signupCitizen(app);
    const { _id: postId } = await createPost(app, author);
    for (let round = 0; round < ROUNDS; round++) {
      const parent = await comment(author, postId);
      const answers = await Promise.all([
        app.inject({ method: 'POST', url: '/api/posts/addReply', headers: other.auth, payload: { postId, commentId: parent, content: 'Yes' } }),
        app.inject({ method: 'DELETE', url: '/api/posts/deleteComment', headers: author.auth, payload: { postId, commentId: parent } }),
        app.inject({ method: 'POST', url: '/api/posts/addReply', headers: other.auth, payload: { postId, commentId: parent, content: 'Yes!' } }),
      ]);
      expect(answers[1]!.statusCode, answers[1]!.body).toBe(200);
      for (const a of [answers[0]!, answers[2]!]) {
        expect([201, 404], a.body).toContain(a.statusCode);
        if (a.statusCode === 404) expect(a.json<{ message: string }>().message).toBe(POST_TEXTS.commentNotFound);
      }
      const orphans = await db().selectFrom('comments').select('id').where('parent_id', '=', parent).execute();
      expect(orphans).toEqual([]);
    }
    expect((await post(postId)).commentCount).toBe(0);
  });

  it('votes while the post is deleted, and while the voter is deleted', async () => {
    const author = await signupCitizen(app);
    for (let round = 0; round < ROUNDS; round++) {
      const voters = await times(3, () => signupCitizen(app));
      const { _id: postId } = await createPost(app, author);
      const doomedVoter = voters[0]!;
      const answers = await Promise.all([
        ...voters.map((v) => app.inject({ method: 'PUT', url: '/api/posts/votePost', headers: v.auth, payload: { postId, type: 'upvote' } })),
        round % 2 === 0
          ? app.inject({ method: 'DELETE', url: `/api/user/deletePosts/${postId}`, headers: author.auth })
          : app.inject({ method: 'DELETE', url: `/api/admin/deleteUser/${doomedVoter.id}`, headers: admin.auth, payload: {} }),
      ]);
      const deletion = answers[voters.length]!;
      expect(deletion.statusCode, deletion.body).toBe(200);
      for (const a of answers.slice(0, voters.length)) expect([200, 401, 404], a.body).toContain(a.statusCode);
      if (round % 2 === 1) {
        const row = await db().selectFrom('posts').select('upvote_count').where('id', '=', postId).executeTakeFirstOrThrow();
        const votes = await db().selectFrom('votes').select('account_id').where('post_id', '=', postId).execute();
        expect(votes.map((v) => v.account_id)).not.toContain(doomedVoter.id);
        expect(Number(row.upvote_count)).toBe(votes.length);
      }
    }
  });

  it('createPost while its author deletes the account: 201 or 401, no post and no file left', async () => {
    const before = uploads();
    const form = await postForm();
    const statuses: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const me = await signupCitizen(app);
      const create = () => app.inject({ method: 'POST', url: '/api/user/createPost', headers: { ...me.auth, ...form.headers }, payload: form.payload });
      const answers = await Promise.all([
        create(),
        create(),
        app.inject({ method: 'DELETE', url: '/api/account', headers: me.auth, payload: { password: me.password } }),
        create(),
      ]);
      expect(answers[2]!.statusCode, answers[2]!.body).toBe(200);
      for (const a of [answers[0]!, answers[1]!, answers[3]!]) {
        statuses.push(a.statusCode);
        expect([201, 401], a.body).toContain(a.statusCode);
        if (a.statusCode === 401) expect(a.json<{ message: string }>().message).toBe(TEXTS.auth.tokenInvalid);
      }
      const left = await db().selectFrom('posts').select('id').where('author_id', '=', me.id).execute();
      expect(left).toEqual([]);
    }
    expect(uploads()).toEqual(before);
    expect(statuses.some((s) => s === 401)).toBe(true);
  });

  it('chat messages and profile edits while the account is deleted: never a 5xx, no file left', async () => {
    const before = uploads();
    const photo = multipart({ name: 'New Name' }, [{ field: 'file', filename: 'me.jpg', type: 'image/jpeg', data: await jpeg(300, 300) }]);
    for (let round = 0; round < ROUNDS; round++) {
      const me = await signupCitizen(app);
      const answers = await Promise.all([
        app.inject({ method: 'POST', url: '/api/user/sendMessage', headers: me.auth, payload: { msg: 'Hello' } }),
        app.inject({ method: 'PUT', url: '/api/user/updateProfile', headers: { ...me.auth, ...photo.headers }, payload: photo.payload }),
        app.inject({ method: 'DELETE', url: `/api/admin/deleteUser/${me.id}`, headers: admin.auth, payload: {} }),
        app.inject({ method: 'POST', url: '/api/user/sendMessage', headers: me.auth, payload: { msg: 'Hello again' } }),
      ]);
      expect(answers[2]!.statusCode, answers[2]!.body).toBe(200);
      for (const a of answers) expect(a.statusCode, a.body).toBeLessThan(500);
      const left = await db().selectFrom('chat_messages').select('id').where('author_id', '=', me.id).execute();
      expect(left).toEqual([]);
    }
    expect(uploads()).toEqual(before);
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
