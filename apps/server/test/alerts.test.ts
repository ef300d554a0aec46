/**
 * Issue 27 item 6, area alerts: one's own alerts (limits, validation, privacy), and new reports
 * matched after their commit: inside the circle and of the chosen category reach the subscriber once
 * (the bell; email by the subscriber's settings), outside or of another category do not, the reporter
 * is not told about their own report, and a scan with more candidates than one batch notifies every
 * account exactly once. SQLite, and PostgreSQL when TEST_DATABASE_URL is set (where parallel creates
 * race for the per-account limit).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ALERT_LIMITS, ALERT_TEXTS, alertCells, metersBetween, type AreaAlert } from '@civicpulse/shared';
import { SAMPLE_LOCATION, createPost, createTestApp, signupCitizen, type Actor, type TestApp } from './helpers/app.js';
import { CANDIDATE_BATCH } from '../src/modules/alerts/index.js';

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp({ ALERT_POLL_MS: '0', MAIL_POLL_MS: '0' });
  app = t.app;
});
afterAll(() => t.close());

// Shivajinagar, Pune: the subscribers' centre; reports are filed at the coordinates given.
const HOME = { lat: 18.5308, lng: 73.8475 };
const at = (lat: number, lng: number) => ({ location: { ...SAMPLE_LOCATION, coordinates: { lat, lng } } });

const alert = (who: Actor, body: object) => app.inject({ method: 'POST', url: '/api/alerts', headers: who.auth, payload: body });
const mine = async (who: Actor) => (await app.inject({ method: 'GET', url: '/api/alerts', headers: who.auth })).json<{ alerts: AreaAlert[] }>().alerts;
async function matched(): Promise<void> {
  await new Promise((r) => setTimeout(r, 20));
  await app.ctx.services.alertMatcher.idle();
  await app.ctx.services.alertMatcher.runOnce();
}
const alertsOf = (who: Actor) => app.ctx.database.db.selectFrom('notifications').selectAll().where('recipient_id', '=', who.id).where('type', '=', 'areaAlert').execute();

describe('keeping area alerts', () => {
  it('saves, lists and deletes one\'s own; another\'s is not found', async () => {
    const me = await signupCitizen(app);
    const other = await signupCitizen(app);
    const res = await alert(me, { ...HOME, radiusMeters: 1000, label: '  Home  ', category: 'roads' });
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json<{ message: string; alert: AreaAlert }>();
    expect(saved.message).toBe(ALERT_TEXTS.saved);
    expect(saved.alert).toMatchObject({ ...HOME, radiusMeters: 1000, label: 'Home', category: 'roads' });
    expect(await mine(me)).toEqual([saved.alert]);
    expect(await mine(other)).toEqual([]);

    const theirs = await app.inject({ method: 'DELETE', url: `/api/alerts/${saved.alert.id}`, headers: other.auth });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: ALERT_TEXTS.notFound });
    const gone = await app.inject({ method: 'DELETE', url: `/api/alerts/${saved.alert.id}`, headers: me.auth });
    expect(gone.json()).toEqual({ message: ALERT_TEXTS.deleted });
    expect(await mine(me)).toEqual([]);
    const cells = await app.ctx.database.db.selectFrom('area_alert_cells').select('cell').where('alert_id', '=', saved.alert.id).execute();
    expect(cells).toEqual([]);
  });

  it('refuses bad input with a 400 and the reason, storing nothing', async () => {
    const me = await signupCitizen(app);
    const cases: Array<[object, string]> = [
      [{ ...HOME, radiusMeters: 50, label: 'x' }, ALERT_TEXTS.radiusInvalid],
      [{ ...HOME, radiusMeters: 5001, label: 'x' }, ALERT_TEXTS.radiusInvalid],
      [{ ...HOME, radiusMeters: 2 ** 31, label: 'x' }, ALERT_TEXTS.radiusInvalid],
      [{ ...HOME, radiusMeters: 1000.5, label: 'x' }, ALERT_TEXTS.radiusInvalid],
      [{ lat: 51.5, lng: -0.12, radiusMeters: 1000, label: 'London' }, ALERT_TEXTS.placeInvalid],
      [{ lat: 'x', lng: 73.8, radiusMeters: 1000, label: 'x' }, ALERT_TEXTS.placeInvalid],
      [{ ...HOME, radiusMeters: 1000, label: '   ' }, ALERT_TEXTS.labelRequired],
      [{ ...HOME, radiusMeters: 1000, label: 'a'.repeat(61) }, ALERT_TEXTS.labelTooLong],
    ];
    for (const [body, message] of cases) {
      const res = await alert(me, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message, JSON.stringify(body)).toBe(message);
    }
    expect((await alert(me, { ...HOME, radiusMeters: 1000, label: 'x', category: 'unicorns' })).statusCode).toBe(400);
    // NUL characters are refused before any route (PostgreSQL cannot store them).
    expect((await alert(me, { ...HOME, radiusMeters: 1000, label: 'nul\u0000' })).statusCode).toBe(400);
    expect(await mine(me)).toEqual([]);
  });

  it('keeps at most ten per account, also when they are added at once', async () => {
    const me = await signupCitizen(app);
    const answers = await Promise.all(Array.from({ length: 14 }, (_, i) => alert(me, { ...HOME, radiusMeters: 500, label: `Alert ${i}` })));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(ALERT_LIMITS.perAccount);
    expect(statuses.filter((s) => s === 409)).toHaveLength(14 - ALERT_LIMITS.perAccount);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({ message: ALERT_TEXTS.tooMany });
    expect(await mine(me)).toHaveLength(ALERT_LIMITS.perAccount);
  });
});

describe('matching new reports', () => {
  it('a report inside the circle and of the category reaches the subscriber once; others do not', async () => {
    const me = await signupCitizen(app, 'Sunita Subscriber');
    const reporter = await signupCitizen(app, 'Rahul Reporter');
    await alert(me, { ...HOME, radiusMeters: 1000, label: 'Home' });
    await alert(me, { ...HOME, radiusMeters: 2000, label: 'Wider home' });
    await alert(me, { ...HOME, radiusMeters: 5000, label: 'Roads only', category: 'roads' });

    // ~550 m north: inside both circles: one notification, named by the first matching alert.
    const near = await createPost(app, reporter, { ...at(HOME.lat + 0.005, HOME.lng), caption: 'Streetlight out near the bus stop', category: 'streetlights' });
    // ~3.3 km east, a garbage report: outside 1 and 2 km, and not roads.
    await createPost(app, reporter, { ...at(HOME.lat, HOME.lng + 0.031), caption: 'Garbage pile by the market', category: 'garbage' });
    // ~3.3 km east, a pothole: only the roads alert (5 km) holds it.
    const pothole = await createPost(app, reporter, { ...at(HOME.lat, HOME.lng + 0.031), caption: 'Deep pothole on the main road', category: 'roads' });
    // Far away (Mumbai): nothing.
    await createPost(app, reporter, { ...at(19.076, 72.8777), caption: 'Pothole in Mumbai', category: 'roads' });
    await matched();

    const got = await alertsOf(me);
    expect(got.map((n) => n.post_id).sort()).toEqual([near._id, pothole._id].sort());
    expect(got.find((n) => n.post_id === near._id)).toMatchObject({ actor_name: 'Rahul Reporter', reason: 'Home' });
    expect(got.find((n) => n.post_id === pothole._id)).toMatchObject({ reason: 'Roads only' });
    // As the bell shows it.
    const bell = (await app.inject({ method: 'GET', url: '/api/notifications', headers: me.auth })).json<{ notifications: Array<{ type: string; title: string; message: string }> }>();
    expect(bell.notifications.filter((n) => n.type === 'areaAlert').map((n) => n.title)).toEqual(['New report in your alert area', 'New report in your alert area']);
    expect(bell.notifications.find((n) => n.message.includes('Streetlight'))!.message).toContain('"Home"');
    expect(await app.ctx.database.db.selectFrom('alert_scans').selectAll().execute()).toEqual([]);

    // Running again repeats nothing.
    await matched();
    expect(await alertsOf(me)).toHaveLength(2);
  });

  it('the reporter is not told about their own report; a verified subscriber also gets it by email', async () => {
    const me = await signupCitizen(app);
    await app.ctx.repos.accounts.update(me.id, { email_verified_at: new Date().toISOString() });
    const neighbour = await signupCitizen(app);
    await alert(me, { ...HOME, radiusMeters: 1000, label: 'Home' });
    await createPost(app, me, { ...at(HOME.lat, HOME.lng), caption: 'My own report', category: 'water' });
    await createPost(app, neighbour, { ...at(HOME.lat, HOME.lng), caption: 'Neighbour report', category: 'water' });
    await matched();
    const got = await alertsOf(me);
    expect(got).toHaveLength(1);
    expect(got[0]!.caption).toBe('Neighbour report');
    // Area alerts are emailed right away by default (Settings → Email).
    const mail = await app.ctx.database.db.selectFrom('mail_outbox').select(['kind', 'payload', 'status']).where('account_id', '=', me.id).where('kind', '=', 'notification').execute();
    expect(mail).toHaveLength(1);
  });

  it(`a cell with more candidates than one batch (${CANDIDATE_BATCH}) notifies every account exactly once`, async () => {
    const db = app.ctx.database.db;
    const reporter = await signupCitizen(app);
    const n = CANDIDATE_BATCH + 137;
    const now = new Date().toISOString();
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const id = `ab${i.toString(16).padStart(22, '0')}`;
      ids.push(id);
      await db
        .insertInto('accounts')
        .values({ id, role: 'user', email: `bulk${i}@alerts.test`, password_hash: 'x', name: `Bulk ${i}`, is_verified: 0, resolved_issues_count: 0, created_at: now, updated_at: now })
        .execute();
    }
    // Three alerts each for the first accounts (so a batch's last account may be cut), one for the rest.
    for (let i = 0; i < n; i++) {
      for (let k = 0; k < (i < 300 ? 3 : 1); k++) {
        const alertId = `ac${i.toString(16).padStart(18, '0')}${k.toString(16).padStart(4, '0')}`;
        const center = { lat: 12.9716 + k * 0.001, lng: 77.5946 };
        await db.insertInto('area_alerts').values({ id: alertId, account_id: ids[i]!, ...center, radius_m: 2000, category: null, label: `A${k}`, created_at: now }).execute();
        await db.insertInto('area_alert_cells').values(alertCells(center.lat, center.lng, 2000).map((cell) => ({ cell, account_id: ids[i]!, alert_id: alertId }))).execute();
      }
    }
    const post = await createPost(app, reporter, { ...at(12.9716, 77.5946), caption: 'Bengaluru flooding', category: 'drainage' });
    expect(metersBetween(12.9716, 77.5946, 12.9736, 77.5946)).toBeLessThan(2000);
    await matched();
    const rows = await db.selectFrom('notifications').select('recipient_id').where('post_id', '=', post._id).where('type', '=', 'areaAlert').execute();
    expect(rows).toHaveLength(n);
    expect(new Set(rows.map((r) => r.recipient_id)).size).toBe(n);
  }, 60_000);
});
