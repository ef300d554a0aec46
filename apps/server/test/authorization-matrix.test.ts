/**
 * One table: every route x every kind of caller, with the status each must get. A route that
 * exists but is missing here fails the suite, so new routes must declare who may call them.
 * Each row also names the policy action its guard asks (policies/routes.ts), and for every caller
 * the status must be what the policy says: the refusal `refusal(actor, action, subject)` gives at
 * the guard or over what the service loads, or, when it allows, an answer no refusal gives.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATRIX_ROLES, createCast, createPost, createTestApp, type MatrixRole, type TestApp } from './helpers/app.js';
import { ROUTE_ACTIONS, refusal, type Actor } from '../src/policies/index.js';
import { accountRow, type Expect, type Fixtures, type Row } from './helpers/matrix.js';
import { ROWS } from './helpers/matrix-rows.js';

/**
 * The policy's answer for one caller of a row: the guard's (no subject), then the whole rule over
 * what the service loads; the refusal's status, or 'allowed'.
 */
async function policyAnswer(row: Row, who: MatrixRole, request: Partial<InjectOptions>): Promise<number | 'allowed'> {
  const actor: Actor | null = who === 'anonymous' ? null : await accountRow(fx, fx.cast[who].id);
  const atGuard = refusal(actor, row.action!);
  if (atGuard) return atGuard.statusCode;
  if (!row.rule) return 'allowed';
  const { action, subject } = await row.rule(fx, request);
  return refusal(actor, action, subject as never)?.statusCode ?? 'allowed';
}

let t: TestApp;
let fx: Fixtures;
beforeAll(async () => {
  t = await createTestApp();
  const cast = await createCast(t.app);
  fx = { app: t.app, cast, postId: (await createPost(t.app, cast.citizen))._id };
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

  it('names, for every route, the policy action its guard asks (none for a route no account guard protects)', () => {
    const named = Object.fromEntries(ROWS.filter((r) => r.action !== null).map((r) => [`${r.method} ${r.route}`, r.action]));
    expect(named).toEqual(ROUTE_ACTIONS);
  });

  for (const row of ROWS) {
    it(`${row.method} ${row.route}`, async () => {
      const got: Partial<Expect> = {};
      const policy: Partial<Record<MatrixRole, number | 'allowed'>> = {};
      const seen: Partial<Record<MatrixRole, number | 'allowed'>> = {};
      for (const who of MATRIX_ROLES) {
        const extra = (await row.request?.(fx, who)) ?? {};
        const headers = { ...(who === 'anonymous' ? {} : fx.cast[who].auth), ...(extra.headers ?? {}) };
        if (row.action !== null) policy[who] = await policyAnswer(row, who, extra);
        const res = await t.app.inject({ method: row.method, url: row.route, ...extra, headers } as InjectOptions);
        got[who] = res.statusCode;
        // What the policy says, seen over HTTP: its refusal's status, or an answer no refusal gives.
        if (row.action !== null) seen[who] = res.statusCode === 401 || res.statusCode === 403 || policy[who] !== 'allowed' ? res.statusCode : 'allowed';
      }
      expect(got).toEqual(row.expect);
      if (row.action !== null) expect(seen).toEqual(policy);
    });
  }
});
