/**
 * Indian phone numbers and pincodes through the API (issue 30 item 5): a department's signup, profile
 * edits and a report's pincode take what people type, store phones normalised ("+919876543210"), and
 * refuse the rest with 400 and the reason. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationProvider } from '../src/db/migrations/index.js';
import { PROFILE_TEXTS, REPORTS_TEXTS, TEXTS, type Post } from '@civicpulse/shared';
import { SAMPLE_LOCATION, createPost, createTestApp, multipart, postForm, signupCitizen, signupGovernment, tinyPng, uniqueEmail, type Actor, type TestApp } from './helpers/app.js';

let t: TestApp;
let citizen: Actor;
let dept: Actor;
beforeAll(async () => {
  t = await createTestApp();
  citizen = await signupCitizen(t.app, 'Asha Numbers');
  dept = await signupGovernment(t.app, { department: 'Ward 9 Water' });
});
afterAll(() => t.close());

const V = TEXTS.validation;

async function govSignup(phone: string) {
  const email = uniqueEmail('phone');
  const body = multipart({ department: 'Pune Water Works', email, password: 'secret1', confirmPassword: 'secret1', phone, city: 'Pune' }, [
    { field: 'proofDoc', filename: 'proof.png', type: 'image/png', data: tinyPng() },
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/api/gov/signup', ...body });
  return { res, row: await t.app.ctx.repos.accounts.findByEmail(email) };
}

function editProfile(who: Actor, fields: Record<string, string>, path = '/api/user/updateProfile') {
  const form = multipart(fields);
  return t.app.inject({ method: 'PUT', url: path, headers: { ...who.auth, ...form.headers }, payload: form.payload });
}

describe('phones', () => {
  it.each([
    ['98765 43210', '+919876543210'],
    ['+91 98765 43210', '+919876543210'],
    ['020 2550 1000', '+912025501000'],
  ])('a department signing up with %j is stored as %s', async (phone, stored) => {
    const { res, row } = await govSignup(phone);
    expect(res.statusCode, res.body).toBe(201);
    expect(row?.phone).toBe(stored);
  });

  it.each([
    ['12345', V.phoneDigits],
    ['2025501000', V.phoneFormat],
    ['+44 20 7946 0958', V.phoneFormat],
    ['98765 abcde', V.phoneFormat],
  ])('a department signing up with %j gets 400 and no account', async (phone, message) => {
    const { res, row } = await govSignup(phone);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(row).toBeUndefined();
  });

  it("a citizen's profile phone is stored normalised and answered so; a bad one is refused", async () => {
    const res = await editProfile(citizen, { phone: '098765-43210' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ user: { phone: string } }>().user.phone).toBe('+919876543210');
    expect((await t.app.ctx.repos.accounts.findById(citizen.id))?.phone).toBe('+919876543210');
    const bad = await editProfile(citizen, { phone: '020 2550 10' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: PROFILE_TEXTS.phone });
    const letters = await editProfile(citizen, { phone: 'ninety-eight' });
    expect(letters.statusCode).toBe(400);
    expect(letters.json()).toEqual({ message: PROFILE_TEXTS.phoneFormat });
    expect((await t.app.ctx.repos.accounts.findById(citizen.id))?.phone).toBe('+919876543210');
  });

  it("a department's phone and alternate contact (a landline) are stored normalised", async () => {
    const res = await editProfile(dept, { phone: '+91 91234 56780', alternateContact: '(020) 2550-1000' }, '/api/gov/updateProfile');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ government: { phone: string; alternateContact: string } }>().government).toMatchObject({ phone: '+919123456780', alternateContact: '+912025501000' });
    const row = await t.app.ctx.repos.accounts.findById(dept.id);
    expect(row).toMatchObject({ phone: '+919123456780', alternate_contact: '+912025501000' });
    const bad = await editProfile(dept, { alternateContact: '25501000' }, '/api/gov/updateProfile');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: PROFILE_TEXTS.alternateContact });
  });
});

describe('migration 029 on phones stored before they were normalised', () => {
  it('normalises Indian phones and alternate contacts in place and leaves anything else as it was', async () => {
    const old = await createTestApp();
    try {
      const db = old.app.ctx.database.db;
      const a = await signupCitizen(old.app, 'Old Phone');
      const b = await signupCitizen(old.app, 'Foreign Phone');
      const c = await signupGovernment(old.app, { department: 'Old Landline Ward' });
      const migrator = new Migrator({ db, provider: migrationProvider });
      expect((await migrator.migrateTo('028_notification_groups')).error).toBeUndefined();
      await db.updateTable('accounts').set({ phone: '98765 43210' }).where('id', '=', a.id).execute();
      await db.updateTable('accounts').set({ phone: '+44 20 7946 0958' }).where('id', '=', b.id).execute();
      await db.updateTable('accounts').set({ phone: '0674-2345678', alternate_contact: '(020) 2550-1000' }).where('id', '=', c.id).execute();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const rows = await db.selectFrom('accounts').select(['id', 'phone', 'alternate_contact']).where('id', 'in', [a.id, b.id, c.id]).execute();
      const by = new Map(rows.map((r) => [r.id, r]));
      expect(by.get(a.id)).toMatchObject({ phone: '+919876543210' });
      expect(by.get(b.id)).toMatchObject({ phone: '+44 20 7946 0958' });
      expect(by.get(c.id)).toMatchObject({ phone: '+916742345678', alternate_contact: '+912025501000' });
      // Read back through the API as new accounts' phones are.
      const me = await old.app.inject({ method: 'GET', url: '/api/account/export', headers: a.auth });
      expect(me.statusCode).toBe(200);
      expect(me.body).toContain('+919876543210');
    } finally {
      await old.close();
    }
  });
});

describe("a report's pincode", () => {
  const submit = async (pincode: string) => {
    const body = await postForm({ location: { ...SAMPLE_LOCATION, pincode } });
    return t.app.inject({ method: 'POST', url: '/api/user/createPost', headers: { ...citizen.auth, ...body.headers }, payload: body.payload });
  };

  it.each(['012345', '000000', '41100', '4110055', '411 005', '41100a'])('%j is refused with 400 on create', async (pincode) => {
    const res = await submit(pincode);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: V.pincodeFormat });
  });

  it('six digits starting 1 to 9 are taken, trimmed; an edit checks the same', async () => {
    const res = await submit(' 110001 ');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ post: Post }>().post.location.pincode).toBe('110001');
    const post = await createPost(t.app, citizen);
    const edit = await t.app.inject({ method: 'PUT', url: `/api/user/editPosts/${post._id}`, headers: citizen.auth, payload: { location: { ...SAMPLE_LOCATION, pincode: '011001' } } });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toEqual({ message: V.pincodeFormat });
  });

  it('the public list filter refuses a pincode starting with 0', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public/posts?pincode=011001' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: REPORTS_TEXTS.invalidPincode });
  });
});
