/**
 * The live suites' shared setup (live.test.ts, live-notifications.test.ts): one server on a real port,
 * a citizen pair, a verified department and the admin, and the calls the suites make. Call
 * startLiveSuite() at a test file's top level; its beforeAll sets the bindings below (ES module live
 * bindings: importers read the current value, and each test file has its own copy of this module).
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { NotificationsPage } from '@civicpulse/shared';
import { collectEvents, nextEvent, openSocket, type Client } from './live.js';
import { createTestApp, loginAdmin, signupCitizen, signupGovernment, type Actor, type TestApp } from './app.js';

export let t: TestApp;
export let base: string;
export let asha: Actor;
export let ravi: Actor;
export let dept: Actor;
export let admin: Actor;
export const sockets: Client[] = [];

export function startLiveSuite(): void {
  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    asha = await signupCitizen(t.app, 'Asha Reporter');
    ravi = await signupCitizen(t.app, 'Ravi Neighbour');
    dept = await signupGovernment(t.app, { verified: true, department: 'Roads Department' });
    admin = await loginAdmin(t.app);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t.close();
  });
}

export const open = (token: string | undefined) => openSocket(base, token, sockets);
export const next = nextEvent;
export const collect = collectEvents;

export const settle = () => new Promise((r) => setTimeout(r, 150));

export const send = (actor: Actor, msg: unknown) => t.app.inject({ method: 'POST', url: '/api/user/sendMessage', headers: actor.auth, payload: { msg } });
export const history = (actor: Actor, query = '') => t.app.inject({ method: 'GET', url: `/api/user/getMessage${query}`, headers: actor.auth });
export const inbox = async (actor: Actor, query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: actor.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<NotificationsPage>();
};
export const emitAck = <T>(socket: Client, event: 'send_message' | 'watch_posts' | 'unwatch_posts', payload: unknown): Promise<T> =>
  new Promise((resolve) => (socket.emit as (e: string, p: unknown, ack: (a: T) => void) => void)(event, payload, resolve));
