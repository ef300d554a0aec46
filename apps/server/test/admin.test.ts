/**
 * Issue 11: the admin console's API on the engine the suite runs on (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL): lists, verification and its revocation, deletions that cascade with right
 * counters and no files left, the audit log and the proof document's privacy. Figures, the heatmap,
 * the exports and caption search are in admin-figures.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { LIMITS, type AdminGovernment, type AdminUser, type AuditEntry, type Post } from '@civicpulse/shared';
import { actorFrom, advanceTo, createPost, createTestApp, loginAdmin, signupCitizen, signupGovernment, type Actor, type TestApp } from './helpers/app.js';
import { adminCalls } from './helpers/admin.js';

let t: TestApp;
let app: FastifyInstance;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  admin = await loginAdmin(app);
});
afterAll(() => t.close());

const { db, get, vote, comment, reply, postById, imageKeys, stored, latestAudit, countersMatchRows } = adminCalls(() => app, () => admin);

describe('lists', () => {
  it('allUsers answers { users } with name, email, role, joined date and report count, never a hash', async () => {
    const asha = await signupCitizen(app, 'Asha Lister');
    await createPost(app, asha);
    await createPost(app, asha);
    const { users } = await get<{ users: AdminUser[] }>('/api/admin/allUsers');
    const me = users.find((u) => u._id === asha.id)!;
    expect(me).toMatchObject({ name: 'Asha Lister', email: asha.email, role: 'user', postCount: 2 });
    expect(Date.parse(me.createdAt)).not.toBeNaN();
    expect(JSON.stringify(users)).not.toMatch(/password|hash|secret/i);
    // Newest first, admins listed too (spec: role column).
    expect(users[0]!._id).toBe(asha.id);
    expect(users.some((u) => u.role === 'admin')).toBe(true);
  });

  it('searches name and email, filters by role, and pages by cursor without repeats', async () => {
    for (let i = 0; i < 5; i++) await signupCitizen(app, `Pager Zq${i}`);
    const found = await get<{ users: AdminUser[] }>('/api/admin/allUsers?q=zq');
    expect(found.users.map((u) => u.name).sort()).toEqual(['Pager Zq0', 'Pager Zq1', 'Pager Zq2', 'Pager Zq3', 'Pager Zq4']);
    // LIKE wildcards in the text are literal.
    expect((await get<{ users: AdminUser[] }>('/api/admin/allUsers?q=%25')).users).toEqual([]);
    const admins = await get<{ users: AdminUser[] }>('/api/admin/allUsers?role=admin');
    expect(admins.users.every((u) => u.role === 'admin')).toBe(true);
    const seen: string[] = [];
    let cursor = '';
    for (let n = 0; n < 10; n++) {
      const p = await get<{ users: AdminUser[]; nextCursor: string | null }>(`/api/admin/allUsers?q=pager&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...p.users.map((u) => u._id));
      if (!p.nextCursor) break;
      cursor = p.nextCursor;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    const bad = await app.inject({ method: 'GET', url: '/api/admin/allUsers?role=root', headers: admin.auth });
    expect(bad.statusCode).toBe(400);
    const badCursor = await app.inject({ method: 'GET', url: '/api/admin/allUsers?limit=2&cursor=WyJ4Il0', headers: admin.auth });
    expect(badCursor.statusCode).toBe(400);
  });

  it('without limit the lists answer the spec shape, cut at the unpaged maximum with a cursor only then', async () => {
    const limits = LIMITS as { unpagedListMax: number };
    const saved = limits.unpagedListMax;
    const all = (await get<{ users: AdminUser[]; nextCursor?: string }>('/api/admin/allUsers')).users.length;
    limits.unpagedListMax = 2;
    try {
      const cut = await get<{ users: AdminUser[]; nextCursor?: string }>('/api/admin/allUsers');
      expect(cut.users).toHaveLength(2);
      expect(typeof cut.nextCursor).toBe('string');
      const rest = await get<{ users: AdminUser[] }>(`/api/admin/allUsers?cursor=${cut.nextCursor}`);
      expect(rest.users[0]!._id < cut.users[1]!._id).toBe(true);
    } finally {
      limits.unpagedListMax = saved;
    }
    const whole = await get<Record<string, unknown>>('/api/admin/allUsers');
    expect(Object.keys(whole)).toEqual(['users']);
    expect((whole.users as unknown[]).length).toBe(all);
    expect(Object.keys(await get<Record<string, unknown>>('/api/admin/allGovernments'))).toEqual(['governments']);
  });

  it('allGovernments lists pending departments first with contact, counts and a private proof link', async () => {
    const pending = await signupGovernment(app, { department: 'Pending Roads Office' });
    const verified = await signupGovernment(app, { department: 'Verified Water Office', verified: true });
    const { governments } = await get<{ governments: AdminGovernment[] }>('/api/admin/allGovernments');
    const firstVerified = governments.findIndex((g) => g.isVerified);
    expect(governments.slice(firstVerified).every((g) => g.isVerified)).toBe(true);
    const p = governments.find((g) => g._id === pending.id)!;
    expect(p).toMatchObject({
      authorityName: 'Pending Roads Office',
      department: 'Pending Roads Office',
      email: pending.email,
      phone: '+919876543210',
      city: 'Pune',
      isVerified: false,
      resolvedIssuesCount: 0,
      proofDocumentType: 'image/png',
    });
    expect(p.proofDocumentUrl).toMatch(new RegExp(`/api/gov/proofDocument/${pending.id}$`));
    expect(governments.findIndex((g) => g._id === pending.id)).toBeLessThan(governments.findIndex((g) => g._id === verified.id));
    const onlyPending = await get<{ governments: AdminGovernment[] }>('/api/admin/allGovernments?status=pending&q=roads');
    expect(onlyPending.governments.map((g) => g._id)).toEqual([pending.id]);
  });

  it('allPosts searches captions and filters by progress state with the admin priority words', async () => {
    const author = await signupCitizen(app);
    const dept = await signupGovernment(app, { verified: true });
    const a = await createPost(app, author, { caption: 'Broken streetlight at Xyzzy chowk', priority: 'Critical' });
    await createPost(app, author, { caption: 'Garbage pile at Xyzzy market', priority: 'Low' });
    await advanceTo(app, dept, a._id, 'Verified');
    const byText = await get<{ posts: Post[] }>('/api/admin/allPosts?q=xyzzy');
    expect(byText.posts).toHaveLength(2);
    const urgent = await get<{ posts: Post[] }>('/api/admin/allPosts?q=xyzzy&priority=urgent');
    expect(urgent.posts.map((p) => p._id)).toEqual([a._id]);
    const verifiedOnes = await get<{ posts: Post[] }>('/api/admin/allPosts?q=xyzzy&progress=Verified');
    expect(verifiedOnes.posts.map((p) => p._id)).toEqual([a._id]);
    const bad = await app.inject({ method: 'GET', url: '/api/admin/allPosts?progress=Done', headers: admin.auth });
    expect(bad.statusCode).toBe(400);
  });
});

describe('proof documents', () => {
  it('open for admins and the department itself only, never cached, never under /uploads', async () => {
    const dept = await signupGovernment(app, { department: 'Proof Office' });
    const other = await signupGovernment(app, { verified: true });
    const citizen = await signupCitizen(app);
    const url = `/api/gov/proofDocument/${dept.id}`;
    const asAdmin = await app.inject({ method: 'GET', url, headers: admin.auth });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.headers['content-type']).toBe('image/png');
    expect(asAdmin.headers['cache-control']).toBe('private, no-store');
    expect(asAdmin.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await app.inject({ method: 'GET', url, headers: dept.auth })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url, headers: other.auth })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url, headers: citizen.auth })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const key = (await app.ctx.repos.accounts.findById(dept.id))!.proof_doc_key!;
    expect(key.startsWith('private/')).toBe(true);
    const publicTry = await app.inject({ method: 'GET', url: `/uploads/${key.replace(/^private\//, '')}` });
    expect(publicTry.statusCode).toBe(404);
  });
});

describe('verification', () => {
  it('verify, revoke with a reason (work stops, posts stay), verify again, all audited', async () => {
    const dept = await signupGovernment(app, { department: 'Ward 9 Roads' });
    const citizen = await signupCitizen(app);
    const post = await createPost(app, citizen);
    const verify = await app.inject({ method: 'PUT', url: `/api/admin/verifyGovernment/${dept.id}`, headers: admin.auth });
    expect(verify.json()).toEqual({ message: 'Government account verified' });
    expect(await latestAudit()).toMatchObject({ action: 'verifyGovernment', targetId: dept.id, actorId: admin.id, targetLabel: `Ward 9 Roads <${dept.email}>` });
    await advanceTo(app, dept, post._id, 'Problem Seen');

    const noReason = await app.inject({ method: 'PUT', url: `/api/admin/unverifyGovernment/${dept.id}`, headers: admin.auth, payload: { reason: '  ' } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Please give a reason');
    const revoke = await app.inject({
      method: 'PUT',
      url: `/api/admin/unverifyGovernment/${dept.id}`,
      headers: admin.auth,
      payload: { reason: 'Proof document expired' },
    });
    expect(revoke.json()).toEqual({ message: 'Government verification revoked' });
    expect(await latestAudit()).toMatchObject({ action: 'unverifyGovernment', reason: 'Proof document expired' });
    const again = await app.inject({ method: 'PUT', url: `/api/admin/unverifyGovernment/${dept.id}`, headers: admin.auth, payload: { reason: 'x' } });
    expect(again.statusCode).toBe(409);

    const move = await app.inject({ method: 'PUT', url: `/api/gov/progressState/${post._id}`, headers: dept.auth });
    expect(move.statusCode).toBe(403);
    expect((await postById(post._id)).assignedGovernment).toBe(dept.id);
    const listed = (await get<{ governments: AdminGovernment[] }>('/api/admin/allGovernments?status=pending')).governments.find((g) => g._id === dept.id);
    expect(listed?.revokedReason).toBe('Proof document expired');

    await app.inject({ method: 'PUT', url: `/api/admin/verifyGovernment/${dept.id}`, headers: admin.auth });
    expect((await app.inject({ method: 'PUT', url: `/api/gov/progressState/${post._id}`, headers: dept.auth })).statusCode).toBe(200);
    expect((await app.inject({ method: 'PUT', url: `/api/admin/verifyGovernment/${admin.id}`, headers: admin.auth })).statusCode).toBe(404);
  });
});

describe('deleting', () => {
  it('a user: reports, files, votes, comments and replies go; others’ counts are recounted; the token stops working', async () => {
    const gone = await signupCitizen(app, 'Leaving Citizen');
    const neighbour = await signupCitizen(app, 'Staying Neighbour');
    const own = await createPost(app, gone);
    const ownKeys = await imageKeys(own._id);
    expect(await stored(ownKeys)).toEqual(ownKeys.map(() => true));
    const theirs = await createPost(app, neighbour);
    await vote(gone, theirs._id, 'upvote');
    await vote(neighbour, theirs._id, 'downvote');
    const commentId = await comment(gone, theirs._id, 'I will be deleted');
    await reply(neighbour, theirs._id, commentId, 'A reply under a deleted comment');
    await comment(neighbour, theirs._id, 'A comment that stays');
    await comment(neighbour, own._id, 'On a report that goes');

    const res = await app.inject({ method: 'DELETE', url: `/api/admin/deleteUser/${gone.id}`, headers: admin.auth, payload: { reason: 'Spam account' } });
    expect(res.json()).toEqual({ message: 'User deleted' });

    const after = await postById(theirs._id, neighbour);
    expect(after.upvoteCount).toBe(0);
    expect(after.upvotes).toEqual([]);
    expect(after.downvoteCount).toBe(1);
    expect(after.commentCount).toBe(1);
    expect(after.comments.map((c) => c.content)).toEqual(['A comment that stays']);
    expect((await app.inject({ method: 'GET', url: `/api/posts/post/${own._id}`, headers: neighbour.auth })).statusCode).toBe(404);
    expect(await stored(ownKeys)).toEqual(ownKeys.map(() => false));
    expect((await app.inject({ method: 'GET', url: '/api/user/allPosts', headers: gone.auth })).statusCode).toBe(401);
    for (const table of ['posts', 'comments'] as const) {
      const col = table === 'posts' ? 'author_id' : 'author_id';
      expect(await db().selectFrom(table).select('id').where(col, '=', gone.id).execute()).toEqual([]);
    }
    expect(await db().selectFrom('votes').selectAll().where('account_id', '=', gone.id).execute()).toEqual([]);
    expect(await db().selectFrom('post_images').selectAll().where('post_id', '=', own._id).execute()).toEqual([]);
    expect(await latestAudit()).toMatchObject({ action: 'deleteUser', targetType: 'user', targetId: gone.id, reason: 'Spam account' });
    await countersMatchRows();
  });

  it('a department: open reports go back to Unseen with a history entry, its proof photos and document go', async () => {
    const dept = await signupGovernment(app, { verified: true, department: 'Closing Office' });
    const citizen = await signupCitizen(app);
    const waiting = await createPost(app, citizen);
    await advanceTo(app, dept, waiting._id, 'Waiting for User Verification');
    const finished = await createPost(app, citizen);
    await advanceTo(app, dept, finished._id, 'Waiting for User Verification');
    expect((await app.inject({ method: 'PUT', url: `/api/user/verifyPost/${finished._id}`, headers: citizen.auth })).statusCode).toBe(200);
    const proofKeys = [
      ...(await db().selectFrom('post_images').select(['key', 'thumb_key']).where('post_id', 'in', [waiting._id, finished._id]).where('kind', '=', 'final').execute()).flatMap(
        (r) => [r.key, r.thumb_key],
      ),
      (await app.ctx.repos.accounts.findById(dept.id))!.proof_doc_key!,
    ];
    expect(await stored(proofKeys)).toEqual(proofKeys.map(() => true));
    const reportKeys = await imageKeys(waiting._id).then((k) => k.filter((key) => !proofKeys.includes(key)));

    const res = await app.inject({ method: 'DELETE', url: `/api/admin/deleteGovernment/${dept.id}`, headers: admin.auth });
    expect(res.json()).toEqual({ message: 'Government account deleted' });

    const released = await postById(waiting._id, citizen);
    expect(released).toMatchObject({ progressState: 'Unseen', currentState: 'In Progress', assignedGovernment: null, finalUpdate: null });
    expect(released.history?.at(-1)).toMatchObject({ action: 'release', from: 'Waiting for User Verification', to: 'Unseen', actor: { role: 'admin' } });
    const done = await postById(finished._id, citizen);
    expect(done).toMatchObject({ progressState: 'Finished', currentState: 'Resolved', assignedGovernment: null });
    expect(await stored(proofKeys)).toEqual(proofKeys.map(() => false));
    expect(await stored(reportKeys)).toEqual(reportKeys.map(() => true));
    expect((await app.inject({ method: 'GET', url: '/api/gov/allPosts', headers: dept.auth })).statusCode).toBe(401);
    // Another department can take the released report over.
    const next = await signupGovernment(app, { verified: true });
    expect((await app.inject({ method: 'PUT', url: `/api/gov/progressState/${waiting._id}`, headers: next.auth })).statusCode).toBe(200);
    await countersMatchRows();
  });

  it('answers 404 for the wrong kind of account, refuses to delete yourself, and the last admin', async () => {
    const dept = await signupGovernment(app);
    const citizen = await signupCitizen(app);
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/deleteUser/${dept.id}`, headers: admin.auth })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/deleteGovernment/${citizen.id}`, headers: admin.auth })).statusCode).toBe(404);
    const self = await app.inject({ method: 'DELETE', url: `/api/admin/deleteUser/${admin.id}`, headers: admin.auth });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot delete your own account');
    // A second admin may remove the first; the guard in the transaction keeps one admin at least.
    await app.ctx.services.auth.ensureAdmin({ email: 'second.admin@civicpulse.test', password: 'second-password', secret: 'second-secret', name: 'Second Admin' });
    const second = (await app.ctx.repos.accounts.findByEmail('second.admin@civicpulse.test'))!;
    const firstRow = (await app.ctx.repos.accounts.findById(admin.id))!;
    const { EventList } = await import('../src/events/index.js');
    const remove = (row: typeof firstRow) =>
      app.ctx.repos.accounts.deleteCascade(row, { actor_id: null, actor_name: 'test', actor_role: 'admin', note: null, final_caption: null, created_at: '' }, () => 'x', new EventList());
    expect(await remove(second)).toMatchObject({ releasedPosts: 0 });
    expect(await remove(firstRow)).toBe('lastAdmin');
    expect(await app.ctx.repos.accounts.findById(admin.id)).toBeDefined();
  });

  it('a post by an admin: cascade, files and an audit entry', async () => {
    const citizen = await signupCitizen(app);
    const post = await createPost(app, citizen, { caption: 'Offensive report to remove' });
    const keys = await imageKeys(post._id);
    const res = await app.inject({ method: 'DELETE', url: `/api/admin/deletePosts/${post._id}`, headers: admin.auth });
    expect(res.json()).toEqual({ message: 'Post deleted' });
    expect(await stored(keys)).toEqual(keys.map(() => false));
    expect(await latestAudit()).toMatchObject({ action: 'deletePost', targetType: 'post', targetId: post._id });
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/deletePosts/${post._id}`, headers: admin.auth })).statusCode).toBe(404);
  });

  it("an admin deleting someone's comment or reply is audited", async () => {
    const citizen = await signupCitizen(app, 'Loud Commenter');
    const post = await createPost(app, citizen);
    const c = await comment(citizen, post._id, 'Rude words');
    const res = await app.inject({ method: 'DELETE', url: '/api/posts/deleteComment', headers: admin.auth, payload: { postId: post._id, commentId: c } });
    expect(res.statusCode).toBe(200);
    expect(await latestAudit()).toMatchObject({ action: 'deleteComment', targetType: 'comment', targetId: c, targetLabel: 'Loud Commenter: Rude words' });
  });
});

describe('audit log', () => {
  it('pages newest first', async () => {
    const first = await get<{ entries: AuditEntry[]; nextCursor: string | null }>('/api/admin/audit?limit=2');
    expect(first.entries).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const second = await get<{ entries: AuditEntry[] }>(`/api/admin/audit?limit=2&cursor=${first.nextCursor}`);
    expect(second.entries[0]!._id < first.entries[1]!._id).toBe(true);
  });

  it("one admin's actions alone (actor=), newest first and paged; an unknown actor has none; a too-long one is refused", async () => {
    // A second admin, as `npm run admin -- create` would make one.
    await app.ctx.services.auth.ensureAdmin({ email: 'second-admin@civicpulse.test', password: 'second-admin-pass', secret: 'second-secret', name: 'Second Admin' });
    const l = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'second-admin@civicpulse.test', password: 'second-admin-pass', secretKey: 'second-secret' } });
    const second = actorFrom(l.json<{ token: string }>().token, 'second-admin@civicpulse.test', 'second-admin-pass');
    const target = await signupGovernment(app, { department: 'Audit Actor Ward' });
    const verify = (by: Actor) => app.inject({ method: 'PUT', url: `/api/admin/verifyGovernment/${target.id}`, headers: by.auth });
    const revoke = (by: Actor) => app.inject({ method: 'PUT', url: `/api/admin/unverifyGovernment/${target.id}`, headers: by.auth, payload: { reason: 'Proof expired' } });
    expect((await verify(second)).statusCode).toBe(200);
    expect((await revoke(admin)).statusCode).toBe(200);
    expect((await verify(second)).statusCode).toBe(200);

    const of = (actor: string, extra = '') =>
      app.inject({ method: 'GET', url: `/api/admin/audit?actor=${encodeURIComponent(actor)}${extra}`, headers: admin.auth }).then((r) => r.json<{ entries: AuditEntry[]; nextCursor: string | null }>());
    const secondOnly = await of(second.id);
    expect(secondOnly.entries.map((e) => [e.action, e.actorName])).toEqual([
      ['verifyGovernment', 'Second Admin'],
      ['verifyGovernment', 'Second Admin'],
    ]);
    const paged = await of(second.id, '&limit=1');
    expect(paged.entries).toHaveLength(1);
    const rest = await of(second.id, `&limit=1&cursor=${paged.nextCursor}`);
    expect(rest.entries.map((e) => e._id)).toEqual([secondOnly.entries[1]!._id]);
    const mine = await of(admin.id);
    expect(mine.entries.length).toBeGreaterThan(0);
    expect(mine.entries.every((e) => e.actorId === admin.id)).toBe(true);
    expect(mine.entries[0]).toMatchObject({ action: 'unverifyGovernment', targetId: target.id });
    expect((await of('f'.repeat(24))).entries).toEqual([]);
    const long = await app.inject({ method: 'GET', url: `/api/admin/audit?actor=${'a'.repeat(65)}`, headers: admin.auth });
    expect(long.statusCode).toBe(400);
    // Still an admin's read only.
    const citizen = await signupCitizen(app, 'Curious Citizen');
    expect((await app.inject({ method: 'GET', url: `/api/admin/audit?actor=${admin.id}`, headers: citizen.auth })).statusCode).toBe(403);
  });
});
