/**
 * GET /api/admin/me: the admin's Profile screen reads the signed-in admin's own account (name, email,
 * role, joined), never a hash or secret; any other role is refused (the authorization matrix checks
 * every role, this checks the answer).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AdminMe } from '@civicpulse/shared';
import { createTestApp, loginAdmin, signupCitizen, type Actor, type TestApp } from './helpers/app.js';

let t: TestApp;
let app: FastifyInstance;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  admin = await loginAdmin(app);
});
afterAll(() => t.close());

describe('GET /api/admin/me', () => {
  it("answers the signed-in admin's own account and nothing secret", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/me', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const me = res.json<AdminMe>();
    expect(me._id).toBe(admin.id);
    expect(me.role).toBe('admin');
    expect(me.email).toBe(admin.email);
    expect(me.name.length).toBeGreaterThan(0);
    expect(Date.parse(me.createdAt)).not.toBeNaN();
    expect(Object.keys(me).sort()).toEqual(['_id', 'createdAt', 'email', 'name', 'role']);
    expect(res.body).not.toMatch(/password|hash|secret/i);
  });

  it('refuses a citizen and a visitor', async () => {
    const citizen = await signupCitizen(app, 'Not An Admin');
    expect((await app.inject({ method: 'GET', url: '/api/admin/me', headers: citizen.auth })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/admin/me' })).statusCode).toBe(401);
  });
});
