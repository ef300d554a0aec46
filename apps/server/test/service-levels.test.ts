/**
 * Issue 16 items 6 and 7: service levels with a controllable clock (no sleeping), escalation, the
 * admins' edits, the reporter's rating and the department figures and ranking. On both engines
 * (TEST_DATABASE_URL for PostgreSQL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_SERVICE_LEVELS,
  RATING_TEXTS,
  SERVICE_LEVEL_TEXTS,
  type DepartmentMetrics,
  type NotificationItem,
  type Post,
  type RankingAnswer,
  type ServiceLevel,
} from '@civicpulse/shared';
import { ManualClock } from '../src/lib/clock.js';
import { advanceTo, createPost, createTestApp, loginAdmin, signupCitizen, signupGovernment, type Actor, type TestApp } from './helpers/app.js';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const clock = new ManualClock();
let t: TestApp;
let citizen: Actor;
let stranger: Actor;
let dept: Actor;
let rival: Actor;
let admin: Actor;

beforeAll(async () => {
  // No periodic sweep: the tests run it themselves, at the times they choose.
  t = await createTestApp({ SLA_SWEEP_INTERVAL_MS: '0' }, { clock });
  citizen = await signupCitizen(t.app, 'Reporter');
  stranger = await signupCitizen(t.app, 'Stranger');
  dept = await signupGovernment(t.app, { verified: true, department: 'Sanitation Department' });
  rival = await signupGovernment(t.app, { verified: true, department: 'Roads Department' });
  admin = await loginAdmin(t.app);
});
afterAll(async () => {
  await t.close();
});

const get = (actor: Actor | null, url: string) => t.app.inject({ method: 'GET', url, headers: actor ? actor.auth : {} });
const put = (actor: Actor, url: string, payload?: unknown) =>
  t.app.inject({ method: 'PUT', url, headers: actor.auth, ...(payload !== undefined ? { payload: payload as object } : {}) });
const load = async (id: string) => (await get(citizen, `/api/posts/post/${id}`)).json<{ post: Post }>().post;
const sweep = () => t.app.ctx.services.serviceLevels.sweepOnce();
const notes = async (actor: Actor, postId: string) =>
  (await get(actor, '/api/notifications?limit=50')).json<{ notifications: NotificationItem[] }>().notifications.filter((n) => n.postId === postId);
/** The service-level notifications an account got about a report. */
const kinds = async (actor: Actor, postId: string) =>
  (await notes(actor, postId))
    .map((n) => n.type)
    .filter((k) => k === 'overdue' || k === 'escalated')
    .sort();
const metricsOf = async (id: string) =>
  (await get(null, `/api/departments/${id}/metrics`)).json<{ metrics: DepartmentMetrics & { rank: number | null } }>().metrics;

describe('the service-level clock', () => {
  it('marks a report overdue only after its level, notifies the department and the admins once, escalates once at twice the time', async () => {
    clock.set(Date.now());
    const level = DEFAULT_SERVICE_LEVELS.garbage.Critical; // response 2 h, resolution 12 h
    const { _id } = await createPost(t.app, citizen, { caption: 'Garbage heap blocking the lane', category: 'garbage', priority: 'Critical' });
    await put(dept, `/api/gov/progressState/${_id}`); // taken at once: only the resolution level counts now
    const filed = Date.parse((await load(_id)).createdAt);
    expect((await load(_id)).serviceLevel).toEqual({
      responseDueAt: new Date(filed + level.responseHours * HOUR).toISOString(),
      resolutionDueAt: new Date(filed + level.resolutionHours * HOUR).toISOString(),
      overdue: false,
      escalated: false,
    });

    clock.set(filed + level.resolutionHours * HOUR - MINUTE);
    await sweep();
    expect((await load(_id)).serviceLevel).toMatchObject({ overdue: false, escalated: false });
    expect(await kinds(dept, _id)).toEqual([]);

    clock.set(filed + level.resolutionHours * HOUR + MINUTE);
    // Read at the time, before any sweep: cards are exact between sweeps.
    expect((await load(_id)).serviceLevel).toMatchObject({ overdue: true, escalated: false });
    expect((await sweep()).marked).toBeGreaterThanOrEqual(1);
    expect(await kinds(dept, _id)).toEqual(['overdue']);
    expect(await kinds(admin, _id)).toEqual(['overdue']);
    expect(await kinds(rival, _id)).toEqual([]);
    expect(await kinds(citizen, _id)).toEqual([]);
    const [note] = (await notes(dept, _id)).filter((n) => n.type === 'overdue');
    expect(note).toMatchObject({ title: 'Report overdue' });
    expect(note!.message).toContain(`not finished within ${level.resolutionHours} h`);

    await sweep();
    expect(await kinds(dept, _id)).toEqual(['overdue']);

    clock.set(filed + 2 * level.resolutionHours * HOUR + MINUTE);
    await sweep();
    expect((await load(_id)).serviceLevel).toMatchObject({ overdue: true, escalated: true });
    expect(await kinds(dept, _id)).toEqual(['escalated', 'overdue']);
    expect(await kinds(admin, _id)).toEqual(['escalated', 'overdue']);

    clock.set(filed + 10 * level.resolutionHours * HOUR);
    await sweep();
    expect(await kinds(dept, _id)).toEqual(['escalated', 'overdue']);
    expect(await kinds(admin, _id)).toEqual(['escalated', 'overdue']);
  });

  it('counts the response level until take-over: an unassigned report notifies the admins, a taken one stops counting', async () => {
    clock.set(Date.now());
    const level = DEFAULT_SERVICE_LEVELS.water.High; // response 4 h
    const late = await createPost(t.app, citizen, { caption: 'No water supply since morning', category: 'water', priority: 'High' });
    const taken = await createPost(t.app, citizen, { caption: 'Water pipe leaking on the road', category: 'water', priority: 'High' });
    const filed = Date.parse((await load(late._id)).createdAt);

    clock.set(filed + level.responseHours * HOUR - MINUTE);
    expect((await put(dept, `/api/gov/progressState/${taken._id}`)).statusCode).toBe(200);
    await sweep();
    expect(await kinds(admin, late._id)).toEqual([]);

    clock.set(filed + level.responseHours * HOUR + MINUTE);
    expect((await load(late._id)).serviceLevel?.overdue).toBe(true);
    expect((await load(taken._id)).serviceLevel?.overdue).toBe(false);
    await sweep();
    expect(await kinds(admin, late._id)).toEqual(['overdue']);
    expect((await notes(admin, late._id)).find((n) => n.type === 'overdue')!.message).toContain(`not taken over within ${level.responseHours} h`);
    expect(await kinds(admin, taken._id)).toEqual([]);
    expect(await kinds(dept, taken._id)).toEqual([]);

    // Taking the late report over stops its response clock: it is on time again until its resolution level.
    expect((await put(rival, `/api/gov/progressState/${late._id}`)).statusCode).toBe(200);
    expect((await load(late._id)).serviceLevel).toMatchObject({ overdue: false, escalated: false });
    clock.set(filed + 2 * level.responseHours * HOUR + MINUTE);
    await sweep();
    expect(await kinds(rival, late._id)).toEqual([]);
    expect(await kinds(admin, late._id)).toEqual(['overdue']);
  });

  it('stops counting at Finished', async () => {
    clock.set(Date.now());
    const level = DEFAULT_SERVICE_LEVELS.toilets.Critical;
    const { _id } = await createPost(t.app, citizen, { caption: 'Public toilet locked all day', category: 'toilets', priority: 'Critical' });
    const filed = Date.parse((await load(_id)).createdAt);
    await advanceTo(t.app, dept, _id, 'Waiting for User Verification');
    expect((await put(citizen, `/api/user/verifyPost/${_id}`)).statusCode).toBe(200);
    clock.set(filed + 3 * level.resolutionHours * HOUR);
    await sweep();
    expect((await load(_id)).serviceLevel).toMatchObject({ overdue: false, escalated: false });
    expect(await kinds(dept, _id)).toEqual([]);
    expect(await kinds(admin, _id)).toEqual([]);
  });
});

describe('a report whose category or priority changes', () => {
  it('gets the new level, counted from the same report time', async () => {
    clock.set(Date.now());
    const { _id } = await createPost(t.app, citizen, { caption: 'Broken bench in the park', category: 'parks', priority: 'Low' });
    const filed = Date.parse((await load(_id)).createdAt);
    expect((await load(_id)).serviceLevel?.resolutionDueAt).toBe(new Date(filed + DEFAULT_SERVICE_LEVELS.parks.Low.resolutionHours * HOUR).toISOString());
    const edited = await put(citizen, `/api/user/editPosts/${_id}`, { category: 'drainage', priority: 'Critical' });
    expect(edited.statusCode).toBe(200);
    expect((await load(_id)).serviceLevel).toMatchObject({
      responseDueAt: new Date(filed + DEFAULT_SERVICE_LEVELS.drainage.Critical.responseHours * HOUR).toISOString(),
      resolutionDueAt: new Date(filed + DEFAULT_SERVICE_LEVELS.drainage.Critical.resolutionHours * HOUR).toISOString(),
    });
    // The sweeper goes by the new level: drainage at Critical wants a take-over within 2 h.
    clock.set(filed + DEFAULT_SERVICE_LEVELS.drainage.Critical.responseHours * HOUR + MINUTE);
    await sweep();
    expect(await kinds(admin, _id)).toEqual(['overdue']);
  });
});

describe('admin edits of service levels', () => {
  it('lists every category x priority with the defaults', async () => {
    const res = await get(admin, '/api/admin/service-levels');
    expect(res.statusCode).toBe(200);
    const levels = res.json<{ levels: ServiceLevel[] }>().levels;
    expect(levels).toHaveLength(12 * 4);
    expect(levels.find((l) => l.category === 'garbage' && l.priority === 'Low')).toMatchObject({ responseHours: 24, resolutionHours: 48, isDefault: true });
  });

  it('changes the due times of open reports of that category and priority, and leaves an audit entry', async () => {
    clock.set(Date.now());
    const open = await createPost(t.app, citizen, { caption: 'Streetlight not working near school', category: 'streetlights', priority: 'Low' });
    const otherPriority = await createPost(t.app, citizen, { caption: 'Streetlight flickering at night', category: 'streetlights', priority: 'High' });
    const filed = Date.parse((await load(open._id)).createdAt);
    const before = (await load(otherPriority._id)).serviceLevel;

    const res = await put(admin, '/api/admin/service-levels', { category: 'streetlights', priority: 'Low', responseHours: 3, resolutionHours: 10 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: SERVICE_LEVEL_TEXTS.saved, level: { category: 'streetlights', priority: 'Low', responseHours: 3, resolutionHours: 10, isDefault: false } });
    expect(res.json<{ recomputed: number }>().recomputed).toBeGreaterThanOrEqual(1);
    expect((await load(open._id)).serviceLevel).toMatchObject({
      responseDueAt: new Date(filed + 3 * HOUR).toISOString(),
      resolutionDueAt: new Date(filed + 10 * HOUR).toISOString(),
    });
    expect((await load(otherPriority._id)).serviceLevel).toEqual(before);

    // The new, shorter level is what the sweeper goes by.
    clock.set(filed + 3 * HOUR + MINUTE);
    await sweep();
    expect(await kinds(admin, open._id)).toEqual(['overdue']);

    // A new report gets it too.
    clock.set(Date.now());
    const fresh = await createPost(t.app, citizen, { caption: 'Streetlight pole fallen', category: 'streetlights', priority: 'Low' });
    const freshFiled = Date.parse((await load(fresh._id)).createdAt);
    expect((await load(fresh._id)).serviceLevel?.resolutionDueAt).toBe(new Date(freshFiled + 10 * HOUR).toISOString());

    const audit = (await get(admin, '/api/admin/audit')).json<{ entries: Array<{ action: string; targetId: string; targetLabel: string }> }>().entries;
    expect(audit.find((e) => e.action === 'editServiceLevel')).toMatchObject({ targetId: 'streetlights/Low' });
    expect(audit.find((e) => e.action === 'editServiceLevel')!.targetLabel).toContain('resolution 168 h → 10 h');
  });

  it('refuses bad values with 400 and changes nothing', async () => {
    const bad = [
      { category: 'garbage', priority: 'Low', responseHours: 0, resolutionHours: 48 },
      { category: 'garbage', priority: 'Low', responseHours: -5, resolutionHours: 48 },
      { category: 'garbage', priority: 'Low', responseHours: 1.5, resolutionHours: 48 },
      { category: 'garbage', priority: 'Low', responseHours: 24, resolutionHours: 8761 },
      { category: 'garbage', priority: 'Low', responseHours: 24, resolutionHours: 2 ** 31 },
      { category: 'garbage', priority: 'Low', responseHours: '24', resolutionHours: 48 },
      { category: 'garbage', priority: 'Low', responseHours: 50, resolutionHours: 48 },
      { category: 'garbage\u0000', priority: 'Low', responseHours: 24, resolutionHours: 48 },
      { category: 'potholes', priority: 'Low', responseHours: 24, resolutionHours: 48 },
      { category: 'garbage', priority: 'low\u0000', responseHours: 24, resolutionHours: 48 },
      { category: 'garbage', priority: 'Urgent', responseHours: 24, resolutionHours: 48 },
      { category: 'garbage', responseHours: 24, resolutionHours: 48 },
    ];
    for (const body of bad) {
      const res = await put(admin, '/api/admin/service-levels', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json<{ message: string }>().message).toBe('string');
    }
    const levels = (await get(admin, '/api/admin/service-levels')).json<{ levels: ServiceLevel[] }>().levels;
    expect(levels.find((l) => l.category === 'garbage' && l.priority === 'Low')).toMatchObject({ responseHours: 24, resolutionHours: 48, isDefault: true });
  });

  it('is for admins only', async () => {
    const body = { category: 'garbage', priority: 'Low', responseHours: 2, resolutionHours: 4 };
    expect((await put(citizen, '/api/admin/service-levels', body)).statusCode).toBe(403);
    expect((await put(dept, '/api/admin/service-levels', body)).statusCode).toBe(403);
    expect((await get(dept, '/api/admin/service-levels')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/service-levels', payload: body })).statusCode).toBe(401);
  });
});

describe('rating a fix, department figures and ranking', () => {
  it('takes an optional rating with the confirmation, once, only from the reporter, and moves the figures', async () => {
    clock.set(Date.now());
    const cleaner = await signupGovernment(t.app, { verified: true, department: 'Ward Cleaning Office' });
    const start = await metricsOf(cleaner.id);
    expect(start).toMatchObject({ takenOver: 0, finished: 0, ratings: 0, score: null, satisfaction: null, rank: null });

    const rated = await createPost(t.app, citizen, { caption: 'Overflowing garbage bin near market', category: 'garbage', priority: 'Low' });
    const filed = Date.parse((await load(rated._id)).createdAt);
    clock.set(filed + 2 * HOUR);
    await put(cleaner, `/api/gov/progressState/${rated._id}`);
    let m = await metricsOf(cleaner.id);
    expect(m).toMatchObject({ takenOver: 1, responseHoursAvg: 2, responseWithinShare: 1, finished: 0 });

    await advanceTo(t.app, cleaner, rated._id, 'Waiting for User Verification');
    for (const body of [{ rating: 'great' }, { rating: 5 }, { rating: 'satisfied', comment: 'x'.repeat(1001) }, { comment: 'no rating' }, { rating: 'satisfied', comment: 'a\u0000b' }]) {
      const res = await put(citizen, `/api/user/verifyPost/${rated._id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await put(stranger, `/api/user/verifyPost/${rated._id}`, { rating: 'notSatisfied' })).statusCode).toBe(403);
    expect((await load(rated._id)).progressState).toBe('Waiting for User Verification');

    clock.set(filed + 10 * HOUR);
    const ok = await put(citizen, `/api/user/verifyPost/${rated._id}`, { rating: 'satisfied', comment: 'Cleared the same day, thank you' });
    expect(ok.statusCode).toBe(200);
    m = await metricsOf(cleaner.id);
    expect(m).toMatchObject({ finished: 1, resolutionHoursAvg: 10, withinLevelShare: 1, ratings: 1, satisfied: 1, satisfaction: 1, score: 100 });
    // Once: the report is Finished, a second confirmation (with another rating) is refused.
    expect((await put(citizen, `/api/user/verifyPost/${rated._id}`, { rating: 'notSatisfied' })).statusCode).toBe(409);
    expect((await metricsOf(cleaner.id)).ratings).toBe(1);

    // Late and not satisfied: the share within the level and the satisfaction fall, and the score with them.
    clock.set(Date.now());
    const late = await createPost(t.app, citizen, { caption: 'Garbage not collected for a week', category: 'garbage', priority: 'Low' });
    const lateFiled = Date.parse((await load(late._id)).createdAt);
    await advanceTo(t.app, cleaner, late._id, 'Waiting for User Verification');
    clock.set(lateFiled + 60 * HOUR);
    expect((await put(citizen, `/api/user/verifyPost/${late._id}`, { rating: 'notSatisfied' })).statusCode).toBe(200);
    m = await metricsOf(cleaner.id);
    expect(m).toMatchObject({ finished: 2, withinLevelShare: 0.5, ratings: 2, notSatisfied: 1, satisfaction: 0.5, score: 50 });

    // The spec's client confirms with no body at all: still fine, no rating counted.
    clock.set(Date.now());
    const plain = await createPost(t.app, citizen, { caption: 'Dead animal on the footpath', category: 'garbage', priority: 'Low' });
    await advanceTo(t.app, cleaner, plain._id, 'Waiting for User Verification');
    expect((await t.app.inject({ method: 'PUT', url: `/api/user/verifyPost/${plain._id}`, headers: citizen.auth })).statusCode).toBe(200);
    m = await metricsOf(cleaner.id);
    expect(m).toMatchObject({ finished: 3, ratings: 2 });
  });

  it('ranks the departments of a city by score, paged, with a city list', async () => {
    const res = await get(null, '/api/departments/ranking?city=Pune&limit=1');
    expect(res.statusCode).toBe(200);
    const first = res.json<RankingAnswer>();
    expect(first.city).toBe('pune');
    expect(first.cities).toContain('pune');
    expect(first.departments).toHaveLength(1);
    expect(first.departments[0]!.rank).toBe(1);
    const scores: number[] = [first.departments[0]!.score!];
    const ranks = new Map([[first.departments[0]!.departmentId, 1]]);
    let cursor = first.nextCursor;
    let rank = 1;
    while (cursor) {
      const page = (await get(null, `/api/departments/ranking?city=Pune&limit=1&cursor=${cursor}`)).json<RankingAnswer>();
      for (const d of page.departments) {
        rank += 1;
        expect(d.rank).toBe(rank);
        scores.push(d.score!);
        ranks.set(d.departmentId, d.rank);
      }
      cursor = page.nextCursor;
    }
    expect(scores.length).toBeGreaterThanOrEqual(2);
    // A department's own figures carry the same rank as the ranking.
    for (const [id, r] of ranks) expect((await metricsOf(id)).rank).toBe(r);
    expect((await metricsOf(rival.id)).rank).toBeNull();
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);

    // A department that moves city moves in the ranking with it.
    const before = (await get(null, '/api/departments/ranking?city=Nagpur')).json<RankingAnswer>();
    expect(before.departments).toEqual([]);
    await t.app.ctx.repos.accounts.update(dept.id, { city: 'Nagpur' });
    const after = (await get(null, '/api/departments/ranking?city=nagpur')).json<RankingAnswer>();
    expect(after.departments.map((d) => d.departmentId)).toEqual([dept.id]);
  });

  it('answers 400 for bad cursors and 404 for metrics of anything that is no department', async () => {
    expect((await get(null, '/api/departments/ranking?cursor=bm90LWpzb24')).statusCode).toBe(400);
    expect((await get(null, '/api/departments/ranking?limit=0')).statusCode).toBe(400);
    expect((await get(null, `/api/departments/${citizen.id}/metrics`)).statusCode).toBe(404);
    expect((await get(null, '/api/departments/ffffffffffffffffffffffff/metrics')).statusCode).toBe(404);
    expect(RATING_TEXTS.invalidRating).toContain('satisfied');
  });
});
