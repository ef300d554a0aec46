/**
 * Public reports: `GET /api/public/posts/{id}`, the post page for anyone without an account. The report
 * and its workflow are there; its people are not (no reporter, no email, no voter ids, no comments, a
 * citizen's moves without name or id); an open report's pin is rounded as in open data; reads are
 * limited per address. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicCoordinate, publicPostAnswer, type PublicPost } from '@civicpulse/shared';
import { SAMPLE_LOCATION, advanceTo, createCast, createPost, createTestApp, type Cast, type TestApp } from './helpers/app.js';

let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_READ_RATE_MAX: '40' });
  cast = await createCast(t.app);
}, 60_000);
afterAll(() => t.close());

const read = (id: string) => t.app.inject({ method: 'GET', url: `/api/public/posts/${id}` });

describe('GET /api/public/posts/{id}', () => {
  it('answers the report without its people, and an open report only as precisely as open data', async () => {
    const post = await createPost(t.app, cast.citizen, { caption: 'Garbage pile behind the bus depot', priority: 'High' });
    const id = String(post._id);
    await t.app.inject({ method: 'PUT', url: '/api/posts/votePost', headers: cast.otherCitizen.auth, payload: { postId: id, type: 'upvote' } });
    await t.app.inject({ method: 'POST', url: '/api/posts/addComment', headers: cast.otherCitizen.auth, payload: { postId: id, content: 'My phone is 9876543210, call me' } });

    const res = await read(id);
    expect(res.statusCode).toBe(200);
    expect(publicPostAnswer.strict().safeParse(res.json()).success).toBe(true);
    const p = res.json<{ post: PublicPost & Record<string, unknown> }>().post;
    expect(p).toMatchObject({ _id: id, reference: post.reference, caption: 'Garbage pile behind the bus depot', priority: 'High', upvoteCount: 1, downvoteCount: 0, commentCount: 1 });
    for (const key of ['user', 'upvotes', 'downvotes', 'myVote', 'comments', 'assignedGovernment']) expect(p, key).not.toHaveProperty(key);
    // Nobody's name, email or id, and no comment text, anywhere in the answer.
    for (const secret of [cast.citizen.email, cast.citizen.id, 'Asha Citizen', cast.otherCitizen.email, cast.otherCitizen.id, 'Ravi Neighbour', '9876543210']) {
      expect(res.body, secret).not.toContain(secret);
    }
    // Open: where it is as open data has it: no street address or landmark, the pin to about 100 m.
    expect(p.location).toMatchObject({ state: SAMPLE_LOCATION.state, pincode: SAMPLE_LOCATION.pincode, address: '', landmark: '' });
    for (const exact of [SAMPLE_LOCATION.address, SAMPLE_LOCATION.landmark]) expect(res.body, exact).not.toContain(exact);
    expect(p.location.coordinates).toEqual({ lat: publicCoordinate(SAMPLE_LOCATION.coordinates.lat, false), lng: publicCoordinate(SAMPLE_LOCATION.coordinates.lng, false) });
    expect(p.location.coordinates.lat).not.toBe(SAMPLE_LOCATION.coordinates.lat);
  });

  it('the timeline names the department, not the reporter nor their words; a finished report shows its exact place and its proof', async () => {
    const post = await createPost(t.app, cast.citizen, { caption: 'Streetlight pole leaning over the road' });
    const id = String(post._id);
    await advanceTo(t.app, cast.verifiedGov, id, 'Waiting for User Verification');
    const rejected = await t.app.inject({ method: 'PUT', url: `/api/user/rejectResolution/${id}`, headers: cast.citizen.auth, payload: { reason: 'Still leaning' } });
    expect(rejected.statusCode).toBe(200);
    await advanceTo(t.app, cast.verifiedGov, id, 'Waiting for User Verification');
    expect((await t.app.inject({ method: 'PUT', url: `/api/user/verifyPost/${id}`, headers: cast.citizen.auth })).statusCode).toBe(200);

    const res = await read(id);
    const p = res.json<{ post: PublicPost }>().post;
    expect(p.progressState).toBe('Finished');
    expect(p.location.coordinates).toEqual(SAMPLE_LOCATION.coordinates);
    expect(p.location).toMatchObject({ address: SAMPLE_LOCATION.address, landmark: SAMPLE_LOCATION.landmark });
    expect(p.finalUpdate?.images.length).toBe(1);
    const byDepartment = p.history.filter((e) => e.actor.role === 'government');
    expect(byDepartment.length).toBeGreaterThan(0);
    expect(byDepartment.every((e) => e.actor.name === 'Verified Department' && e.actor._id === cast.verifiedGov.id)).toBe(true);
    const byReporter = p.history.filter((e) => e.actor.role === 'user');
    expect(byReporter.map((e) => e.action)).toEqual(['reject', 'verify']);
    expect(byReporter.every((e) => e.actor.name === '' && e.actor._id === null && e.note === null)).toBe(true);
    // The reporter's words stay private, like comments.
    expect(res.body).not.toContain('Still leaning');
    expect(res.body).not.toContain('Asha Citizen');
    expect(res.body).not.toContain(cast.citizen.id);
  });

  it('an unknown id is a 404, an over-long one a 400; no session is needed and a token changes nothing', async () => {
    expect((await read('0'.repeat(24))).statusCode).toBe(404);
    expect((await read('x'.repeat(65))).statusCode).toBe(400);
    const post = await createPost(t.app, cast.citizen, { caption: 'Water leaking from the main line' });
    const anonymous = await read(String(post._id));
    const signedIn = await t.app.inject({ method: 'GET', url: `/api/public/posts/${post._id}`, headers: cast.citizen.auth });
    expect(signedIn.json()).toEqual(anonymous.json());
  });
});

describe('reads without an account are limited per address', () => {
  it('answers 429 past PUBLIC_READ_RATE_MAX in a window, with a message', async () => {
    const small = await createTestApp({ PUBLIC_READ_RATE_MAX: '3' });
    try {
      const citizen = (await createCast(small.app)).citizen;
      const post = await createPost(small.app, citizen);
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await small.app.inject({ method: 'GET', url: `/api/public/posts/${post._id}` })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const refused = await small.app.inject({ method: 'GET', url: `/api/public/posts/${post._id}` });
      expect(refused.json<{ message: string }>().message).toBe('Too many requests from this address. Please wait a minute and try again.');
    } finally {
      await small.close();
    }
  });
});
