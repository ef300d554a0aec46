import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { TEXTS, LIMITS } from '@civicpulse/shared';
import {
  ADMIN,
  MINIMAL_PDF,
  createTestApp,
  multipart,
  signupCitizen,
  tinyPng,
  uniqueEmail,
  type TestApp,
} from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const V = TEXTS.validation;
const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });

function proofFiles(): string[] {
  const dir = path.join(t.dataDir, 'uploads', 'private', 'proofs');
  return existsSync(dir) ? readdirSync(dir) : [];
}

function govForm(overrides: Record<string, string> = {}, file: { data: Buffer; type: string; filename: string } | null = null) {
  const email = uniqueEmail('gov');
  const fields = {
    department: 'Water Supply Board',
    email,
    password: 'strong-pass',
    confirmPassword: 'strong-pass',
    phone: '9123456780',
    city: 'Chennai',
    ...overrides,
  };
  const files = file === null ? [{ field: 'proofDoc', filename: 'id.png', type: 'image/png', data: tinyPng() }] : [{ field: 'proofDoc', ...file }];
  return { email, ...multipart(fields, files) };
}

describe('citizen signup', () => {
  it('creates an account and answers 201 with the spec message', async () => {
    const res = await post('/api/user/signup', { name: 'Meera', email: uniqueEmail(), password: 'secret1' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'User registered successfully!' });
  });

  it.each([
    [{ email: 'a@b.in', password: 'secret1' }, V.fillAllFields],
    [{ name: 'A', email: 'not-an-email', password: 'secret1' }, V.invalidEmailAddress],
    [{ name: 'A', email: 'a@b.in', password: '12345' }, V.passwordTooShort],
    [{ name: 'A', email: 'a@b.in', password: '123456', confirmPassword: '654321' }, V.passwordsDoNotMatch],
  ])('answers 400 with the spec text for %j', async (body, message) => {
    const res = await post('/api/user/signup', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('stores emails lowercased and refuses a taken one in any case, across roles', async () => {
    const email = uniqueEmail('Case');
    expect((await post('/api/user/signup', { name: 'A', email: email.toUpperCase(), password: 'secret1' })).statusCode).toBe(201);
    const again = await post('/api/user/signup', { name: 'B', email, password: 'secret1' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'An account with this email already exists' });
    const gov = govForm({ email: email.toUpperCase() });
    const govAgain = await t.app.inject({ method: 'POST', url: '/api/gov/signup', payload: gov.payload, headers: gov.headers });
    expect(govAgain.statusCode).toBe(409);
    const login = await post('/api/user/login', { email: `  ${email.toUpperCase()} `, password: 'secret1' });
    expect(login.statusCode).toBe(200);
  });

  it('lets exactly one of two simultaneous signups with one email win', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(
      [1, 2, 3].map(() => post('/api/user/signup', { name: 'Racer', email, password: 'secret1' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('ignores unknown fields instead of storing them (no mass assignment)', async () => {
    const email = uniqueEmail('mass');
    await post('/api/user/signup', { name: 'Sly', email, password: 'secret1', role: 'admin', is_verified: 1 });
    const row = await t.app.ctx.repos.accounts.findByEmail(email);
    expect(row?.role).toBe('user');
    expect(row?.is_verified).toBe(0);
  });

  it('keeps the password only as an scrypt hash', async () => {
    const email = uniqueEmail('hash');
    const res = await post('/api/user/signup', { name: 'H', email, password: 'plain-secret' });
    expect(res.body).not.toContain('plain-secret');
    const row = await t.app.ctx.repos.accounts.findByEmail(email);
    expect(row?.password_hash).toMatch(/^scrypt\$/);
    expect(row?.password_hash).not.toContain('plain-secret');
  });
});

describe('bad requests', () => {
  it('answers malformed JSON with 400 and a message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "A",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: TEXTS.http.malformedJson });
  });

  it('answers a wrong content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(TEXTS.http.unsupportedMediaType);
  });

  it('answers a JSON body over 1 MB with 413', async () => {
    const res = await post('/api/user/signup', { name: 'x'.repeat(1_100_000), email: 'a@b.in', password: 'secret1' });
    expect(res.statusCode).toBe(413);
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: TEXTS.http.routeNotFound });
  });
});

describe('government signup', () => {
  it('creates an unverified department with its proof stored privately', async () => {
    const before = proofFiles().length;
    const form = govForm({ department: 'Roads Division' });
    const res = await t.app.inject({ method: 'POST', url: '/api/gov/signup', payload: form.payload, headers: form.headers });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Government account registered!' });
    const row = await t.app.ctx.repos.accounts.findByEmail(form.email);
    expect(row).toMatchObject({ role: 'government', is_verified: 0, name: 'Roads Division', department: 'Roads Division', phone: '+919123456780' });
    expect(row?.proof_doc_key).toMatch(/^private\/proofs\/.+\.png$/);
    expect(proofFiles().length).toBe(before + 1);
    // Never reachable through the public file route.
    const direct = await t.app.inject({ method: 'GET', url: `/uploads/${row!.proof_doc_key!.replace(/^private\//, '')}` });
    expect(direct.statusCode).toBe(404);
    const traversal = await t.app.inject({ method: 'GET', url: `/uploads/../private/${row!.proof_doc_key!.replace(/^private\//, '')}` });
    expect(traversal.statusCode).toBe(404);
  });

  it('accepts a PDF recognised by its bytes', async () => {
    const form = govForm({}, { data: MINIMAL_PDF, type: 'application/pdf', filename: 'proof.pdf' });
    const res = await t.app.inject({ method: 'POST', url: '/api/gov/signup', payload: form.payload, headers: form.headers });
    expect(res.statusCode).toBe(201);
    expect((await t.app.ctx.repos.accounts.findByEmail(form.email))?.proof_doc_type).toBe('application/pdf');
  });

  it.each([
    [{ phone: '' }, V.fillRequiredFields],
    [{ confirmPassword: 'different' }, V.passwordsDoNotMatch],
    [{ email: 'nope' }, V.invalidEmailFormat],
    [{ phone: '12345' }, V.phoneDigits],
  ])('answers 400 for %j with the spec text and leaves nothing behind', async (overrides, message) => {
    const before = proofFiles().length;
    const form = govForm(overrides);
    const res = await t.app.inject({ method: 'POST', url: '/api/gov/signup', payload: form.payload, headers: form.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(proofFiles().length).toBe(before);
  });

  it('needs the proof file', async () => {
    const email = uniqueEmail();
    const body = multipart({ email, password: 'secret1', confirmPassword: 'secret1', phone: '9123456780' });
    const res = await t.app.inject({ method: 'POST', url: '/api/gov/signup', ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: V.fillRequiredFields });
    expect(await t.app.ctx.repos.accounts.findByEmail(email)).toBeUndefined();
  });

  it('refuses a proof that is neither image nor PDF, whatever its name says (415)', async () => {
    const before = proofFiles().length;
    const form = govForm({}, { data: Buffer.from('MZ this is an executable'), type: 'image/png', filename: 'proof.png' });
    const res = await t.app.inject({ method: 'POST', url: '/api/gov/signup', payload: form.payload, headers: form.headers });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: V.proofDocType });
    expect(await t.app.ctx.repos.accounts.findByEmail(form.email)).toBeUndefined();
    expect(proofFiles().length).toBe(before);
  });

  it('refuses a proof over 5 MB with 413 and creates nothing', async () => {
    const big = Buffer.concat([MINIMAL_PDF, Buffer.alloc(LIMITS.proofDocMaxBytes + 10, 0x20)]);
    const form = govForm({}, { data: big, type: 'application/pdf', filename: 'big.pdf' });
    const res = await t.app.inject({ method: 'POST', url: '/api/gov/signup', payload: form.payload, headers: form.headers });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(TEXTS.http.fileTooLarge);
    expect(await t.app.ctx.repos.accounts.findByEmail(form.email)).toBeUndefined();
  });

  it('answers JSON sent to the multipart signup with 415', async () => {
    const res = await post('/api/gov/signup', { email: 'g@b.in' });
    expect(res.statusCode).toBe(415);
  });

  it('removes the stored proof when the email turns out to be taken', async () => {
    const citizen = await signupCitizen(t.app);
    const before = proofFiles().length;
    const form = govForm({ email: citizen.email });
    const res = await t.app.inject({ method: 'POST', url: '/api/gov/signup', payload: form.payload, headers: form.headers });
    expect(res.statusCode).toBe(409);
    expect(proofFiles().length).toBe(before);
  });
});

describe('login', () => {
  it('gives a citizen a token with the contract claims', async () => {
    const email = uniqueEmail();
    await post('/api/user/signup', { name: 'Kiran', email, password: 'secret1' });
    const res = await post('/api/user/login', { email, password: 'secret1' });
    expect(res.statusCode).toBe(200);
    const { token } = res.json<{ token: string }>();
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(Object.keys(claims).sort()).toEqual(['email', 'exp', 'iat', 'id', 'name', 'profilePhoto', 'role']);
    expect(claims).toMatchObject({ role: 'user', email, name: 'Kiran', profilePhoto: '' });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(7 * 24 * 3600);
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const email = uniqueEmail();
    await post('/api/user/signup', { name: 'K', email, password: 'secret1' });
    const wrong = await post('/api/user/login', { email, password: 'secret2' });
    const unknown = await post('/api/user/login', { email: uniqueEmail('ghost'), password: 'secret1' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid email or password' });
    }
  });

  it('checks required fields with the spec texts', async () => {
    expect((await post('/api/user/login', { email: 'a@b.in' })).json()).toEqual({ message: 'Please fill in all fields' });
    expect((await post('/api/gov/login', { officialEmail: 'a@b.in' })).json()).toEqual({ message: 'Please fill in all fields' });
    expect((await post('/api/admin/login', { email: 'a@b.in', password: 'x' })).json()).toEqual({ message: 'Please fill all fields' });
  });

  it('logs a department in by officialEmail and keeps role logins apart', async () => {
    const form = govForm();
    await t.app.inject({ method: 'POST', url: '/api/gov/signup', payload: form.payload, headers: form.headers });
    const ok = await post('/api/gov/login', { officialEmail: form.email, password: 'strong-pass' });
    expect(ok.statusCode).toBe(200);
    const asCitizen = await post('/api/user/login', { email: form.email, password: 'strong-pass' });
    expect(asCitizen.statusCode).toBe(403);
    expect(asCitizen.json()).toEqual({ message: TEXTS.auth.useGovernmentTab });
  });

  it('needs the admin secret key', async () => {
    const good = await post('/api/admin/login', { email: ADMIN.email, password: ADMIN.password, secretKey: ADMIN.secret });
    expect(good.statusCode).toBe(200);
    const bad = await post('/api/admin/login', { email: ADMIN.email, password: ADMIN.password, secretKey: 'guess' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ message: 'Invalid email or password' });
  });

  it('offers no public admin signup', async () => {
    const res = await post('/api/admin/signup', { email: 'x@y.in', password: 'secret1' });
    expect(res.statusCode).toBe(404);
  });
});

describe('tokens', () => {
  const guarded = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/api/admin/contactMessages', headers: authorization ? { authorization } : {} });

  it('refuses missing, tampered and expired tokens with 401', async () => {
    const admin = await post('/api/admin/login', { email: ADMIN.email, password: ADMIN.password, secretKey: ADMIN.secret });
    const token = admin.json<{ token: string }>().token;
    expect((await guarded(`Bearer ${token}`)).statusCode).toBe(200);
    expect((await guarded()).statusCode).toBe(401);
    const [h, p, s] = token.split('.');
    const forged = Buffer.from(Buffer.from(p!, 'base64url').toString().replace('"admin"', '"admin" ')).toString('base64url');
    expect((await guarded(`Bearer ${h}.${forged}.${s}`)).statusCode).toBe(401);
    const key = new TextEncoder().encode(t.app.ctx.config.jwtSecret);
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
    const expired = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    const res = await guarded(`Bearer ${expired}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(TEXTS.auth.tokenInvalid);
    const otherKey = await new SignJWT({ ...claims, exp: undefined })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(40)));
    expect((await guarded(`Bearer ${otherKey}`)).statusCode).toBe(401);
  });

  it("stops working once the account is deleted", async () => {
    const citizen = await signupCitizen(t.app);
    const contact = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/admin/contactMessages',
        headers: citizen.auth,
      });
    expect((await contact()).statusCode).toBe(403);
    await t.app.ctx.database.db.deleteFrom('accounts').where('id', '=', citizen.id).execute();
    expect((await contact()).statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  it('answers 429 with a message after too many logins from one address', async () => {
    const limited = await createTestApp({ RATE_LIMIT_AUTH_MAX: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: 'x@y.in', password: 'secret1' } });
        codes.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json()).toEqual({ message: TEXTS.auth.rateLimited });
      }
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      // Another address is not affected.
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: 'x@y.in', password: 'secret1' },
        remoteAddress: '10.0.0.9',
      });
      expect(other.statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});
