/**
 * Anonymous reports over HTTP: a reporter hides their name; a neighbour, a visitor, the public pages, the
 * feed, lists, the reporter's profile, open data and Open311 never carry the reporter's name, id or email;
 * the reporter, admins and the department that took the report over see who it is. Admins switch it off
 * per category. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMITY_TEXTS, ANONYMOUS_NAME, CATEGORY_CODES, TEXTS, type CategorySetting, type Post } from '@civicpulse/shared';
import { SAMPLE_LOCATION, advanceTo, backgroundSettled, createPost, createTestApp, jpeg, loginAdmin, multipart, signupCitizen, signupGovernment, type Actor, type TestApp } from './helpers/app.js';

let t: TestApp;
let reporter: Actor;
let neighbour: Actor;
let roads: Actor;
let water: Actor;
let admin: Actor;
const REPORTER_NAME = 'Meera Quietwater';

beforeAll(async () => {
  t = await createTestApp();
  reporter = await signupCitizen(t.app, REPORTER_NAME);
  neighbour = await signupCitizen(t.app, 'Ravi Neighbour');
  roads = await signupGovernment(t.app, { verified: true, department: 'Roads Department' });
  water = await signupGovernment(t.app, { verified: true, department: 'Water Board' });
  admin = await loginAdmin(t.app);
}, 60_000);
afterAll(() => t.close());

const req = (method: 'GET' | 'PUT' | 'POST', url: string, who?: Actor, payload?: unknown) =>
  t.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
const message = (res: { json: <T>() => T }) => res.json<{ message: string }>().message;

/** Files a report through the multipart form the web app sends, with `anonymous` as given. */
async function file(who: Actor, fields: { caption: string; category?: string; anonymous?: string }) {
  const form = multipart(
    { caption: fields.caption, location: JSON.stringify(SAMPLE_LOCATION), ...(fields.category ? { category: fields.category } : {}), ...(fields.anonymous !== undefined ? { anonymous: fields.anonymous } : {}) },
    [{ field: 'images', filename: 'p.jpg', type: 'image/jpeg', data: await jpeg() }],
  );
  return t.app.inject({ method: 'POST', url: '/api/user/createPost', headers: { ...who.auth, ...form.headers }, payload: form.payload });
}

/** What must never be in an answer a neighbour or a visitor reads about the anonymous report. */
function expectNoReporter(body: string, where: string) {
  expect(body, where).not.toContain(REPORTER_NAME);
  expect(body, where).not.toContain(reporter.id);
  expect(body, where).not.toContain(reporter.email);
}

describe('an anonymous report', () => {
  let postId: string;
  let caption: string;

  beforeAll(async () => {
    caption = 'Broken streetlight outside the girls hostel, anonymous';
    const res = await file(reporter, { caption, category: 'streetlights', anonymous: 'true' });
    expect(res.statusCode, res.body).toBe(201);
    const post = res.json<{ post: Post }>().post;
    postId = post._id;
    // The reporter's own answer names them, and says the name is hidden from others.
    expect(post.user).toMatchObject({ _id: reporter.id, name: REPORTER_NAME });
    expect(post.anonymous).toBe(true);
  });

  it('a neighbour sees "A resident" on the post, the feed and similar reports, with the Post shape kept', async () => {
    const single = await req('GET', `/api/posts/post/${postId}`, neighbour);
    expect(single.statusCode).toBe(200);
    expectNoReporter(single.body, 'post page');
    const post = single.json<{ post: Post }>().post;
    expect(post.user).toEqual({ _id: '', name: ANONYMOUS_NAME, email: '', role: 'user', profilePhoto: '' });
    expect(post.anonymous).toBe(true);
    expect(post.caption).toBe(caption);

    const feed = await req('GET', '/api/user/allPosts', neighbour);
    expect(feed.body).toContain(postId);
    expectNoReporter(feed.body, 'feed');
    const paged = await req('GET', '/api/user/allPosts?limit=5&exclude=mine', neighbour);
    expectNoReporter(paged.body, 'paged feed');
    const similar = await req('GET', `/api/posts/similar?lat=${SAMPLE_LOCATION.coordinates.lat}&lng=${SAMPLE_LOCATION.coordinates.lng}&caption=streetlight`, neighbour);
    expect(similar.body).toContain(postId);
    expectNoReporter(similar.body, 'similar');
  });

  it('a visitor, the public post, the public list, open data and Open311 never carry the reporter', async () => {
    expect((await req('GET', `/api/posts/post/${postId}`)).statusCode).toBe(401);
    const pub = await req('GET', `/api/public/posts/${postId}`);
    expect(pub.statusCode).toBe(200);
    expectNoReporter(pub.body, 'public post');
    const list = await req('GET', '/api/public/posts');
    expect(list.body).toContain(postId);
    expectNoReporter(list.body, 'public list');
    for (const url of ['/api/open-data/reports.csv', '/api/open-data/reports.geojson', '/open311/v2/requests.json', `/open311/v2/requests/${postId}.json`]) {
      const res = await req('GET', url);
      expect(res.statusCode, url).toBe(200);
      expectNoReporter(res.body, url);
    }
  });

  it("the reporter's profile lists it for the reporter and admins only; the counts stay totals", async () => {
    type Profile = { metrics: { reportsFiled: number; recentReports: Array<{ _id: string }> } };
    const byNeighbour = (await req('GET', `/api/user/profile/user/${reporter.id}`, neighbour)).json<Profile>();
    expect(byNeighbour.metrics.recentReports.map((r) => r._id)).not.toContain(postId);
    const own = (await req('GET', `/api/user/profile/user/${reporter.id}`, reporter)).json<Profile>();
    expect(own.metrics.recentReports.map((r) => r._id)).toContain(postId);
    const byAdmin = (await req('GET', `/api/user/profile/user/${reporter.id}`, admin)).json<Profile>();
    expect(byAdmin.metrics.recentReports.map((r) => r._id)).toContain(postId);
    expect(byNeighbour.metrics.reportsFiled).toBe(own.metrics.reportsFiled);
  });

  it('the reporter (My Issues) and admins see the real name; a department sees it only once it took the report over', async () => {
    const mine = (await req('GET', '/api/user/myPosts', reporter)).json<{ posts: Post[] }>().posts.find((p) => p._id === postId)!;
    expect(mine.user).toMatchObject({ _id: reporter.id, name: REPORTER_NAME, email: reporter.email });
    expect(mine.anonymous).toBe(true);
    const asAdmin = (await req('GET', `/api/posts/post/${postId}`, admin)).json<{ post: Post }>().post;
    expect(asAdmin.user).toMatchObject({ _id: reporter.id, name: REPORTER_NAME });
    const adminList = (await req('GET', '/api/admin/allPosts', admin)).json<{ posts: Post[] }>().posts.find((p) => p._id === postId)!;
    expect(adminList.user.name).toBe(REPORTER_NAME);

    // Before the take-over a department is anyone.
    expectNoReporter((await req('GET', `/api/posts/post/${postId}`, roads)).body, 'department before take-over');
    await advanceTo(t.app, roads, postId, 'Problem Seen');
    const taken = (await req('GET', `/api/posts/post/${postId}`, roads)).json<{ post: Post }>().post;
    expect(taken.user).toMatchObject({ _id: reporter.id, name: REPORTER_NAME, email: reporter.email });
    expect(taken.anonymous).toBe(true);
    const queue = (await req('GET', '/api/gov/allPosts', roads)).json<{ posts: Post[] }>().posts.find((p) => p._id === postId);
    expect(queue?.user.name).toBe(REPORTER_NAME);
    const feed = (await req('GET', '/api/user/allPosts', roads)).json<{ posts: Post[] }>().posts.find((p) => p._id === postId)!;
    expect(feed.user.name).toBe(REPORTER_NAME);
    // Another department and the neighbour still do not.
    expectNoReporter((await req('GET', `/api/posts/post/${postId}`, water)).body, 'other department');
    expectNoReporter((await req('GET', `/api/posts/post/${postId}`, neighbour)).body, 'neighbour after take-over');
    expectNoReporter((await req('GET', `/api/public/posts/${postId}`)).body, 'public after take-over');
  });

  it('the reporter switches it off and on again on their own report; nobody else can', async () => {
    const off = await req('PUT', `/api/user/editPosts/${postId}`, reporter, { anonymous: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((await req('GET', `/api/posts/post/${postId}`, neighbour)).json<{ post: Post }>().post.user.name).toBe(REPORTER_NAME);
    expect((await req('PUT', `/api/user/editPosts/${postId}`, neighbour, { anonymous: true })).statusCode).toBe(403);
    expect((await req('PUT', `/api/user/editPosts/${postId}`, reporter, { anonymous: 'perhaps' })).statusCode).toBe(400);
    const on = await req('PUT', `/api/user/editPosts/${postId}`, reporter, { anonymous: true });
    expect(on.statusCode, on.body).toBe(200);
    expectNoReporter((await req('GET', `/api/posts/post/${postId}`, neighbour)).body, 'after switching on again');
  });
});

describe('notifications about an anonymous report', () => {
  it("a neighbour's area alert and a follower's update name \"A resident\"; the department that took it over is told who", async () => {
    const watcher = await signupCitizen(t.app, 'Sunita Watcher');
    const { lat, lng } = SAMPLE_LOCATION.coordinates;
    expect((await req('POST', '/api/alerts', watcher, { lat, lng, radiusMeters: 1000, label: 'Home' })).statusCode).toBe(201);
    const res = await file(reporter, { caption: 'Open manhole on the footpath near the school', category: 'drainage', anonymous: 'true' });
    expect(res.statusCode, res.body).toBe(201);
    const postId = res.json<{ post: Post }>().post._id;
    await backgroundSettled(t.app);
    expect((await req('PUT', `/api/posts/${postId}/follow`, watcher)).statusCode).toBe(200);
    // Through the workflow to the reporter's verification: followers hear of each move, the last one the reporter's.
    await advanceTo(t.app, water, postId, 'Waiting for User Verification');
    expect((await req('PUT', `/api/user/verifyPost/${postId}`, reporter, {})).statusCode).toBe(200);
    await backgroundSettled(t.app);
    type Note = { type: string; actorName?: string; message: string };
    const told = (await req('GET', '/api/notifications', watcher)).json<{ notifications: Note[] }>().notifications;
    expect(told.find((n) => n.type === 'areaAlert')?.actorName).toBe(ANONYMOUS_NAME);
    // The department's moves name the department; the reporter's verification names "A resident".
    expect(told.filter((n) => n.type === 'followUpdate').map((n) => n.actorName)).toContain(ANONYMOUS_NAME);
    const all = JSON.stringify(told);
    expectNoReporter(all, "the watcher's notifications");
    // The department that holds it hears the reporter's confirmation (it may know who they are).
    const dept = (await req('GET', '/api/notifications', water)).json<{ notifications: Note[] }>().notifications;
    expect(dept.find((n) => n.type === 'fixConfirmed')?.message).toContain(REPORTER_NAME);
  });
});

describe('the per-category switch', () => {
  it('is public to read, every category allowed by default', async () => {
    const res = await req('GET', '/api/categories');
    expect(res.statusCode).toBe(200);
    const cats = res.json<{ categories: CategorySetting[] }>().categories;
    expect(cats.map((c) => c.code)).toEqual([...CATEGORY_CODES]);
    expect(cats.find((c) => c.code === 'water')?.anonymousAllowed).toBe(true);
  });

  it('only admins switch it (401 without a token, 403 for citizens and departments); bad input is a 400 or 404', async () => {
    const body = { anonymousAllowed: false };
    expect((await req('PUT', '/api/admin/categories/water', undefined, body)).statusCode).toBe(401);
    for (const who of [reporter, neighbour, roads]) {
      const res = await req('PUT', '/api/admin/categories/water', who, body);
      expect(res.statusCode).toBe(403);
      expect(message(res)).toBe(TEXTS.auth.forbidden);
    }
    expect((await req('PUT', '/api/admin/categories/water', admin, { anonymousAllowed: 'no' })).statusCode).toBe(400);
    expect((await req('PUT', '/api/admin/categories/water', admin, {})).statusCode).toBe(400);
    expect((await req('PUT', '/api/admin/categories/volcanoes', admin, body)).statusCode).toBe(404);
    expect((await req('PUT', `/api/admin/categories/${'x'.repeat(200)}`, admin, body)).statusCode).toBeLessThan(500);
    // Still allowed: nothing above changed it.
    expect((await req('GET', '/api/categories')).json<{ categories: CategorySetting[] }>().categories.find((c) => c.code === 'water')?.anonymousAllowed).toBe(true);
  });

  it('switched off: an anonymous report is refused with 400 and nothing is filed; a named one goes through', async () => {
    const saved = await req('PUT', '/api/admin/categories/water', admin, { anonymousAllowed: false });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ category: CategorySetting }>().category).toEqual({ code: 'water', anonymousAllowed: false });
    expect((await req('GET', '/api/categories')).json<{ categories: CategorySetting[] }>().categories.find((c) => c.code === 'water')?.anonymousAllowed).toBe(false);
    const audit = (await req('GET', '/api/admin/audit', admin)).body;
    expect(audit).toContain('editCategory');

    const count = async () => (await req('GET', '/api/user/myPosts', reporter)).json<{ posts: Post[] }>().posts.length;
    const before = await count();
    const refused = await file(reporter, { caption: 'No water since Monday in our lane', category: 'water', anonymous: '1' });
    expect(refused.statusCode).toBe(400);
    expect(message(refused)).toBe(ANONYMITY_TEXTS.notAllowed);
    expect(await count()).toBe(before);
    const named = await file(reporter, { caption: 'No water since Monday in our lane', category: 'water', anonymous: 'false' });
    expect(named.statusCode, named.body).toBe(201);
    const post = named.json<{ post: Post }>().post;
    expect(post.anonymous).toBeUndefined();
    expect(await count()).toBe(before + 1);
    // Hiding the name later, or moving a hidden report into the category, is refused too.
    expect(message(await req('PUT', `/api/user/editPosts/${post._id}`, reporter, { anonymous: true }))).toBe(ANONYMITY_TEXTS.notAllowed);
    const hidden = await createPost(t.app, reporter, { caption: 'Leaking pipe near the school', category: 'drainage' });
    expect((await req('PUT', `/api/user/editPosts/${hidden._id}`, reporter, { anonymous: true })).statusCode).toBe(200);
    const moved = await req('PUT', `/api/user/editPosts/${hidden._id}`, reporter, { category: 'water' });
    expect(moved.statusCode).toBe(400);
    expect(message(moved)).toBe(ANONYMITY_TEXTS.notAllowed);

    // Switched on again: accepted.
    expect((await req('PUT', '/api/admin/categories/water', admin, { anonymousAllowed: true })).statusCode).toBe(200);
    expect((await file(reporter, { caption: 'No water again this week', category: 'water', anonymous: 'true' })).statusCode).toBe(201);
  });

  it('a bad anonymous value is a 400, never a 5xx', async () => {
    for (const value of ['maybe', 'TRUE ', '2', 'x'.repeat(5000)]) {
      const res = await file(reporter, { caption: 'Garbage pile near the bus stop', category: 'garbage', anonymous: value });
      expect(res.statusCode, value.slice(0, 10)).toBe(400);
      expect(message(res)).toBe(ANONYMITY_TEXTS.invalidFlag);
    }
  });
});
