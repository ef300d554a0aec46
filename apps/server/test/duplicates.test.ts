/**
 * Duplicate reports: a department holding either report (or an admin) marks a report as a duplicate of
 * another; its voters and followers move to the original (never a second vote), both timelines say so,
 * its reporter is told, and it is reversible (only what the mark added is taken back). Counters are
 * checked against the rows; two marks at once end with one applied. Runs on SQLite, and on PostgreSQL
 * with TEST_DATABASE_URL (where the racing marks run side by side on the pool).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUPLICATE_TEXTS, PROGRESS_TEXTS, type Post, type PublicPost } from '@civicpulse/shared';
import { SHARED_HI } from '@civicpulse/shared/i18n/hi';
import { advanceTo, createPost, createTestApp, loginAdmin, signupCitizen, signupGovernment, type Actor, type TestApp } from './helpers/app.js';

let t: TestApp;
let roads: Actor;
let water: Actor;
let pending: Actor;
let reporter: Actor;
let neighbour: Actor;
let voters: Actor[];
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp();
  roads = await signupGovernment(t.app, { verified: true, department: 'Roads Department' });
  water = await signupGovernment(t.app, { verified: true, department: 'Water Board' });
  pending = await signupGovernment(t.app, { department: 'Pending Department' });
  reporter = await signupCitizen(t.app, 'Asha Reporter');
  neighbour = await signupCitizen(t.app, 'Ravi Neighbour');
  voters = [];
  for (const name of ['Voter One', 'Voter Two', 'Voter Three', 'Voter Four']) voters.push(await signupCitizen(t.app, name));
  admin = await loginAdmin(t.app);
}, 60_000);
afterAll(() => t.close());

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: Actor, payload?: unknown) =>
  t.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
const message = (res: { json: <T>() => T }) => res.json<{ message: string }>().message;
const getPost = async (id: string, who: Actor = admin) => (await req('GET', `/api/posts/post/${id}`, who)).json<{ post: Post }>().post;
const vote = async (who: Actor, postId: string, type: 'upvote' | 'downvote') => {
  const r = await req('PUT', '/api/posts/votePost', who, { postId, type });
  expect(r.statusCode, r.body).toBe(200);
};
const follow = async (who: Actor, postId: string) => expect((await req('PUT', `/api/posts/${postId}/follow`, who)).statusCode).toBe(200);
const mark = (who: Actor, id: string, originalId: unknown) => req('POST', `/api/posts/post/${id}/duplicate`, who, { originalId });
const unmark = (who: Actor, id: string) => req('DELETE', `/api/posts/post/${id}/duplicate`, who);

/** The kept counters of a report, and what its rows say. */
async function counters(postId: string) {
  const db = t.app.ctx.database.db;
  const row = await db.selectFrom('posts').select(['upvote_count', 'downvote_count', 'follower_count']).where('id', '=', postId).executeTakeFirstOrThrow();
  const votes = await db.selectFrom('votes').select(['type']).where('post_id', '=', postId).execute();
  const follows = await db.selectFrom('follows').select('account_id').where('post_id', '=', postId).execute();
  return {
    kept: { up: Number(row.upvote_count), down: Number(row.downvote_count), followers: Number(row.follower_count) },
    rows: { up: votes.filter((v) => v.type === 'upvote').length, down: votes.filter((v) => v.type === 'downvote').length, followers: follows.length },
  };
}
async function expectCounts(postId: string, want: { up: number; down: number; followers: number }) {
  const c = await counters(postId);
  expect(c.kept).toEqual(c.rows);
  expect(c.kept).toEqual(want);
}
async function notifications(who: Actor) {
  return (await req('GET', '/api/notifications', who)).json<{ notifications: Array<{ title: string; message: string }> }>().notifications;
}

describe('marking a duplicate and taking it back', () => {
  it('moves votes and followers to the original without double votes, says so on both timelines, tells the reporter, and reverses exactly', async () => {
    const [v1, v2, v3, v4] = voters as [Actor, Actor, Actor, Actor];
    const duplicate = await createPost(t.app, reporter, { caption: 'Pothole again near the bus stop' });
    await advanceTo(t.app, roads, duplicate._id, 'Problem Seen');
    const original = await createPost(t.app, neighbour, { caption: 'Deep pothole near the bus stop' });
    const originalRef = (await getPost(original._id)).reference;
    const duplicateRef = (await getPost(duplicate._id)).reference;
    // On the duplicate: v1 up, v2 down, v3 up, v4 up. On the original already: v3 up (same), v4 down (other type).
    await vote(v1, duplicate._id, 'upvote');
    await vote(v2, duplicate._id, 'downvote');
    await vote(v3, duplicate._id, 'upvote');
    await vote(v4, duplicate._id, 'upvote');
    await vote(v3, original._id, 'upvote');
    await vote(v4, original._id, 'downvote');
    await follow(v1, duplicate._id);
    await follow(v3, duplicate._id);
    await follow(v3, original._id);
    // Reporters follow their own reports from the start.
    await expectCounts(duplicate._id, { up: 3, down: 1, followers: 3 });
    await expectCounts(original._id, { up: 1, down: 1, followers: 2 });

    const marked = await mark(roads, duplicate._id, originalRef);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(message(marked)).toBe(DUPLICATE_TEXTS.marked(originalRef));
    expect(marked.json<{ post: Post }>().post.duplicateOf).toEqual({ _id: original._id, reference: originalRef });
    // v1 (up) and v2 (down) added; v3 already had the same vote, v4 keeps its own downvote: no second vote.
    await expectCounts(original._id, { up: 2, down: 2, followers: 4 });
    // The duplicate keeps its own votes and followers as they were.
    await expectCounts(duplicate._id, { up: 3, down: 1, followers: 3 });

    const dupPost = await getPost(duplicate._id, reporter);
    expect(dupPost.duplicateOf).toEqual({ _id: original._id, reference: originalRef });
    expect(dupPost.history!.at(-1)).toMatchObject({ action: 'duplicate', actor: { name: 'Roads Department' }, target: { _id: original._id, name: originalRef } });
    const origPost = await getPost(original._id, neighbour);
    expect(origPost.duplicateOf).toBeUndefined();
    expect(origPost.history!.at(-1)).toMatchObject({ action: 'merged', target: { _id: duplicate._id, name: duplicateRef } });
    // The public page shows the banner's facts and the timeline too.
    const pub = (await req('GET', `/api/public/posts/${duplicate._id}`)).json<{ post: PublicPost }>().post;
    expect(pub.duplicateOf).toEqual({ _id: original._id, reference: originalRef });
    expect(pub.history.at(-1)).toMatchObject({ action: 'duplicate', target: { name: originalRef } });
    // The reporter is told.
    expect((await notifications(reporter))[0]).toMatchObject({ title: 'Report marked as a duplicate' });
    expect((await notifications(reporter))[0]!.message).toContain(originalRef);

    // A duplicate takes no votes.
    const refused = await req('PUT', '/api/posts/votePost', neighbour, { postId: duplicate._id, type: 'upvote' });
    expect(refused.statusCode).toBe(409);
    expect(message(refused)).toBe(DUPLICATE_TEXTS.voteOnDuplicate);
    await expectCounts(duplicate._id, { up: 3, down: 1, followers: 3 });

    // Meanwhile v1 changes the vote the mark gave them: it is theirs now and stays.
    await vote(v1, original._id, 'downvote');
    await expectCounts(original._id, { up: 1, down: 3, followers: 4 });

    const back = await unmark(roads, duplicate._id);
    expect(back.statusCode, back.body).toBe(200);
    expect(message(back)).toBe(DUPLICATE_TEXTS.unmarked);
    expect(back.json<{ post: Post }>().post.duplicateOf).toBeUndefined();
    // v2's moved downvote and the two moved follows (reporter, v1) are taken back; v1's own vote stays.
    await expectCounts(original._id, { up: 1, down: 2, followers: 2 });
    await expectCounts(duplicate._id, { up: 3, down: 1, followers: 3 });
    expect((await getPost(duplicate._id)).history!.at(-1)).toMatchObject({ action: 'notDuplicate', target: { _id: original._id, name: originalRef } });
    expect((await getPost(original._id)).history!.at(-1)).toMatchObject({ action: 'unmerged', target: { _id: duplicate._id, name: duplicateRef } });
    expect((await notifications(reporter))[0]).toMatchObject({ title: 'No longer a duplicate' });
    const moves = await t.app.ctx.database.db.selectFrom('duplicate_moves').selectAll().where('duplicate_id', '=', duplicate._id).execute();
    expect(moves).toEqual([]);
    // Voting works again; un-marking twice is refused.
    await vote(neighbour, duplicate._id, 'upvote');
    const again = await unmark(roads, duplicate._id);
    expect(again.statusCode).toBe(409);
    expect(message(again)).toBe(DUPLICATE_TEXTS.notDuplicate);
  });

  it('takes the original as a reference number, a link or an id', async () => {
    const a = await createPost(t.app, reporter);
    const b = await createPost(t.app, neighbour);
    const link = `https://civicpulse.example/post/${b._id}?from=feed`;
    const r = await mark(admin, a._id, link);
    expect(r.statusCode, r.body).toBe(200);
    expect((await unmark(admin, a._id)).statusCode).toBe(200);
    const byId = await mark(admin, a._id, b._id.toUpperCase());
    expect(byId.statusCode, byId.body).toBe(200);
    expect((await unmark(admin, a._id)).statusCode).toBe(200);
    const ref = (await getPost(b._id)).reference;
    // In Hindi for a Hindi reader, like every answer.
    const hindi = await t.app.inject({ method: 'POST', url: `/api/posts/post/${a._id}/duplicate`, headers: { ...admin.auth, 'accept-language': 'hi' }, payload: { originalId: `  ${ref.toLowerCase()}  ` } });
    expect(hindi.statusCode, hindi.body).toBe(200);
    expect(message(hindi)).toBe(SHARED_HI.DUPLICATE_TEXTS.marked(ref));
    const refused = await t.app.inject({ method: 'PUT', url: '/api/posts/votePost', headers: { ...neighbour.auth, 'accept-language': 'hi' }, payload: { postId: a._id, type: 'upvote' } });
    expect(message(refused)).toBe(SHARED_HI.DUPLICATE_TEXTS.voteOnDuplicate);
  });
});

describe('who may mark', () => {
  it('an admin, or a verified department holding either report; nobody else', async () => {
    const duplicate = await createPost(t.app, reporter);
    await advanceTo(t.app, roads, duplicate._id, 'Problem Seen');
    const original = await createPost(t.app, neighbour);
    const citizen = await mark(reporter, duplicate._id, original._id);
    expect(citizen.statusCode).toBe(403);
    const other = await mark(water, duplicate._id, original._id);
    expect(other.statusCode).toBe(403);
    expect(message(other)).toBe(DUPLICATE_TEXTS.notAllowed);
    const unverified = await mark(pending, duplicate._id, original._id);
    expect(unverified.statusCode).toBe(403);
    expect(message(unverified)).toBe(PROGRESS_TEXTS.pendingVerification);
    expect((await req('POST', `/api/posts/post/${duplicate._id}/duplicate`, undefined, { originalId: original._id })).statusCode).toBe(401);
    await expectCounts(original._id, { up: 0, down: 0, followers: 1 });

    // The department holding the original may mark a report as its duplicate, and take it back.
    const heldOriginal = await createPost(t.app, neighbour);
    await advanceTo(t.app, water, heldOriginal._id, 'Problem Seen');
    const byOriginalsDept = await mark(water, duplicate._id, heldOriginal._id);
    expect(byOriginalsDept.statusCode, byOriginalsDept.body).toBe(200);
    expect((await unmark(reporter, duplicate._id)).statusCode).toBe(403);
    const foreignUnmark = await unmark(await signupGovernment(t.app, { verified: true, department: 'Parks' }), duplicate._id);
    expect(foreignUnmark.statusCode).toBe(403);
    expect((await unmark(water, duplicate._id)).statusCode).toBe(200);
    // An admin may always.
    expect((await mark(admin, duplicate._id, original._id)).statusCode).toBe(200);
    expect((await unmark(admin, duplicate._id)).statusCode).toBe(200);
  });
});

describe('refusals', () => {
  it('refuses bad input with a clear 4xx on every engine, and changes nothing', async () => {
    const a = await createPost(t.app, reporter);
    const b = await createPost(t.app, neighbour);
    const c = await createPost(t.app, neighbour);
    const cases: Array<[unknown, number, string?]> = [
      [a._id, 400, DUPLICATE_TEXTS.self],
      ['', 400, DUPLICATE_TEXTS.originalRequired],
      ['   ', 400, DUPLICATE_TEXTS.originalRequired],
      [undefined, 400, DUPLICATE_TEXTS.originalRequired],
      ['x'.repeat(301), 400, DUPLICATE_TEXTS.originalTooLong],
      [1e308, 400],
      [Number.MAX_SAFE_INTEGER * 4, 400],
      [-0.5, 400],
      [{ id: b._id }, 400],
      [[b._id], 400],
      ['CP-MH-2026-999999', 404, DUPLICATE_TEXTS.originalNotFound],
      ['CP-MH-2026-99999999999999999999999', 404, DUPLICATE_TEXTS.originalNotFound],
      ['ffffffffffffffffffffffff', 404, DUPLICATE_TEXTS.originalNotFound],
      ['not a report', 404, DUPLICATE_TEXTS.originalNotFound],
      // NUL never reaches a query (the request's text check refuses it on both engines).
      [`${b._id}\u0000`, 400],
      ['\u0000', 400],
    ];
    for (const [originalId, status, text] of cases) {
      const r = await mark(admin, a._id, originalId);
      expect(r.statusCode, `${JSON.stringify(originalId)}: ${r.body}`).toBe(status);
      if (text) expect(message(r)).toBe(text);
    }
    expect((await req('POST', `/api/posts/post/${a._id}/duplicate`, admin)).statusCode).toBe(400);
    expect((await mark(admin, 'ffffffffffffffffffffffff', b._id)).statusCode).toBe(404);
    expect((await mark(admin, `${a._id}\u0000`, b._id)).statusCode).toBeLessThan(500);
    expect((await mark(admin, 'x'.repeat(65), b._id)).statusCode).toBe(400);
    expect((await unmark(admin, 'ffffffffffffffffffffffff')).statusCode).toBe(404);
    expect((await unmark(admin, `${a._id}\u0000`)).statusCode).toBeLessThan(500);

    // No chains: a duplicate cannot be an original, a report with duplicates cannot become one, no second mark.
    expect((await mark(admin, a._id, b._id)).statusCode).toBe(200);
    const chainUp = await mark(admin, c._id, a._id);
    expect(chainUp.statusCode).toBe(409);
    expect(message(chainUp)).toBe(DUPLICATE_TEXTS.originalIsDuplicate);
    const chainDown = await mark(admin, b._id, c._id);
    expect(chainDown.statusCode).toBe(409);
    expect(message(chainDown)).toBe(DUPLICATE_TEXTS.hasDuplicates);
    const twice = await mark(admin, a._id, c._id);
    expect(twice.statusCode).toBe(409);
    expect(message(twice)).toBe(DUPLICATE_TEXTS.alreadyDuplicate);
    expect((await getPost(a._id)).duplicateOf?._id).toBe(b._id);
  });

  it('refuses finished reports', async () => {
    const done = await createPost(t.app, reporter);
    await advanceTo(t.app, roads, done._id, 'Waiting for User Verification');
    expect((await req('PUT', `/api/user/verifyPost/${done._id}`, reporter)).statusCode).toBe(200);
    const open = await createPost(t.app, neighbour);
    const r1 = await mark(admin, done._id, open._id);
    expect(r1.statusCode).toBe(409);
    expect(message(r1)).toBe(DUPLICATE_TEXTS.finished);
    expect((await mark(admin, open._id, done._id)).statusCode).toBe(409);
  });

  it('a deleted original leaves the duplicate unmarked and nothing behind', async () => {
    const a = await createPost(t.app, reporter);
    const b = await createPost(t.app, neighbour);
    await vote(voters[0]!, a._id, 'upvote');
    expect((await mark(admin, a._id, b._id)).statusCode).toBe(200);
    const del = await req('DELETE', `/api/admin/deletePosts/${b._id}`, admin, { reason: 'Test cleanup' });
    expect(del.statusCode, del.body).toBe(200);
    expect((await getPost(a._id)).duplicateOf).toBeUndefined();
    const moves = await t.app.ctx.database.db.selectFrom('duplicate_moves').selectAll().where('duplicate_id', '=', a._id).execute();
    expect(moves).toEqual([]);
    await vote(voters[1]!, a._id, 'upvote');
    await expectCounts(a._id, { up: 2, down: 0, followers: 1 });
  });
});

describe('races', () => {
  it('two marks at once (A→B and B→A): exactly one applies, counters stay right', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await createPost(t.app, reporter);
      const b = await createPost(t.app, neighbour);
      for (const v of voters) {
        await vote(v, a._id, 'upvote');
        await follow(v, b._id);
      }
      const [ab, ba] = await Promise.all([mark(admin, a._id, b._id), mark(admin, b._id, a._id)]);
      expect([ab.statusCode, ba.statusCode].sort()).toEqual([200, 409]);
      const aDup = ab.statusCode === 200;
      const [dup, orig] = aDup ? [a._id, b._id] : [b._id, a._id];
      expect((await getPost(dup)).duplicateOf?._id).toBe(orig);
      expect((await getPost(orig)).duplicateOf).toBeUndefined();
      for (const id of [a._id, b._id]) {
        const c = await counters(id);
        expect(c.kept).toEqual(c.rows);
      }
      // Every voter of A votes once on B when A is the duplicate; B's followers follow A when B is.
      if (aDup) await expectCounts(b._id, { up: 4, down: 0, followers: 6 });
      else await expectCounts(a._id, { up: 4, down: 0, followers: 6 });
      const history = await t.app.ctx.database.db.selectFrom('progress_history').select('action').where('post_id', 'in', [a._id, b._id]).execute();
      expect(history.map((h) => h.action).sort()).toEqual(['duplicate', 'merged']);
    }
  });

  it('two marks of one report at once (A→B and A→C): one applies', async () => {
    const a = await createPost(t.app, reporter);
    const b = await createPost(t.app, neighbour);
    const c = await createPost(t.app, neighbour);
    for (const v of voters) await vote(v, a._id, 'downvote');
    const answers = await Promise.all([mark(admin, a._id, b._id), mark(admin, a._id, c._id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = (await getPost(a._id)).duplicateOf!._id;
    const loser = winner === b._id ? c._id : b._id;
    await expectCounts(winner, { up: 0, down: 4, followers: 2 });
    await expectCounts(loser, { up: 0, down: 0, followers: 1 });
  });

  it('a mark and an un-mark racing votes keep the counters right', async () => {
    const a = await createPost(t.app, reporter);
    const b = await createPost(t.app, neighbour);
    for (const v of voters.slice(0, 2)) await vote(v, a._id, 'upvote');
    const answers = await Promise.all([mark(admin, a._id, b._id), ...voters.map((v) => req('PUT', '/api/posts/votePost', v, { postId: b._id, type: 'downvote' }))]);
    expect(answers[0]!.statusCode).toBe(200);
    const [back] = await Promise.all([unmark(admin, a._id), ...voters.map((v) => req('PUT', '/api/posts/votePost', v, { postId: a._id, type: 'upvote' }))]);
    expect(back.statusCode).toBe(200);
    for (const id of [a._id, b._id]) {
      const cnt = await counters(id);
      expect(cnt.kept).toEqual(cnt.rows);
    }
  });
});
