/**
 * One table: every route x every kind of caller, with the status each must get. A route that
 * exists but is missing here fails the suite, so new routes must declare who may call them.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATRIX_ROLES, createCast, createTestApp, type Cast, type MatrixRole, type TestApp } from './helpers/app.js';

type Expect = Record<MatrixRole, number>;
interface Row {
  method: string;
  /** The route as registered, e.g. /api/posts/post/:id */
  route: string;
  /** Builds the request for one caller; may create fresh objects (for destructive routes). */
  request?: (cast: Cast, who: MatrixRole) => Promise<Partial<InjectOptions>> | Partial<InjectOptions>;
  expect: Expect;
}

const everyone = (status: number): Expect =>
  Object.fromEntries(MATRIX_ROLES.map((r) => [r, status])) as Expect;
/** Signed-in callers of the given roles get `ok`; other signed-in callers 403; anonymous 401. */
const only = (ok: number, ...allowed: MatrixRole[]): Expect =>
  Object.fromEntries(MATRIX_ROLES.map((r) => [r, r === 'anonymous' ? 401 : allowed.includes(r) ? ok : 403])) as Expect;

const ROWS: Row[] = [
  { method: 'GET', route: '/api/health', expect: everyone(200) },
  { method: 'GET', route: '/api/docs', expect: everyone(200) },
  { method: 'GET', route: '/api/docs/json', expect: everyone(200) },
  { method: 'GET', route: '/api/docs/yaml', expect: everyone(200) },
  { method: 'GET', route: '/api/docs/static/swagger-initializer.js', expect: everyone(200) },
  { method: 'GET', route: '/api/docs/static/index.html', expect: everyone(302) },
  // CORS preflight: no allowed origins are configured in tests, so a foreign origin gets no grant.
  {
    method: 'OPTIONS',
    route: '*',
    request: () => ({ url: '/api/health', headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' } }),
    expect: everyone(404),
  },
  { method: 'GET', route: '/api/docs/static/*', request: () => ({ url: '/api/docs/static/swagger-ui.css' }), expect: everyone(200) },
  { method: 'GET', route: '/api/docs/*', request: () => ({ url: '/api/docs/missing.txt' }), expect: everyone(404) },
  { method: 'GET', route: '/uploads/*', request: () => ({ url: '/uploads/posts/none.webp' }), expect: everyone(404) },
  // Public forms: an empty body reaches validation (400) whoever calls.
  { method: 'POST', route: '/api/user/signup', request: () => ({ payload: {} }), expect: everyone(400) },
  { method: 'POST', route: '/api/gov/signup', request: () => ({ payload: {} }), expect: everyone(415) },
  { method: 'POST', route: '/api/user/login', request: () => ({ payload: {} }), expect: everyone(400) },
  { method: 'POST', route: '/api/gov/login', request: () => ({ payload: {} }), expect: everyone(400) },
  { method: 'POST', route: '/api/admin/login', request: () => ({ payload: {} }), expect: everyone(400) },
  {
    method: 'POST',
    route: '/api/contact',
    request: () => ({ payload: { name: 'A', email: 'a@example.in', message: 'Streetlight out on MG Road' } }),
    expect: everyone(201),
  },
  { method: 'GET', route: '/api/admin/contactMessages', expect: only(200, 'admin') },
];

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
});
afterAll(async () => {
  await t.close();
});

describe('authorization matrix', () => {
  it('covers every route the server registers', () => {
    const registered = t.app.routeTable.map((r) => `${r.method} ${r.url}`);
    const listed = new Set(ROWS.map((r) => `${r.method} ${r.route}`));
    const missing = registered.filter((r) => !listed.has(r));
    expect(missing).toEqual([]);
  });

  for (const row of ROWS) {
    it(`${row.method} ${row.route}`, async () => {
      const got: Partial<Expect> = {};
      for (const who of MATRIX_ROLES) {
        const extra = (await row.request?.(cast, who)) ?? {};
        const headers = { ...(who === 'anonymous' ? {} : cast[who].auth), ...(extra.headers ?? {}) };
        const res = await t.app.inject({ method: row.method, url: row.route, ...extra, headers } as InjectOptions);
        got[who] = res.statusCode;
      }
      expect(got).toEqual(row.expect);
    });
  }
});
