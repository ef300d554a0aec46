/**
 * Issue 9: a client written to the spec, hosted on another origin, and the holes a new user or a
 * hostile one finds. Each block names the issue item it holds to.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LENGTH_TEXTS, LIMITS, POST_TEXTS, TEXTS, type Post } from '@civicpulse/shared';
import {
  ADMIN,
  SAMPLE_LOCATION,
  advanceTo,
  createPost,
  createTestApp,
  finalForm,
  multipart,
  signupCitizen,
  signupGovernment,
  tinyPng,
  uniqueEmail,
  type Actor,
  type TestApp,
} from './helpers/app.js';

// Counts scrypt runs (item 10): login timing follows the number of password checks, not a stopwatch.
const scryptRuns = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:crypto')>();
  const scrypt = ((...args: Parameters<typeof real.scrypt>) => {
    scryptRuns.count += 1;
    return (real.scrypt as (...a: unknown[]) => void)(...args);
  }) as typeof real.scrypt;
  return { ...real, default: { ...real, scrypt }, scrypt };
});

const SPA = 'https://spa.example.org';
let t: TestApp;
let citizen: Actor;
let dept: Actor;
beforeAll(async () => {
  t = await createTestApp({ CORS_ORIGINS: `${SPA},https://other.example.net` });
  citizen = await signupCitizen(t.app, 'Meera');
  dept = await signupGovernment(t.app, { verified: true });
});
afterAll(async () => {
  await t.close();
});

const json = (method: 'POST' | 'PUT', url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, payload, headers });

describe('1. CORS for a spec client on an allowed origin', () => {
  const preflight = (origin: string, method: string, url: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url,
      headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization,content-type' },
    });

  it.each([
    ['PUT', '/api/posts/votePost'],
    ['PUT', '/api/user/editPosts/abc'],
    ['DELETE', '/api/posts/deleteComment'],
    ['DELETE', '/api/user/deletePosts/abc'],
    ['PATCH', '/api/user/createPost'],
  ])('lets a %s preflight to %s through with Authorization and Content-Type', async (method, url) => {
    const res = await preflight(SPA, method, url);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(SPA);
    const methods = String(res.headers['access-control-allow-methods']).split(/,\s*/);
    expect(methods).toEqual(expect.arrayContaining(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']));
    const headers = String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
    expect(headers).toEqual(expect.arrayContaining(['authorization', 'content-type']));
  });

  it('grants nothing to an origin that is not configured', async () => {
    const res = await preflight('https://evil.example', 'PUT', '/api/posts/votePost');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers the real cross-origin vote with the allow-origin header', async () => {
    const post = await createPost(t.app, citizen);
    const other = await signupCitizen(t.app, 'Neighbour');
    const res = await json('PUT', '/api/posts/votePost', { postId: post._id, type: 'upvote' }, { ...other.auth, origin: SPA });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(SPA);
  });
});

describe('4. editing with a partial location', () => {
  const edit = (id: string, payload: object) => json('PUT', `/api/user/editPosts/${id}`, payload, citizen.auth);

  it('keeps the stored pin when the edit sends no coordinates (the spec edit modal has no map)', async () => {
    const post = await createPost(t.app, citizen);
    const { coordinates: _pin, ...withoutPin } = SAMPLE_LOCATION;
    const res = await edit(post._id, { location: { ...withoutPin, landmark: 'Behind the bus depot' } });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ post: Post }>().post.location).toEqual({
      ...SAMPLE_LOCATION,
      country: 'India',
      city: '',
      landmark: 'Behind the bus depot',
    });
  });

  it('keeps every field left out, and still refuses one sent blank', async () => {
    const post = await createPost(t.app, citizen);
    const res = await edit(post._id, { location: JSON.stringify({ pincode: '400029' }) });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ post: Post }>().post.location).toMatchObject({ ...SAMPLE_LOCATION, pincode: '400029' });
    const blank = await edit(post._id, { location: { landmark: '  ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: TEXTS.validation.landmarkRequired });
  });
});

describe('5. the right password on the wrong login tab', () => {
  let govEmail: string;
  beforeAll(async () => {
    govEmail = dept.email;
  });

  it("tells a citizen on the Government tab 'Access denied: Not a government account'", async () => {
    const res = await json('POST', '/api/gov/login', { officialEmail: citizen.email, password: citizen.password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Access denied: Not a government account' });
  });

  it('tells a department on the User tab, and accounts on the Admin tab, which tab is theirs', async () => {
    const onUserTab = await json('POST', '/api/user/login', { email: govEmail, password: dept.password });
    expect(onUserTab.statusCode).toBe(403);
    expect(onUserTab.json()).toEqual({ message: TEXTS.auth.useGovernmentTab });
    const adminOnUserTab = await json('POST', '/api/user/login', { email: ADMIN.email, password: ADMIN.password });
    expect(adminOnUserTab.json()).toEqual({ message: TEXTS.auth.useAdminTab });
    const citizenOnAdminTab = await json('POST', '/api/admin/login', { email: citizen.email, password: citizen.password, secretKey: 'x' });
    expect(citizenOnAdminTab.statusCode).toBe(403);
    expect(citizenOnAdminTab.json()).toEqual({ message: TEXTS.auth.useUserTab });
    const adminOnGovTab = await json('POST', '/api/gov/login', { officialEmail: ADMIN.email, password: ADMIN.password });
    expect(adminOnGovTab.json()).toEqual({ message: TEXTS.auth.notGovernment });
  });

  it('keeps a wrong password and an unknown email alike on every tab: no hint about the role', async () => {
    const answers = await Promise.all([
      json('POST', '/api/gov/login', { officialEmail: citizen.email, password: 'wrong-pass' }),
      json('POST', '/api/gov/login', { officialEmail: uniqueEmail('ghost'), password: 'wrong-pass' }),
      json('POST', '/api/user/login', { email: govEmail, password: 'wrong-pass' }),
      json('POST', '/api/admin/login', { email: citizen.email, password: 'wrong-pass', secretKey: 'x' }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: TEXTS.auth.invalidCredentials });
    }
  });
});

describe('8. length limits on every text field, and a small token', () => {
  it('refuses a 100,000-character name with a clear text, creating nothing', async () => {
    const email = uniqueEmail('long');
    const res = await json('POST', '/api/user/signup', { name: 'x'.repeat(100_000), email, password: 'secret1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: LENGTH_TEXTS.name });
    expect(await t.app.ctx.repos.accounts.findByEmail(email)).toBeUndefined();
  });

  it.each([
    ['user signup email', '/api/user/signup', { name: 'A', email: `${'a'.repeat(250)}@b.in`, password: 'secret1' }, LENGTH_TEXTS.email],
    ['user signup password', '/api/user/signup', { name: 'A', email: 'ok@b.in', password: 'p'.repeat(129) }, LENGTH_TEXTS.password],
    ['login email', '/api/user/login', { email: `${'a'.repeat(250)}@b.in`, password: 'secret1' }, LENGTH_TEXTS.email],
    ['login password', '/api/gov/login', { officialEmail: 'a@b.in', password: 'p'.repeat(129) }, LENGTH_TEXTS.password],
    ['admin secret key', '/api/admin/login', { email: 'a@b.in', password: 'secret1', secretKey: 'k'.repeat(257) }, LENGTH_TEXTS.secretKey],
    ['contact name', '/api/contact', { name: 'n'.repeat(121), email: 'a@b.in', message: 'Hello' }, LENGTH_TEXTS.name],
  ])('refuses an over-long %s', async (_label, url, payload, message) => {
    const res = await json('POST', url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it.each([
    ['department', { department: 'D'.repeat(121) }, LENGTH_TEXTS.department],
    ['city', { city: 'C'.repeat(101) }, LENGTH_TEXTS.city],
  ])('refuses a government signup with an over-long %s, storing no proof', async (_label, fields, message) => {
    const email = uniqueEmail('dept');
    const form = multipart(
      { department: 'PWD', email, password: 'secret1', confirmPassword: 'secret1', phone: '9876543210', city: 'Pune', ...fields },
      [{ field: 'proofDoc', filename: 'proof.png', type: 'image/png', data: tinyPng() }],
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/gov/signup', ...form });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await t.app.ctx.repos.accounts.findByEmail(email)).toBeUndefined();
  });

  it.each([
    ['landmark', { landmark: 'L'.repeat(LIMITS.landmarkMaxChars + 1) }, POST_TEXTS.landmarkTooLong],
    ['address', { address: 'A'.repeat(LIMITS.addressMaxChars + 1) }, POST_TEXTS.addressTooLong],
    ['pincode', { pincode: '4'.repeat(LIMITS.pincodeMaxChars + 1) }, POST_TEXTS.pincodeTooLong],
  ])('refuses a report edit with an over-long %s', async (_label, change, message) => {
    const post = await createPost(t.app, citizen);
    const res = await json('PUT', `/api/user/editPosts/${post._id}`, { location: { ...SAMPLE_LOCATION, ...change } }, citizen.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('refuses over-long captions, comments and reasons', async () => {
    const post = await createPost(t.app, citizen);
    const long = 'z'.repeat(LIMITS.commentMaxChars + 1);
    const caption = await json('PUT', `/api/user/editPosts/${post._id}`, { caption: long }, citizen.auth);
    expect(caption.json()).toEqual({ message: POST_TEXTS.captionTooLong });
    const comment = await json('POST', '/api/posts/addComment', { postId: post._id, content: long }, citizen.auth);
    expect(comment.json()).toEqual({ message: POST_TEXTS.commentTooLong });
    const reason = await json('PUT', `/api/user/rejectResolution/${post._id}`, { reason: long }, citizen.auth);
    expect(reason.json()).toEqual({ message: POST_TEXTS.reasonTooLong });
  });

  it('keeps the token small for the longest name and email allowed, with only the contract claims', async () => {
    const email = `${'e'.repeat(LIMITS.emailMaxChars - 8)}@mail.in`;
    expect(email).toHaveLength(LIMITS.emailMaxChars);
    const signup = await json('POST', '/api/user/signup', { name: 'ह'.repeat(LIMITS.nameMaxChars), email, password: 'secret1' });
    expect(signup.statusCode).toBe(201);
    const { token } = (await json('POST', '/api/user/login', { email, password: 'secret1' })).json<{ token: string }>();
    expect(token.length).toBeLessThan(2048);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(Object.keys(claims).sort()).toEqual(['email', 'exp', 'iat', 'id', 'name', 'profilePhoto', 'role']);
    // And the account works on later requests (no 431 from an oversized header).
    const feed = await t.app.inject({ method: 'GET', url: '/api/user/allPosts?limit=1', headers: { authorization: `Bearer ${token}` } });
    expect(feed.statusCode).toBe(200);
  });

  it('bounds the token of an account stored before the limits existed', async () => {
    const email = uniqueEmail('legacy');
    await json('POST', '/api/user/signup', { name: 'Legacy', email, password: 'secret1' });
    const row = (await t.app.ctx.repos.accounts.findByEmail(email))!;
    await t.app.ctx.repos.accounts.update(row.id, { name: 'n'.repeat(100_000) });
    const { token } = (await json('POST', '/api/user/login', { email, password: 'secret1' })).json<{ token: string }>();
    expect(token.length).toBeLessThan(2048);
  });
});

describe('10. admin login costs the same whether the password or the secret key was wrong', () => {
  const attempt = async (payload: object) => {
    scryptRuns.count = 0;
    const res = await json('POST', '/api/admin/login', payload);
    return { status: res.statusCode, message: res.json<{ message?: string }>().message, checks: scryptRuns.count };
  };

  it('runs two password checks on every attempt and answers the same text', async () => {
    await attempt({ email: uniqueEmail('warmup'), password: 'x', secretKey: 'y' }); // builds the dummy hash once
    const wrongPassword = await attempt({ email: ADMIN.email, password: 'not-it', secretKey: ADMIN.secret });
    const wrongSecret = await attempt({ email: ADMIN.email, password: ADMIN.password, secretKey: 'not-it' });
    const unknown = await attempt({ email: uniqueEmail('ghost'), password: 'not-it', secretKey: 'not-it' });
    const right = await attempt({ email: ADMIN.email, password: ADMIN.password, secretKey: ADMIN.secret });
    for (const failed of [wrongPassword, wrongSecret, unknown]) {
      expect(failed).toEqual({ status: 401, message: TEXTS.auth.invalidCredentials, checks: 2 });
    }
    expect(right).toMatchObject({ status: 200, checks: 2 });
  });
});

describe('11. final proof by links names only photos stored for this post', () => {
  const advance = (id: string, payload: object) => json('PUT', `/api/gov/progressState/${id}`, payload, dept.auth);

  it('refuses external URLs and other posts\' photos, and accepts this post\'s own stored proof', async () => {
    const reporter = citizen;
    const { _id } = await createPost(t.app, reporter);
    await advanceTo(t.app, dept, _id, 'Work Near Completion');
    // A first proof, uploaded to us, turned down by the reporter: its photos stay stored with the post.
    const form = await finalForm('First try');
    expect((await t.app.inject({ method: 'PUT', url: `/api/gov/updateFinalWork/${_id}`, headers: { ...dept.auth, ...form.headers }, payload: form.payload })).statusCode).toBe(200);
    const proof = (await t.app.inject({ method: 'GET', url: `/api/posts/post/${_id}`, headers: reporter.auth })).json<{ post: Post }>().post.finalUpdate!;
    expect((await json('PUT', `/api/user/rejectResolution/${_id}`, { reason: 'Still broken' }, reporter.auth)).statusCode).toBe(200);
    await advanceTo(t.app, dept, _id, 'Work Near Completion');

    const other = await createPost(t.app, reporter);
    const otherPhoto = (other as unknown as Post).images[0]!.url;
    const reportPhoto = (await t.app.inject({ method: 'GET', url: `/api/posts/post/${_id}`, headers: reporter.auth })).json<{ post: Post }>().post.images[0]!.url;
    for (const url of ['https://img.example/a.jpg', 'javascript:alert(1)', otherPhoto, reportPhoto, `${proof.images[0]!.url}?x=1`, 'http://localhost:80/uploads/../private/proofs/x.pdf']) {
      const res = await advance(_id, { finalCaption: 'Done', finalImages: [{ url, public_id: 'a' }] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ message: POST_TEXTS.finalImageUrl });
    }
    const current = (await t.app.inject({ method: 'GET', url: `/api/posts/post/${_id}`, headers: reporter.auth })).json<{ post: Post }>().post;
    expect(current.progressState).toBe('Work Near Completion');

    const ok = await advance(_id, { finalCaption: 'Fixed properly now', finalImages: proof.images.map((i) => ({ url: i.url, public_id: 'p' })) });
    expect(ok.statusCode).toBe(200);
    const post = ok.json<{ post: Post }>().post;
    expect(post.progressState).toBe('Waiting for User Verification');
    // The same files under rows of this final update (each photo row has its own `_id`).
    expect(post.finalUpdate).toEqual({ caption: 'Fixed properly now', images: proof.images.map((i) => ({ ...i, _id: expect.any(String) })) });
    // The photos are served as before.
    expect((await t.app.inject({ method: 'GET', url: new URL(proof.images[0]!.url).pathname })).statusCode).toBe(200);
  });
});

describe('14. per-account rate limits on votes, edits and progress moves', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_WRITE_MAX: '3' });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('answers 429 after the limit, per account, for votes, edits and moves', async () => {
    const reporter = await signupCitizen(limited.app, 'Reporter');
    const voter = await signupCitizen(limited.app, 'Voter');
    const office = await signupGovernment(limited.app, { verified: true });
    const post = await createPost(limited.app, reporter);
    const call = (actor: Actor, method: 'PUT', url: string, payload?: object) =>
      limited.app.inject({ method, url, headers: actor.auth, ...(payload ? { payload } : {}) });

    const votes: number[] = [];
    for (let i = 0; i < 4; i++) votes.push((await call(voter, 'PUT', '/api/posts/votePost', { postId: post._id, type: 'upvote' })).statusCode);
    expect(votes).toEqual([200, 200, 200, 429]);
    const refused = await call(voter, 'PUT', '/api/posts/votePost', { postId: post._id, type: 'upvote' });
    expect(refused.json()).toEqual({ message: TEXTS.auth.rateLimited });

    // Each account (and each route) has its own budget: the voter's spent votes do not touch the reporter's edits.
    const edits: number[] = [];
    for (let i = 0; i < 4; i++) edits.push((await call(reporter, 'PUT', `/api/user/editPosts/${post._id}`, { caption: `Edit ${i}` })).statusCode);
    expect(edits).toEqual([200, 200, 200, 429]);

    const moves: number[] = [];
    for (let i = 0; i < 4; i++) moves.push((await call(office, 'PUT', `/api/gov/progressState/${post._id}`)).statusCode);
    expect(moves).toEqual([200, 200, 200, 429]);
    const state = (await limited.app.inject({ method: 'GET', url: `/api/posts/post/${post._id}`, headers: reporter.auth })).json<{ post: Post }>();
    expect(state.post.progressState).toBe('Work Started');
  });
});
