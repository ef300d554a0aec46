/**
 * The race suites' shared setup (races.test.ts, races-deletion.test.ts): one app with the admin signed
 * in, and the calls the suites make. Call startRaceSuite() at a test file's top level; its beforeAll
 * sets the bindings below (ES module live bindings: importers read the current value, and each test
 * file has its own copy of this module).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AuditEntry, NotificationItem, Post } from '@civicpulse/shared';
import { createTestApp, loginAdmin, type Actor, type TestApp } from './app.js';

export let t: TestApp;
export let app: FastifyInstance;
export let admin: Actor;

export function startRaceSuite(): void {
  beforeAll(async () => {
    // Six sign-ins at once, five with wrong passwords, check which password works: the per-account
    // sign-in budget (login-guessing.test.ts) is not what this suite is about.
    t = await createTestApp({ LOGIN_FAILURES_MAX: '1000' });
    app = t.app;
    admin = await loginAdmin(app);
  });
  afterAll(() => t.close());
}

export const db = () => app.ctx.database.db;
export const times = <T>(n: number, make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => make(i)));

/** How many answers had each status, e.g. { 200: 1, 404: 9 }. */
export function tally(answers: LightMyRequestResponse[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const a of answers) out[a.statusCode] = (out[a.statusCode] ?? 0) + 1;
  return out;
}
export const messages = (answers: LightMyRequestResponse[], status: number) =>
  [...new Set(answers.filter((a) => a.statusCode === status).map((a) => a.json<{ message: string }>().message))];

export async function comment(who: Actor, postId: string, content = 'Same here'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/posts/addComment', headers: who.auth, payload: { postId, content } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ comment: { _id: string } }>().comment._id;
}
export async function reply(who: Actor, postId: string, commentId: string, content = 'Agreed'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/posts/addReply', headers: who.auth, payload: { postId, commentId, content } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ reply: { _id: string } }>().reply._id;
}
export async function post(id: string): Promise<Post> {
  const res = await app.inject({ method: 'GET', url: `/api/posts/post/${id}`, headers: admin.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ post: Post }>().post;
}
/** Audit entries about one target, read through the admin's audit route (newest 100 are plenty here). */
export async function auditAbout(targetId: string): Promise<AuditEntry[]> {
  const res = await app.inject({ method: 'GET', url: '/api/admin/audit?limit=100', headers: admin.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ entries: AuditEntry[] }>().entries.filter((e) => e.targetId === targetId);
}
export async function notificationsOf(who: Actor): Promise<NotificationItem[]> {
  const res = await app.inject({ method: 'GET', url: '/api/notifications?limit=50', headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ notifications: NotificationItem[] }>().notifications;
}
/** Every file under DATA_DIR/uploads (the local storage driver), as paths relative to it. */
export function uploads(): string[] {
  const root = path.join(t.dataDir, 'uploads');
  try {
    return (readdirSync(root, { recursive: true, withFileTypes: true }) as Array<{ isFile(): boolean; parentPath?: string; path?: string; name: string }>)
      .filter((d) => d.isFile())
      .map((d) => path.relative(root, path.join(d.parentPath ?? d.path ?? root, d.name)))
      .sort();
  } catch {
    return [];
  }
}
export async function status(method: 'GET', url: string, who: Actor): Promise<number> {
  return (await app.inject({ method, url, headers: who.auth })).statusCode;
}
