/**
 * Department teams, casework: a report transferred between departments (or to the admin's triage and
 * on), appeals against a fix answered by the head or an admin, response templates, and each member's
 * figures. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROGRESS_TEXTS, TEAM_LIMITS, TEAM_TEXTS, appealsAnswer, postAppealAnswer, teamMetricsAnswer, type HistoryEntry, type Post } from '@civicpulse/shared';
import { actorFrom, advanceTo, createPost, createTestApp, finalForm, loginAdmin, signupCitizen, signupGovernment, uniqueEmail, type Actor, type TestApp } from './helpers/app.js';

let t: TestApp;
let roads: Actor;
let water: Actor;
let citizen: Actor;
let neighbour: Actor;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp();
  roads = await signupGovernment(t.app, { verified: true, department: 'Roads Department' });
  water = await signupGovernment(t.app, { verified: true, department: 'Water Board' });
  citizen = await signupCitizen(t.app, 'Asha Citizen');
  neighbour = await signupCitizen(t.app, 'Ravi Neighbour');
  admin = await loginAdmin(t.app);
}, 60_000);
afterAll(() => t.close());

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: Actor, payload?: unknown) =>
  t.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
const message = (res: { json: <T>() => T }) => res.json<{ message: string }>().message;
const getPost = async (id: string, who: Actor) => (await req('GET', `/api/posts/post/${id}`, who)).json<{ post: Post }>().post;

/** A member of `dept`, invited and joined without email (the invitation row's token is not readable, so through the service). */
async function officerOf(dept: Actor, name: string): Promise<Actor> {
  const email = uniqueEmail('officer');
  const id = await (async () => {
    const r = await req('POST', '/api/gov/team/invites', dept, { email });
    expect(r.statusCode, r.body).toBe(201);
    // The raw token is only in the queued email's payload until it is sent.
    const row = await t.app.ctx.database.db.selectFrom('mail_outbox').select('payload').where('to_address', '=', email).executeTakeFirstOrThrow();
    return (JSON.parse(row.payload!) as { token: string }).token;
  })();
  expect((await req('POST', `/api/gov/team/join/${id}`, undefined, { name, password: 'officer-pass' })).statusCode).toBe(201);
  const login = await req('POST', '/api/gov/login', undefined, { officialEmail: email, password: 'officer-pass' });
  return actorFrom(login.json<{ token: string }>().token, email, 'officer-pass');
}

async function rejectFix(postId: string, dept: Actor, reason: string) {
  await advanceTo(t.app, dept, postId, 'Waiting for User Verification');
  const r = await req('PUT', `/api/user/rejectResolution/${postId}`, citizen, { reason });
  expect(r.statusCode, r.body).toBe(200);
}

describe('transfers', () => {
  it('a department hands a report to the responsible one: the chain is on the timeline and both sides are told', async () => {
    const post = await createPost(t.app, citizen, { caption: 'Burst water main flooding the road' });
    await advanceTo(t.app, roads, post._id, 'Work Started');
    // The reason is required, the target must be a verified department other than its own.
    expect(message(await req('PUT', `/api/gov/transfer/${post._id}`, roads, { departmentId: water.id, reason: '  ' }))).toBe(TEAM_TEXTS.transferReasonRequired);
    expect(message(await req('PUT', `/api/gov/transfer/${post._id}`, roads, { departmentId: roads.id, reason: 'x' }))).toBe(TEAM_TEXTS.transferTargetInvalid);
    expect((await req('PUT', `/api/gov/transfer/${post._id}`, roads, { departmentId: citizen.id, reason: 'x' })).statusCode).toBe(400);
    // Another department cannot move it away.
    const foreign = await req('PUT', `/api/gov/transfer/${post._id}`, water, { departmentId: water.id, reason: 'mine now' });
    expect(foreign.statusCode).toBe(403);
    expect(message(foreign)).toBe(TEAM_TEXTS.transferNotYours);
    // The directory offers verified departments, not one's own.
    const dir = (await req('GET', '/api/gov/departments?q=water', roads)).json<{ departments: Array<{ _id: string }> }>().departments;
    expect(dir.map((d) => d._id)).toEqual([water.id]);

    const moved = await req('PUT', `/api/gov/transfer/${post._id}`, roads, { departmentId: water.id, reason: 'Water mains are the Water Board\u2019s' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(message(moved)).toBe(TEAM_TEXTS.transferred('Water Board'));
    const seen = await getPost(post._id, citizen);
    expect(seen.progressState).toBe('Problem Seen');
    const transfer = seen.history!.find((h: HistoryEntry) => h.action === 'transfer')!;
    expect(transfer).toMatchObject({ actor: { name: 'Roads Department' }, target: { _id: water.id, name: 'Water Board' }, note: 'Water mains are the Water Board\u2019s', from: 'Work Started', to: 'Problem Seen' });
    // The public timeline shows the chain too.
    expect((await req('GET', `/api/public/posts/${post._id}`)).body).toContain('Water Board');
    // The reporter and the receiving department are told.
    const told = (await req('GET', '/api/notifications', citizen)).json<{ notifications: Array<{ title: string; message: string }> }>().notifications;
    expect(told[0]).toMatchObject({ title: 'Report transferred' });
    expect(told[0]!.message).toContain('Water Board');
    const incoming = (await req('GET', '/api/notifications', water)).json<{ notifications: Array<{ title: string }> }>().notifications;
    expect(incoming[0]!.title).toBe('Report transferred to you');
    // Water holds it now (View Progress); Roads no longer may move it.
    const list = (await req('GET', '/api/gov/allPosts?scope=assigned&limit=50', water)).json<{ posts: Post[] }>().posts;
    expect(list.map((p) => p._id)).toContain(post._id);
    expect((await req('PUT', `/api/gov/progressState/${post._id}`, roads)).statusCode).toBe(409);
    expect((await req('PUT', `/api/gov/progressState/${post._id}`, water)).statusCode).toBe(200);
  });

  it('to the admin triage queue and on: off every View Issues meanwhile; an admin sends it to the right department', async () => {
    const post = await createPost(t.app, citizen, { caption: 'Tree fallen across the lane' });
    await advanceTo(t.app, roads, post._id, 'Problem Seen');
    expect((await req('PUT', `/api/gov/transfer/${post._id}`, roads, { departmentId: null, reason: 'Not sure whose this is' })).statusCode).toBe(200);
    expect((await getPost(post._id, citizen)).progressState).toBe('Unseen');
    const triage = (await req('GET', '/api/admin/triage', admin)).json<{ posts: Post[] }>().posts;
    expect(triage.map((p) => p._id)).toContain(post._id);
    expect((await req('GET', '/api/admin/triage', roads)).statusCode).toBe(403);
    // An unassigned report routed nowhere: no department can take it meanwhile? It is Unseen and anyone may take it over;
    // the admin routes it instead.
    const sent = await req('PUT', `/api/admin/triage/${post._id}`, admin, { departmentId: water.id, reason: 'Trees are with the Water Board\u2019s gardens wing' });
    expect(sent.statusCode, sent.body).toBe(200);
    const after = await getPost(post._id, water);
    expect(after).toMatchObject({ progressState: 'Problem Seen' });
    expect(after.history!.filter((h) => h.action === 'transfer').map((h) => h.target?.name ?? 'triage')).toEqual(['triage', 'Water Board']);
    expect((await req('GET', '/api/admin/triage', admin)).json<{ posts: Post[] }>().posts.map((p) => p._id)).not.toContain(post._id);
    // Out of triage now: a second routing is refused.
    expect((await req('PUT', `/api/admin/triage/${post._id}`, admin, { departmentId: roads.id, reason: 'again' })).statusCode).toBe(409);
  });

  it('never once the reporter is asked to verify, and never with bad input', async () => {
    const post = await createPost(t.app, citizen, { caption: 'Drain cover missing' });
    await advanceTo(t.app, roads, post._id, 'Waiting for User Verification');
    const late = await req('PUT', `/api/gov/transfer/${post._id}`, roads, { departmentId: water.id, reason: 'x' });
    expect(late.statusCode).toBe(409);
    expect(message(late)).toBe(TEAM_TEXTS.transferNotNow);
    for (const payload of [{}, { departmentId: 5, reason: 'x' }, { departmentId: 'a\u0000b', reason: 'x' }, { departmentId: water.id, reason: 'x'.repeat(501) }, { departmentId: water.id }]) {
      const r = await req('PUT', `/api/gov/transfer/${post._id}`, roads, payload);
      expect(r.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(r.statusCode, JSON.stringify(payload)).toBeLessThan(500);
    }
  });
});

describe('appeals', () => {
  it('after two rejected fixes the reporter appeals; the head answers; upheld reopens the work, on the timeline', async () => {
    const officer = await officerOf(roads, 'Appeal Officer');
    const post = await createPost(t.app, citizen, { caption: 'Speed breaker half built' });
    await advanceTo(t.app, roads, post._id, 'Problem Seen');
    await rejectFix(post._id, roads, 'Still half built');
    // One rejection is not enough.
    const early = await req('POST', `/api/user/appeal/${post._id}`, citizen, { reason: 'Nothing changes' });
    expect(early.statusCode).toBe(409);
    expect(message(early)).toBe(TEAM_TEXTS.appealNotAllowed);
    await rejectFix(post._id, roads, 'Still not done');
    expect((await req('GET', `/api/posts/post/${post._id}/appeal`, citizen)).json()).toEqual({ appeal: null, canAppeal: true });
    expect((await req('POST', `/api/user/appeal/${post._id}`, neighbour, { reason: 'me too' })).statusCode).toBe(403);
    expect((await req('POST', `/api/user/appeal/${post._id}`, citizen, { reason: '   ' })).statusCode).toBe(400);
    const appealed = await req('POST', `/api/user/appeal/${post._id}`, citizen, { reason: 'Two fixes and it is still dangerous' });
    expect(appealed.statusCode, appealed.body).toBe(201);
    expect(message(appealed)).toBe(TEAM_TEXTS.appealed);
    expect((await req('POST', `/api/user/appeal/${post._id}`, citizen, { reason: 'again' })).statusCode).toBe(409);

    // The department has a member, so its head answers, within the appeal's own service level.
    const read = await req('GET', `/api/posts/post/${post._id}/appeal`, roads);
    expect(postAppealAnswer.strict().safeParse(read.json()).success, read.body).toBe(true);
    const appeal = read.json<{ appeal: { handler: string; status: string; dueAt: string; overdue: boolean } }>().appeal;
    expect(appeal).toMatchObject({ handler: 'head', status: 'open', overdue: false });
    expect(Date.parse(appeal.dueAt) - Date.now()).toBeGreaterThan((TEAM_LIMITS.appealDays - 1) * 86_400_000);
    const open = await req('GET', '/api/gov/appeals', roads);
    expect(appealsAnswer.strict().safeParse(open.json()).success).toBe(true);
    expect(open.json<{ appeals: Array<{ postId: string }> }>().appeals.map((a) => a.postId)).toContain(post._id);
    expect((await req('GET', `/api/posts/post/${post._id}/appeal`, neighbour)).statusCode).toBe(403);
    // An officer is not the head; another department is not this one.
    const notHead = await req('PUT', `/api/gov/appeal/${post._id}`, officer, { outcome: 'upheld', response: 'ok' });
    expect(notHead.statusCode).toBe(403);
    expect(message(notHead)).toBe(TEAM_TEXTS.appealNotYours);
    expect((await req('PUT', `/api/gov/appeal/${post._id}`, water, { outcome: 'upheld', response: 'ok' })).statusCode).toBe(403);
    expect(message(await req('PUT', `/api/gov/appeal/${post._id}`, roads, { outcome: 'maybe', response: 'ok' }))).toBe(TEAM_TEXTS.appealOutcomeInvalid);

    const answered = await req('PUT', `/api/gov/appeal/${post._id}`, roads, { outcome: 'upheld', response: 'A senior engineer will redo it this week' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect((await req('PUT', `/api/gov/appeal/${post._id}`, roads, { outcome: 'dismissed', response: 'no' })).statusCode).toBe(409);
    const timeline = (await getPost(post._id, citizen)).history!;
    expect(timeline.slice(-2).map((h) => [h.action, h.outcome ?? null])).toEqual([
      ['appeal', null],
      ['appealAnswer', 'upheld'],
    ]);
    expect(timeline.at(-1)!.note).toBe('A senior engineer will redo it this week');
    const told = (await req('GET', '/api/notifications', citizen)).json<{ notifications: Array<{ title: string }> }>().notifications;
    expect(told[0]!.title).toBe('Your appeal was answered');
  });

  it('a "Not satisfied" rating opens an appeal too; a one-person department\u2019s appeal goes to the admins, and upheld reopens a finished report', async () => {
    const solo = await signupGovernment(t.app, { verified: true, department: 'Solo Ward Office' });
    const post = await createPost(t.app, citizen, { caption: 'Garbage dump behind the school' });
    await advanceTo(t.app, solo, post._id, 'Waiting for User Verification');
    expect((await req('PUT', `/api/user/verifyPost/${post._id}`, citizen, { rating: 'notSatisfied', comment: 'Moved, not removed' })).statusCode).toBe(200);
    expect((await req('POST', `/api/user/appeal/${post._id}`, citizen, { reason: 'They only moved the garbage' })).statusCode).toBe(201);
    const mine = (await req('GET', `/api/posts/post/${post._id}/appeal`, citizen)).json<{ appeal: { handler: string } }>().appeal;
    expect(mine.handler).toBe('admin');
    expect((await req('PUT', `/api/gov/appeal/${post._id}`, solo, { outcome: 'dismissed', response: 'done' })).statusCode).toBe(403);
    expect((await req('GET', '/api/admin/appeals', admin)).json<{ appeals: Array<{ postId: string }> }>().appeals.map((a) => a.postId)).toContain(post._id);
    const before = (await req('GET', '/api/gov/me', solo)).json<{ resolvedIssuesCount: number }>().resolvedIssuesCount;
    const upheld = await req('PUT', `/api/admin/appeal/${post._id}`, admin, { outcome: 'upheld', response: 'The site must be cleared, not moved' });
    expect(upheld.statusCode, upheld.body).toBe(200);
    const after = await getPost(post._id, solo);
    expect(after.progressState).toBe('Work Started');
    expect((await req('GET', '/api/gov/me', solo)).json<{ resolvedIssuesCount: number }>().resolvedIssuesCount).toBe(before - 1);
    // The department finishes the work again.
    expect((await req('PUT', `/api/gov/progressState/${post._id}`, solo)).statusCode).toBe(200);
    const final = await finalForm('Cleared and fenced');
    expect((await t.app.inject({ method: 'PUT', url: `/api/gov/updateFinalWork/${post._id}`, headers: { ...solo.auth, ...final.headers }, payload: final.payload })).statusCode).toBe(200);
  });
});

describe('response templates and member figures', () => {
  it('heads keep templates; every member reads them; bad input is refused', async () => {
    const officer = await officerOf(roads, 'Template Officer');
    const made = await req('POST', '/api/gov/templates', roads, { title: ' Crew booked ', body: 'A repair crew is booked for this week.' });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<{ template: { _id: string; title: string } }>().template._id;
    expect(made.json<{ template: { title: string } }>().template.title).toBe('Crew booked');
    expect((await req('POST', '/api/gov/templates', officer, { title: 'x', body: 'y' })).statusCode).toBe(403);
    expect((await req('GET', '/api/gov/templates', officer)).json<{ templates: Array<{ _id: string }> }>().templates.map((x) => x._id)).toContain(id);
    expect((await req('GET', '/api/gov/templates', water)).json<{ templates: unknown[] }>().templates).toEqual([]);
    expect((await req('PUT', `/api/gov/templates/${id}`, water, { title: 'x', body: 'y' })).statusCode).toBe(404);
    for (const payload of [{}, { title: '', body: 'b' }, { title: 't', body: '' }, { title: 'x'.repeat(81), body: 'b' }, { title: 't', body: 'x'.repeat(1001) }, { title: 't\u0000', body: 'b' }]) {
      const r = await req('POST', '/api/gov/templates', roads, payload);
      expect(r.statusCode, JSON.stringify(payload).slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(r.statusCode).toBeLessThan(500);
    }
    expect((await req('PUT', `/api/gov/templates/${id}`, roads, { title: 'Crew booked', body: 'Crew booked for Monday.' })).json<{ template: { body: string } }>().template.body).toBe('Crew booked for Monday.');
    expect((await req('DELETE', `/api/gov/templates/${id}`, roads)).statusCode).toBe(200);
    expect((await req('DELETE', `/api/gov/templates/${id}`, roads)).statusCode).toBe(404);
  });

  it('each member: taken, resolved, median time, rejected fixes', async () => {
    const dept = await signupGovernment(t.app, { verified: true, department: 'Figures Department' });
    const meera = await officerOf(dept, 'Meera Figures');
    const a = await createPost(t.app, citizen, { caption: 'Figures report one' });
    const b = await createPost(t.app, citizen, { caption: 'Figures report two' });
    // Meera takes both over (assigned to her); one fix is rejected, then confirmed; the other confirmed at once.
    for (const p of [a, b]) expect((await req('PUT', `/api/gov/progressState/${p._id}`, meera)).statusCode).toBe(200);
    await advanceTo(t.app, meera, a._id, 'Waiting for User Verification');
    expect((await req('PUT', `/api/user/rejectResolution/${a._id}`, citizen, { reason: 'Not fixed' })).statusCode).toBe(200);
    await advanceTo(t.app, meera, a._id, 'Waiting for User Verification');
    await advanceTo(t.app, meera, b._id, 'Waiting for User Verification');
    for (const p of [a, b]) expect((await req('PUT', `/api/user/verifyPost/${p._id}`, citizen)).statusCode).toBe(200);
    const res = await req('GET', '/api/gov/team/metrics', dept);
    expect(teamMetricsAnswer.strict().safeParse(res.json()).success, res.body).toBe(true);
    const figures = res.json<{ members: Array<{ name: string; taken: number; resolved: number; rejectedFixes: number; medianHours: number | null }> }>().members;
    const m = figures.find((f) => f.name === 'Meera Figures')!;
    expect(m).toMatchObject({ taken: 2, resolved: 2, rejectedFixes: 1 });
    expect(m.medianHours).not.toBeNull();
    expect(m.medianHours!).toBeLessThan(1);
    expect(figures.find((f) => f.name === 'Figures Department')).toMatchObject({ taken: 0, resolved: 0, rejectedFixes: 0, medianHours: null });
    expect(PROGRESS_TEXTS.onlyAuthor).toBeTruthy();
  });
});
