/**
 * The server and the shared route contract name the same routes: every /api and /open311 route the app
 * registers is a contract route with the same method, and every contract route is registered. The only
 * /api routes outside the contract are the OpenAPI document and its viewer (@fastify/swagger-ui).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractRoutes } from '@civicpulse/shared';
import { createTestApp, type TestApp } from './helpers/app.js';

/** The API's own documentation, served by @fastify/swagger-ui: not API routes of ours. */
const DOCS_VIEWER = /^\/api\/docs(\/|$)/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('route contract', () => {
  it('every /api and /open311 route the server registers is in the contract, with its method, and the other way round', () => {
    const registered = new Set(
      t.app.routeTable.filter((r) => /^\/(api|open311)(\/|$)/.test(r.url) && !DOCS_VIEWER.test(r.url)).map((r) => `${r.method} ${r.url}`),
    );
    const contract = contractRoutes().map((r) => `${r.method} ${r.path}`);
    expect(new Set(contract).size).toBe(contract.length);
    expect([...registered].filter((r) => !contract.includes(r))).toEqual([]);
    expect(contract.filter((r) => !registered.has(r))).toEqual([]);
    expect(contract.length).toBeGreaterThan(80);
  });
});
