/**
 * Issue 12, profiles (server part): what each viewer sees of each profile, the owner's edit with its
 * rules and photo pipeline, and that nothing but the profile's own fields can be set that way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { PROFILE_TEXTS, PUBLISHABLE_FIELDS } from '@civicpulse/shared';
import { advanceTo, createPost, createTestApp, jpeg, loginAdmin, multipart, signupCitizen, signupGovernment, type Actor, type TestApp } from './helpers/app.js';

let t: TestApp;
let app: FastifyInstance;
let owner: Actor;
let other: Actor;
let dept: Actor;
let admin: Actor;

const PERSONAL = {
  phone: '+919876501234',
  dob: '1990-05-17',
  gender: 'Female',
  city: 'Pune',
  state: 'Maharashtra',
  bio: 'Cycling to work; I report broken footpaths.',
  address: '14 FC Road, Shivajinagar',
  pincode: '411005',
  landmark: 'Opposite the library',
  socialLinks: JSON.stringify({ twitter: 'https://x.com/asha', youtube: 'https://youtube.com/@asha' }),
};

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  owner = await signupCitizen(app, 'Asha Owner');
  other = await signupCitizen(app, 'Ravi Other');
  dept = await signupGovernment(app, { verified: true, department: 'Ward 7 Roads' });
  admin = await loginAdmin(app);
});
afterAll(() => t.close());

async function edit(who: Actor, fields: Record<string, string>, photo?: Buffer, path = '/api/user/updateProfile', photoField = 'file') {
  const form = multipart(fields, photo ? [{ field: photoField, filename: 'me.jpg', type: 'image/jpeg', data: photo }] : []);
  return app.inject({ method: 'PUT', url: path, headers: { ...who.auth, ...form.headers }, payload: form.payload });
}
async function profile(who: Actor | null, url: string) {
  return app.inject({ method: 'GET', url, headers: who ? who.auth : {} });
}

describe('reading a citizen profile', () => {
  it('the owner and admins see every field; others see the public ones and what the owner published', async () => {
    const saved = await edit(owner, PERSONAL);
    expect(saved.statusCode, saved.body).toBe(200);
    const url = `/api/user/profile/user/${owner.id}`;
    const mine = (await profile(owner, url)).json<Record<string, unknown>>();
    expect(mine).toMatchObject({ _id: owner.id, name: 'Asha Owner', email: owner.email, ...PERSONAL, gender: 'female', socialLinks: JSON.parse(PERSONAL.socialLinks), publicFields: [] });
    const asAdmin = (await profile(admin, url)).json<Record<string, unknown>>();
    expect(asAdmin).toMatchObject({ email: owner.email, phone: PERSONAL.phone, dob: PERSONAL.dob });

    // Table: each personal field, for every other kind of viewer, hidden by default.
    for (const viewer of [other, dept]) {
      const seen = (await profile(viewer, url)).json<Record<string, unknown>>();
      expect(seen).toMatchObject({ name: 'Asha Owner', city: 'Pune', state: 'Maharashtra', bio: PERSONAL.bio, isVerified: false });
      for (const field of PUBLISHABLE_FIELDS.user) expect(seen, `${field} for ${viewer.role}`).not.toHaveProperty(field);
      expect((seen.hiddenFields as string[]).sort()).toEqual([...PUBLISHABLE_FIELDS.user].sort());
      expect(seen).not.toHaveProperty('publicFields');
    }

    // Publishing the phone shows the phone, and still not the date of birth.
    expect((await edit(owner, { publicFields: JSON.stringify(['phone']) })).statusCode).toBe(200);
    const now = (await profile(other, url)).json<Record<string, unknown>>();
    expect(now.phone).toBe(PERSONAL.phone);
    expect(now).not.toHaveProperty('dob');
    expect(now).not.toHaveProperty('email');
  });

  it("answers 404 'Profile not found' for an unknown id, the wrong role and admins; 401 without a token", async () => {
    for (const url of [
      `/api/user/profile/user/${'f'.repeat(24)}`,
      `/api/user/profile/user/${dept.id}`,
      `/api/gov/profile/government/${owner.id}`,
      `/api/user/profile/government/${dept.id}`,
      `/api/user/profile/admin/${admin.id}`,
      `/api/user/profile/user/${admin.id}`,
    ]) {
      const res = await profile(other, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Profile not found' });
    }
    expect((await profile(null, `/api/user/profile/user/${owner.id}`)).statusCode).toBe(401);
  });
});

describe('reading a department profile', () => {
  it('office contact is public; ID proof and proof document only for the department and admins', async () => {
    const saved = await edit(
      dept,
      {
        authorityName: 'Ward 7 Roads Office',
        designation: 'Executive Engineer',
        jurisdictionArea: 'Ward 7',
        officeAddress: 'Ward Office, Aundh',
        website: 'https://pmc.gov.in/ward7',
        alternateContact: '9123456780',
        idProofType: 'Government ID',
        idProofNumber: 'GOV-778812',
      },
      undefined,
      '/api/gov/updateProfile',
      'profilePhoto',
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().government).toMatchObject({ authorityName: 'Ward 7 Roads Office', idProofNumber: 'GOV-778812' });
    const url = `/api/gov/profile/government/${dept.id}`;
    const seen = (await profile(owner, url)).json<Record<string, unknown>>();
    expect(seen).toMatchObject({
      authorityName: 'Ward 7 Roads Office',
      officialEmail: dept.email,
      phone: '+919876543210',
      officeAddress: 'Ward Office, Aundh',
      website: 'https://pmc.gov.in/ward7',
      jurisdictionArea: 'Ward 7',
      isVerified: true,
    });
    for (const field of ['idProofType', 'idProofNumber', 'proofDocumentUrl', 'alternateContact']) expect(seen, field).not.toHaveProperty(field);
    for (const viewer of [dept, admin]) {
      const full = (await profile(viewer, url)).json<Record<string, unknown>>();
      expect(full).toMatchObject({ idProofType: 'Government ID', idProofNumber: 'GOV-778812', alternateContact: '+919123456780' });
      expect(full.proofDocumentUrl).toMatch(new RegExp(`/api/gov/proofDocument/${dept.id}$`));
    }
  });
});

describe('editing a profile', () => {
  it('takes a date of birth as the spec\'s client sends it, a full ISO date-time, and keeps the date', async () => {
    for (const [sent, kept] of [
      ['1990-04-12T00:00:00.000Z', '1990-04-12'],
      ['1988-11-03T00:00:00Z', '1988-11-03'],
      ['1985-01-31T05:30:00+05:30', '1985-01-31'],
      ['1992-07-09', '1992-07-09'],
    ] as const) {
      const res = await edit(owner, { dob: sent });
      expect(res.statusCode, sent).toBe(200);
      expect((await profile(owner, `/api/user/profile/user/${owner.id}`)).json<Record<string, unknown>>().dob).toBe(kept);
    }
    for (const bad of ['1990-02-30T00:00:00.000Z', '1990-04-12T00:00:00.000Zjunk', '1990-04-12 00:00', '1990-04-12T25']) {
      const res = await edit(owner, { dob: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(PROFILE_TEXTS.dobFormat);
    }
    await edit(owner, { dob: PERSONAL.dob });
  });

  it('refuses bad values with a clear message and changes nothing', async () => {
    const before = (await profile(owner, `/api/user/profile/user/${owner.id}`)).body;
    const cases: Array<[Record<string, string>, string]> = [
      [{ dob: '2999-01-01' }, PROFILE_TEXTS.dobFuture],
      [{ dob: new Date(Date.now() - 5 * 365 * 86_400_000).toISOString().slice(0, 10) }, PROFILE_TEXTS.dobTooYoung],
      [{ dob: '17/05/1990' }, PROFILE_TEXTS.dobFormat],
      [{ dob: '2001-02-30' }, PROFILE_TEXTS.dobFormat],
      [{ gender: 'robot' }, PROFILE_TEXTS.gender],
      [{ phone: '12345' }, PROFILE_TEXTS.phone],
      [{ pincode: '4110' }, PROFILE_TEXTS.pincode],
      [{ state: 'Atlantis' }, PROFILE_TEXTS.state],
      [{ socialLinks: '{not json' }, PROFILE_TEXTS.socialLinksJson],
      [{ socialLinks: JSON.stringify({ twitter: 'http://x.com/a' }) }, PROFILE_TEXTS.socialLink('twitter')],
      [{ socialLinks: JSON.stringify({ linkedin: 'javascript:alert(1)' }) }, PROFILE_TEXTS.socialLink('linkedin')],
      [{ bio: 'x'.repeat(1001) }, PROFILE_TEXTS.tooLong('Bio', 1000)],
      [{ name: '   ' }, PROFILE_TEXTS.nameRequired],
      [{ publicFields: JSON.stringify(['password']) }, PROFILE_TEXTS.publicFields],
    ];
    for (const [fields, message] of cases) {
      const res = await edit(owner, { ...fields, city: 'Changed City' });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect((await profile(owner, `/api/user/profile/user/${owner.id}`)).body).toBe(before);
  });

  it('ignores fields a profile edit may not set (role, verification, email, resolved count)', async () => {
    const res = await edit(owner, { role: 'admin', isVerified: 'true', is_verified: '1', email: 'taken@evil.in', resolvedIssuesCount: '99', city: 'Nashik' });
    expect(res.statusCode).toBe(200);
    const row = (await app.ctx.repos.accounts.findById(owner.id))!;
    expect(row).toMatchObject({ role: 'user', is_verified: 0, email: owner.email, resolved_issues_count: 0, city: 'Nashik' });
    const asJson = await app.inject({ method: 'PUT', url: '/api/gov/updateProfile', headers: dept.auth, payload: { resolvedIssuesCount: 500, isVerified: false, designation: 'Chief Engineer' } });
    expect(asJson.statusCode, asJson.body).toBe(200);
    expect((await app.ctx.repos.accounts.findById(dept.id))!).toMatchObject({ resolved_issues_count: 0, is_verified: 1, designation: 'Chief Engineer' });
    // Each role edits through its own route only.
    expect((await edit(dept, { city: 'X' })).statusCode).toBe(403);
    expect((await edit(owner, { city: 'X' }, undefined, '/api/gov/updateProfile', 'profilePhoto')).statusCode).toBe(403);
  });

  it('a blank field clears it; a field not sent stays', async () => {
    expect((await edit(owner, { landmark: '', bio: 'New bio' })).statusCode).toBe(200);
    const row = (await app.ctx.repos.accounts.findById(owner.id))!;
    expect(row.landmark).toBeNull();
    expect(row.bio).toBe('New bio');
    expect(row.phone).toBe(PERSONAL.phone);
  });

  it('a photo is cropped square to 256 and 64 px WebP without EXIF; the old files go; the token carries the new name and photo', async () => {
    const first = await edit(owner, { name: 'Asha V.' }, await jpeg(640, 360, { orientation: 6 }));
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json<{ message: string; user: { profilePhoto: string; profilePhotoSmall: string; name: string }; token: string }>();
    expect(body.message).toBe('Profile updated successfully');
    const large = (await app.ctx.repos.accounts.findById(owner.id))!;
    for (const [key, size] of [[large.profile_photo!, 256], [large.profile_photo_small!, 64]] as const) {
      const file = (await app.ctx.storage.get(key))!;
      const meta = await sharp(file.data).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: size, height: size });
      expect(meta.exif).toBeUndefined();
    }
    const served = await app.inject({ method: 'GET', url: new URL(body.user.profilePhoto).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const claims = JSON.parse(Buffer.from(body.token.split('.')[1]!, 'base64url').toString()) as { name: string; profilePhoto: string };
    expect(claims).toMatchObject({ name: 'Asha V.', profilePhoto: body.user.profilePhoto });

    const second = await edit(owner, {}, await jpeg(200, 300));
    expect(second.statusCode).toBe(200);
    expect(await app.ctx.storage.get(large.profile_photo!)).toBeNull();
    expect(await app.ctx.storage.get(large.profile_photo_small!)).toBeNull();
    const notAnImage = await edit(owner, {}, Buffer.from('%PDF-1.4 not an image'));
    expect(notAnImage.statusCode).toBe(415);
    expect(notAnImage.json()).toEqual({ message: PROFILE_TEXTS.photoType });
  });
});

describe('real metrics', () => {
  it("a department's and a citizen's figures agree with a count over the rows", async () => {
    const d = await signupGovernment(app, { verified: true, department: 'Metrics Office' });
    const asha = await signupCitizen(app, 'Metrics Asha');
    const ravi = await signupCitizen(app, 'Metrics Ravi');
    const posts = [await createPost(app, asha), await createPost(app, asha), await createPost(app, ravi), await createPost(app, ravi), await createPost(app, ravi)];
    for (const p of posts.slice(0, 4)) await advanceTo(app, d, p._id, 'Waiting for User Verification');
    const verify = (who: Actor, id: string) => app.inject({ method: 'PUT', url: `/api/user/verifyPost/${id}`, headers: who.auth });
    expect((await verify(asha, posts[0]!._id)).statusCode).toBe(200);
    // Turned down once, then fixed again and confirmed: counted once, as resolved.
    expect((await app.inject({ method: 'PUT', url: `/api/user/rejectResolution/${posts[2]!._id}`, headers: ravi.auth, payload: { reason: 'Still leaking' } })).statusCode).toBe(200);
    await advanceTo(app, d, posts[2]!._id, 'Waiting for User Verification');
    expect((await verify(ravi, posts[2]!._id)).statusCode).toBe(200);
    // Taken and released again: not held, not counted.
    await advanceTo(app, d, posts[4]!._id, 'Problem Seen');
    expect((await app.inject({ method: 'PUT', url: `/api/gov/regressProgressState/${posts[4]!._id}`, headers: d.auth })).statusCode).toBe(200);
    await app.inject({ method: 'PUT', url: '/api/posts/votePost', headers: asha.auth, payload: { postId: posts[3]!._id, type: 'upvote' } });
    await app.inject({ method: 'POST', url: '/api/posts/addComment', headers: asha.auth, payload: { postId: posts[3]!._id, content: 'Same here' } });

    const gov = (await profile(asha, `/api/gov/profile/government/${d.id}`)).json<{ metrics: Record<string, unknown> & { recentActivity: Array<{ postId: string; to: string }> } }>().metrics;
    const db = app.ctx.database.db;
    const held = await db.selectFrom('posts').select(['id', 'finished', 'author_id']).where('assigned_government', '=', d.id).execute();
    const finished = held.filter((p) => p.finished === 1);
    expect(gov).toMatchObject({
      resolvedIssues: 2,
      activeCases: held.length - finished.length,
      takenOver: held.length,
      successRate: Math.round((finished.length / held.length) * 1000) / 1000,
      citizensServed: new Set(finished.map((p) => p.author_id)).size,
    });
    expect(gov.takenOver).toBe(4);
    expect(gov.citizensServed).toBe(2);
    const moves = await db.selectFrom('progress_history').select(['id', 'post_id', 'to_state']).where('actor_id', '=', d.id).orderBy('id', 'desc').limit(10).execute();
    expect(gov.recentActivity.map((m) => [m.postId, m.to])).toEqual(moves.map((m) => [m.post_id, m.to_state]));
    expect(gov.medianResponseHours).not.toBeNull();

    const citizen = (await profile(ravi, `/api/user/profile/user/${asha.id}`)).json<{ metrics: Record<string, unknown> & { recentReports: Array<{ _id: string }> } }>().metrics;
    expect(citizen).toMatchObject({ reportsFiled: 2, reportsResolved: 1, votesGiven: 1, comments: 1 });
    expect(citizen.recentReports.map((r) => r._id)).toEqual([posts[1]!._id, posts[0]!._id]);
  });
});
