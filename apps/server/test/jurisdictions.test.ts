/**
 * Issue 16 items 3-5: department jurisdictions, View Issues by area, and new-report notifications.
 * Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JURISDICTION_LIMITS, JURISDICTION_TEXTS, type Jurisdiction, type NotificationsPage } from '@civicpulse/shared';
import { PostListingRepo } from '../src/modules/posts/listing.js';
import { advanceTo, createPost, createTestApp, loginAdmin, signupCitizen, signupGovernment, type Actor, type TestApp } from './helpers/app.js';

let t: TestApp;
let citizen: Actor;
let puneWater: Actor;
let delhiRoads: Actor;
let noJurisdiction: Actor;
let admin: Actor;

const PUNE = { state: 'Maharashtra', landmark: 'Near FC Road', address: 'Shivajinagar, Pune', pincode: '411005', coordinates: { lat: 18.53, lng: 73.85 } };
const PUNE_CITY = { ...PUNE, address: 'Lane 4, Kothrud', pincode: '411038', city: 'pune' };
const DELHI = { state: 'Delhi', landmark: 'Near India Gate', address: 'Rajpath, New Delhi', pincode: '110001', coordinates: { lat: 28.61, lng: 77.23 } };
const MUMBAI = { state: 'Maharashtra', landmark: 'Near Shivaji Park', address: 'Dadar West, Mumbai', pincode: '400028', coordinates: { lat: 19.02, lng: 72.84 } };

/** A square around a point, as a closed GeoJSON ring ([lng, lat]). */
function square(lat: number, lng: number, d = 0.05): Array<[number, number]> {
  return [
    [lng - d, lat - d],
    [lng + d, lat - d],
    [lng + d, lat + d],
    [lng - d, lat + d],
    [lng - d, lat - d],
  ];
}

const declare = (actor: Actor, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/gov/jurisdiction', headers: actor.auth, payload: payload as object });
const viewIssues = (actor: Actor, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/gov/allPosts?scope=unassigned&limit=50${query}`, headers: actor.auth });
const idsOf = (res: { json(): unknown }) => (res.json() as { posts: Array<{ _id: string }> }).posts.map((p) => p._id);
const notifications = async (actor: Actor) =>
  (await t.app.inject({ method: 'GET', url: '/api/notifications?limit=50', headers: actor.auth })).json<NotificationsPage>().notifications;

beforeAll(async () => {
  t = await createTestApp();
  citizen = await signupCitizen(t.app, 'Meera Reporter');
  puneWater = await signupGovernment(t.app, { verified: true, department: 'Pune Water Supply' });
  delhiRoads = await signupGovernment(t.app, { verified: true, department: 'Delhi Roads' });
  noJurisdiction = await signupGovernment(t.app, { verified: true, department: 'Undeclared Office' });
  admin = await loginAdmin(t.app);
});
afterAll(async () => {
  await t.close();
});

describe('declaring a jurisdiction', () => {
  it('stores the state, cities, pincodes, categories and area, and reads them back (own and public)', async () => {
    const res = await declare(puneWater, {
      state: 'Maharashtra',
      cities: [' Pune ', 'pune', 'Pimpri Chinchwad'],
      pincodes: ['411005', '411005'],
      categories: ['water', 'drainage'],
      area: null,
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json<{ message: string; jurisdiction: Jurisdiction }>();
    expect(saved.message).toBe(JURISDICTION_TEXTS.saved);
    expect(saved.jurisdiction).toEqual({ state: 'Maharashtra', cities: ['Pune', 'Pimpri Chinchwad'], pincodes: ['411005'], categories: ['water', 'drainage'], area: null });

    const own = await t.app.inject({ method: 'GET', url: '/api/gov/jurisdiction', headers: puneWater.auth });
    expect(own.json()).toEqual({ jurisdiction: saved.jurisdiction });
    // Public: a citizen reads where the office works.
    const pub = await t.app.inject({ method: 'GET', url: `/api/departments/${puneWater.id}/jurisdiction`, headers: citizen.auth });
    expect(pub.json()).toEqual({ jurisdiction: saved.jurisdiction });
    const none = await t.app.inject({ method: 'GET', url: `/api/departments/${noJurisdiction.id}/jurisdiction`, headers: citizen.auth });
    expect(none.json()).toEqual({ jurisdiction: null });
    const notDept = await t.app.inject({ method: 'GET', url: `/api/departments/${citizen.id}/jurisdiction`, headers: citizen.auth });
    expect(notDept.statusCode).toBe(404);
  });

  it('treats every category ticked as none chosen (all categories)', async () => {
    const other = await signupGovernment(t.app, { verified: true, department: 'Everything Office' });
    const all = ['roads', 'garbage', 'streetlights', 'water', 'drainage', 'encroachment', 'parks', 'animals', 'traffic', 'toilets', 'noise', 'other'];
    const res = await declare(other, { state: 'Goa', categories: all });
    expect(res.json<{ jurisdiction: Jurisdiction }>().jurisdiction.categories).toEqual([]);
  });

  const bad: Array<[string, unknown, string]> = [
    ['unknown state', { state: 'Atlantis' }, JURISDICTION_TEXTS.invalidState],
    ['missing state', { cities: ['Pune'] }, JURISDICTION_TEXTS.invalidState],
    ['5-digit pincode', { state: 'Maharashtra', pincodes: ['41100'] }, JURISDICTION_TEXTS.invalidPincode],
    ['pincode with letters', { state: 'Maharashtra', pincodes: ['41100a'] }, JURISDICTION_TEXTS.invalidPincode],
    ['unknown category', { state: 'Maharashtra', categories: ['potholes'] }, JURISDICTION_TEXTS.invalidCategory],
    ['NUL in a city', { state: 'Maharashtra', cities: ['Pu\u0000ne'] }, ''],
    ['city too long', { state: 'Maharashtra', cities: ['x'.repeat(JURISDICTION_LIMITS.cityMaxChars + 1)] }, JURISDICTION_TEXTS.invalidCity],
    ['too many cities', { state: 'Maharashtra', cities: Array.from({ length: 51 }, (_, i) => `Town ${i}`) }, JURISDICTION_TEXTS.tooManyCities],
    ['too many pincodes', { state: 'Maharashtra', pincodes: Array.from({ length: 201 }, (_, i) => String(400000 + i)) }, JURISDICTION_TEXTS.tooManyPincodes],
    ['open ring', { state: 'Maharashtra', area: { type: 'Polygon', coordinates: [square(18.5, 73.8).slice(0, 4)] } }, JURISDICTION_TEXTS.invalidArea],
    ['not a polygon', { state: 'Maharashtra', area: { type: 'Point', coordinates: [73.8, 18.5] } }, JURISDICTION_TEXTS.invalidArea],
    ['polygon outside India', { state: 'Maharashtra', area: { type: 'Polygon', coordinates: [square(51.5, -0.1)] } }, JURISDICTION_TEXTS.areaOutsideIndia],
    [
      'huge polygon',
      {
        state: 'Maharashtra',
        area: {
          type: 'Polygon',
          coordinates: [[...Array.from({ length: JURISDICTION_LIMITS.verticesMax + 1 }, (_, i) => [73 + i / 1000, 18 + (i % 2) / 100]), [73, 18]]],
        },
      },
      JURISDICTION_TEXTS.areaTooBig,
    ],
    ['not an object', ['Maharashtra'], JURISDICTION_TEXTS.bodyShape],
  ];
  it.each(bad)('refuses %s with 400 and changes nothing', async (_name, payload, message) => {
    const before = await t.app.inject({ method: 'GET', url: '/api/gov/jurisdiction', headers: puneWater.auth });
    const res = await declare(puneWater, payload);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json<{ message: string }>().message).toBe(message);
    else expect(typeof res.json<{ message: string }>().message).toBe('string');
    const after = await t.app.inject({ method: 'GET', url: '/api/gov/jurisdiction', headers: puneWater.auth });
    expect(after.json()).toEqual(before.json());
  });

  it('lets only departments declare their own and only admins edit another (audited)', async () => {
    const byCitizen = await t.app.inject({ method: 'PUT', url: '/api/gov/jurisdiction', headers: citizen.auth, payload: { state: 'Delhi' } });
    expect(byCitizen.statusCode).toBe(403);
    const byDept = await t.app.inject({ method: 'PUT', url: `/api/admin/jurisdiction/${delhiRoads.id}`, headers: puneWater.auth, payload: { state: 'Delhi' } });
    expect(byDept.statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/jurisdiction/${delhiRoads.id}`,
      headers: admin.auth,
      payload: { state: 'Delhi', cities: ['New Delhi'], categories: ['roads'] },
    });
    expect(res.statusCode).toBe(200);
    const own = await t.app.inject({ method: 'GET', url: '/api/gov/jurisdiction', headers: delhiRoads.auth });
    expect(own.json<{ jurisdiction: Jurisdiction }>().jurisdiction).toMatchObject({ state: 'Delhi', cities: ['New Delhi'], categories: ['roads'] });
    const audit = await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: admin.auth });
    expect(audit.json<{ entries: Array<{ action: string; targetId: string }> }>().entries).toContainEqual(
      expect.objectContaining({ action: 'editJurisdiction', targetId: delhiRoads.id }),
    );
    const missing = await t.app.inject({ method: 'PUT', url: `/api/admin/jurisdiction/${citizen.id}`, headers: admin.auth, payload: { state: 'Delhi' } });
    expect(missing.statusCode).toBe(404);
  });
});

describe('View Issues by jurisdiction, and new-report notifications', () => {
  let puneWaterReport: string;
  let puneCityReport: string;
  let puneRoadsReport: string;
  let delhiRoadsReport: string;
  let mumbaiWaterReport: string;

  beforeAll(async () => {
    puneWaterReport = (await createPost(t.app, citizen, { caption: 'No water supply since two days', category: 'water', location: PUNE }))._id;
    puneCityReport = (await createPost(t.app, citizen, { caption: 'Water pipe leaking on the lane', category: 'water', location: PUNE_CITY }))._id;
    puneRoadsReport = (await createPost(t.app, citizen, { caption: 'Pothole near the college', category: 'roads', location: PUNE }))._id;
    delhiRoadsReport = (await createPost(t.app, citizen, { caption: 'Broken road near the gate', category: 'roads', location: DELHI }))._id;
    mumbaiWaterReport = (await createPost(t.app, citizen, { caption: 'Water logging in Dadar', category: 'water', location: MUMBAI }))._id;
  });

  it('shows a department only its area and categories by default, and everything with All of India', async () => {
    const mine = await viewIssues(puneWater);
    expect(mine.statusCode).toBe(200);
    expect(idsOf(mine).sort()).toEqual([puneWaterReport, puneCityReport].sort());
    expect(mine.json()).toMatchObject({ area: 'mine', jurisdictionDeclared: true, total: 2, matching: 2 });

    const all = await viewIssues(puneWater, '&area=all');
    expect(idsOf(all)).toEqual(expect.arrayContaining([puneWaterReport, puneCityReport, puneRoadsReport, delhiRoadsReport, mumbaiWaterReport]));
    expect(all.json()).toMatchObject({ area: 'all', total: 5, matching: 5 });

    const delhi = await viewIssues(delhiRoads);
    expect(idsOf(delhi)).toEqual([delhiRoadsReport]);
    expect(delhi.json()).toMatchObject({ total: 1, matching: 1 });
    expect(idsOf(await viewIssues(delhiRoads, '&area=all'))).toContain(puneWaterReport);
  });

  it('keeps other filters and sorts working on the routed list, with counts following them', async () => {
    await t.app.inject({ method: 'PUT', url: '/api/posts/votePost', headers: citizen.auth, payload: { postId: puneCityReport, type: 'upvote' } });
    const voted = await viewIssues(puneWater, '&minUpvotes=1');
    expect(idsOf(voted)).toEqual([puneCityReport]);
    expect(voted.json()).toMatchObject({ total: 2, matching: 1 });
    const sorted = await viewIssues(puneWater, '&sort=mostUpvotes');
    expect(idsOf(sorted)).toEqual([puneCityReport, puneWaterReport]);
    const page1 = await t.app.inject({ method: 'GET', url: '/api/gov/allPosts?scope=unassigned&limit=1', headers: puneWater.auth });
    const next = page1.json<{ nextCursor: string }>().nextCursor;
    expect(next).toBeTruthy();
    const page2 = await t.app.inject({ method: 'GET', url: `/api/gov/allPosts?scope=unassigned&limit=1&cursor=${next}`, headers: puneWater.auth });
    expect([...idsOf(page1), ...idsOf(page2)]).toEqual([puneCityReport, puneWaterReport]);
    const bad = await viewIssues(puneWater, '&area=elsewhere');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe(JURISDICTION_TEXTS.invalidAreaFilter);
  });

  it('shows a department without a jurisdiction all of India, and says so', async () => {
    const res = await viewIssues(noJurisdiction);
    expect(res.json()).toMatchObject({ area: 'all', jurisdictionDeclared: false, total: 5 });
  });

  it('notifies the Pune water department of a Pune water report, not the Delhi roads department', async () => {
    const pune = await notifications(puneWater);
    expect(pune.filter((n) => n.type === 'newReport').map((n) => n.postId).sort()).toEqual([puneWaterReport, puneCityReport].sort());
    const one = pune.find((n) => n.postId === puneWaterReport)!;
    expect(one.title).toBe('New report in your area');
    const delhi = await notifications(delhiRoads);
    expect(delhi.filter((n) => n.type === 'newReport').map((n) => n.postId)).toEqual([delhiRoadsReport]);
  });

  it('takes a report off the list when taken over and routes it again (with a notification) on release', async () => {
    const take = await t.app.inject({ method: 'PUT', url: `/api/gov/progressState/${puneWaterReport}`, headers: delhiRoads.auth });
    expect(take.statusCode).toBe(200);
    expect(idsOf(await viewIssues(puneWater))).toEqual([puneCityReport]);
    const release = await t.app.inject({ method: 'PUT', url: `/api/gov/regressProgressState/${puneWaterReport}`, headers: delhiRoads.auth });
    expect(release.statusCode).toBe(200);
    expect(idsOf(await viewIssues(puneWater)).sort()).toEqual([puneWaterReport, puneCityReport].sort());
    const newReports = (await notifications(puneWater)).filter((n) => n.type === 'newReport' && n.postId === puneWaterReport);
    expect(newReports).toHaveLength(2);
  });

  it('re-routes when a jurisdiction changes (cities, drawn area) and when a report is edited', async () => {
    // Mumbai by city name: the Dadar report's address names Mumbai.
    await declare(puneWater, { state: 'Maharashtra', cities: ['Mumbai'], categories: ['water'] });
    expect(idsOf(await viewIssues(puneWater))).toEqual([mumbaiWaterReport]);
    // A drawn area around Pune's point catches both Pune water reports, whatever their address says.
    const res = await declare(puneWater, { state: 'Maharashtra', categories: ['water'], area: { type: 'Polygon', coordinates: [square(18.53, 73.85)] } });
    expect(res.json<{ rerouted: number }>().rerouted).toBe(2);
    expect(idsOf(await viewIssues(puneWater)).sort()).toEqual([puneWaterReport, puneCityReport].sort());
    // The reporter moves the report to Mumbai: it leaves the Pune list.
    const edit = await t.app.inject({ method: 'PUT', url: `/api/user/editPosts/${puneCityReport}`, headers: citizen.auth, payload: { location: MUMBAI } });
    expect(edit.statusCode).toBe(200);
    expect(idsOf(await viewIssues(puneWater))).toEqual([puneWaterReport]);
    // Back to the declaration of the first test for the rest of the suite.
    await declare(puneWater, { state: 'Maharashtra', cities: ['Pune'], categories: ['water', 'drainage'] });
  });

  it('covers the whole state when no city, pincode or area is given, and drops finished reports', async () => {
    const state = await signupGovernment(t.app, { verified: true, department: 'Delhi State Office' });
    await declare(state, { state: 'Delhi' });
    expect(idsOf(await viewIssues(state))).toEqual([delhiRoadsReport]);
    await advanceTo(t.app, state, delhiRoadsReport, 'Work Started');
    expect(idsOf(await viewIssues(state))).toEqual([]);
    expect(idsOf(await viewIssues(delhiRoads))).toEqual([]);
    expect((await viewIssues(delhiRoads)).json()).toMatchObject({ total: 0, matching: 0 });
  });

  it('routes the reports of a deleted department again (released by the deletion)', async () => {
    const held = (await createPost(t.app, citizen, { caption: 'Low water pressure every morning', category: 'water', location: PUNE }))._id;
    const taker = await signupGovernment(t.app, { verified: true, department: 'Short-lived Office' });
    await advanceTo(t.app, taker, held, 'Verified');
    expect(idsOf(await viewIssues(puneWater))).not.toContain(held);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/deleteGovernment/${taker.id}`, headers: admin.auth });
    expect(del.statusCode).toBe(200);
    expect(idsOf(await viewIssues(puneWater))).toContain(held);
  });

  it('pages a routed list by votes the same whether its vote index is walked or its routes are sorted', async () => {
    // A whole-state department holds most open reports. Paged one by one through the API, and read
    // by both plans of the repository (walking its (department, votes) index, sorting its routes).
    const state = await signupGovernment(t.app, { verified: true, department: 'Maharashtra State Office' });
    await declare(state, { state: 'Maharashtra' });
    const sorted = idsOf(await viewIssues(state, '&sort=mostUpvotes'));
    expect(sorted.length).toBeGreaterThanOrEqual(3);
    const walked: string[] = [];
    let cursor = '';
    for (let i = 0; i < 20; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/gov/allPosts?scope=unassigned&sort=mostUpvotes&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        headers: state.auth,
      });
      walked.push(...idsOf(res));
      const next = res.json<{ nextCursor: string | null }>().nextCursor;
      if (!next) break;
      cursor = next;
    }
    expect(walked).toEqual(sorted);
    const filter = { assignedTo: null, finished: false, routedTo: state.id };
    for (const seek of ['order', 'filter'] as const) {
      const rows = await new PostListingRepo(t.app.ctx.database.db).list(filter, { sort: 'mostUpvotes', limit: 50, seek });
      expect(rows.map((r) => r.id)).toEqual(sorted);
    }
  });

  it('takes a deleted report off every list', async () => {
    const extra = (await createPost(t.app, citizen, { caption: 'Water tanker did not come', category: 'water', location: PUNE }))._id;
    expect(idsOf(await viewIssues(puneWater))).toContain(extra);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/user/deletePosts/${extra}`, headers: citizen.auth });
    expect(del.statusCode).toBe(200);
    expect(idsOf(await viewIssues(puneWater))).not.toContain(extra);
  });
});

describe('View Issues keys and counts kept on the routes (migration 013)', () => {
  const KERALA = { state: 'Kerala', landmark: 'Near Marine Drive', address: 'Ernakulam, Kochi', pincode: '682031', city: 'Kochi', coordinates: { lat: 9.97, lng: 76.28 } };
  const SORTS = ['newest', 'oldest', 'mostUpvotes', 'leastUpvotes', 'mostDownvotes', 'leastDownvotes'];
  const FILTERS = ['', '&priority=High', '&category=roads', '&minUpvotes=1', '&minDownvotes=1', '&priority=Medium&category=water', '&priority=Low&minUpvotes=1&minDownvotes=1'];

  /** A deterministic pseudo-random sequence, so a failure replays. */
  function rng(seed: number) {
    let s = seed >>> 0;
    return () => {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      return s / 2 ** 32;
    };
  }

  it('keep the posts’ keys and per-department counts, and page as the All of India list does, after random writes', async () => {
    const db = t.app.ctx.database.db;
    const state = await signupGovernment(t.app, { verified: true, department: 'Kerala State Office' });
    const city = await signupGovernment(t.app, { verified: true, department: 'Kochi Roads and Water' });
    const taker = await signupGovernment(t.app, { verified: true, department: 'Kerala Works Contractor' });
    expect((await declare(state, { state: 'Kerala' })).statusCode).toBe(200);
    expect((await declare(city, { state: 'Kerala', cities: ['Kochi'], categories: ['roads', 'water'] })).statusCode).toBe(200);
    const voters = [citizen, await signupCitizen(t.app, 'Anil Voter'), await signupCitizen(t.app, 'Bina Voter'), await signupCitizen(t.app, 'Chandra Voter')];
    const random = rng(16);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const categories = ['roads', 'water', 'garbage', 'noise'];
    const priorities = ['Low', 'Medium', 'High'];
    const ids: string[] = [];
    for (let i = 0; i < 14; i++) {
      ids.push((await createPost(t.app, citizen, { caption: `Kerala report number ${i}`, category: pick(categories), priority: pick(priorities), location: KERALA }))._id);
    }
    const taken = new Set<string>();
    for (let step = 0; step < 70; step++) {
      // Halfway, the city department widens its jurisdiction: its routes are rebuilt (JurisdictionsRepo.addRoutes).
      if (step === 35) expect((await declare(city, { state: 'Kerala', cities: ['Kochi'], categories: ['roads', 'water', 'garbage'] })).statusCode).toBe(200);
      const id = pick(ids);
      const r = random();
      let res;
      if (r < 0.5) res = await t.app.inject({ method: 'PUT', url: '/api/posts/votePost', headers: pick(voters).auth, payload: { postId: id, type: pick(['upvote', 'downvote']) } });
      else if (r < 0.65) res = await t.app.inject({ method: 'PUT', url: `/api/user/editPosts/${id}`, headers: citizen.auth, payload: { priority: pick(priorities) } });
      else if (r < 0.8) res = await t.app.inject({ method: 'PUT', url: `/api/user/editPosts/${id}`, headers: citizen.auth, payload: { category: pick(categories) } });
      else if (!taken.has(id)) {
        res = await t.app.inject({ method: 'PUT', url: `/api/gov/progressState/${id}`, headers: taker.auth });
        taken.add(id);
      } else {
        res = await t.app.inject({ method: 'PUT', url: `/api/gov/regressProgressState/${id}`, headers: taker.auth });
        taken.delete(id);
      }
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(taken.size).toBeGreaterThan(0);
    expect(taken.size).toBeLessThan(ids.length);

    // The route keys are the posts' values; route_tally is a count of the routes.
    const routes = await db
      .selectFrom('post_routes')
      .innerJoin('posts', 'posts.id', 'post_routes.post_id')
      .select(['post_routes.department_id', 'post_routes.post_id', 'post_routes.priority', 'post_routes.upvote_count', 'post_routes.downvote_count', 'post_routes.category'])
      .select(['posts.priority as p_priority', 'posts.upvote_count as p_up', 'posts.downvote_count as p_down', 'posts.category as p_category'])
      .where('post_routes.department_id', 'in', [state.id, city.id])
      .execute();
    expect(routes.length).toBeGreaterThan(0);
    for (const r of routes) {
      expect([r.priority, Number(r.upvote_count), Number(r.downvote_count), r.category], r.post_id).toEqual([r.p_priority, Number(r.p_up), Number(r.p_down), r.p_category]);
    }
    expect(new Set(routes.filter((r) => r.department_id === state.id).map((r) => r.post_id))).toEqual(new Set(ids.filter((id) => !taken.has(id))));
    const scan = new Map<string, number>();
    for (const r of routes) scan.set(`${r.department_id} ${r.priority} ${r.category}`, (scan.get(`${r.department_id} ${r.priority} ${r.category}`) ?? 0) + 1);
    const tally = await db.selectFrom('route_tally').selectAll().where('department_id', 'in', [state.id, city.id]).where('n', '!=', 0).execute();
    expect(new Map(tally.map((r) => [`${r.department_id} ${r.priority} ${r.category}`, Number(r.n)]))).toEqual(scan);

    // Every order with every filter: the All of India list's order, kept to the department's routes,
    // the same paged two at a time; "Showing X of Y" counted from the routes.
    for (const dept of [state, city]) {
      const mine = new Set(routes.filter((r) => r.department_id === dept.id).map((r) => r.post_id));
      for (const sort of SORTS) {
        for (const f of FILTERS) {
          const query = `&sort=${sort}${f}`;
          const all = await viewIssues(dept, `&area=all${query}`);
          expect(all.statusCode, all.body).toBe(200);
          const expected = idsOf(all).filter((id) => mine.has(id));
          const res = await viewIssues(dept, query);
          expect(res.statusCode, res.body).toBe(200);
          expect(idsOf(res), `${dept === state ? 'state' : 'city'} ${query}`).toEqual(expected);
          expect(res.json(), `${dept === state ? 'state' : 'city'} ${query}`).toMatchObject({ total: mine.size, matching: expected.length });
          const paged: string[] = [];
          let cursor = '';
          for (let i = 0; i < 20; i++) {
            const page = await t.app.inject({
              method: 'GET',
              url: `/api/gov/allPosts?scope=unassigned&limit=2${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
              headers: dept.auth,
            });
            paged.push(...idsOf(page));
            const next = page.json<{ nextCursor: string | null }>().nextCursor;
            if (!next) break;
            cursor = next;
          }
          expect(paged, `${dept === state ? 'state' : 'city'} ${query} paged`).toEqual(expected);
        }
      }
    }
  });
});
