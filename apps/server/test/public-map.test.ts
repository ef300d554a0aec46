/**
 * Public reports, the map: `GET /api/public/map?bbox=` for anyone (the /reports page). A country or
 * city view answers groups summed from map_cells (kept by triggers on every insert, move, progress
 * change and delete); a street-level view answers the reports themselves, placed as public views
 * place them. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_TEXTS, PUBLIC_MAP_LIMITS, REPORTS_TEXTS, publicMapAnswer, type PublicMap } from '@civicpulse/shared';
import { SAMPLE_LOCATION, advanceTo, createCast, createPost, createTestApp, type Cast, type TestApp } from './helpers/app.js';

let t: TestApp;
let cast: Cast;
// A place of our own (in Assam), so reports other suites file elsewhere never fall in our boxes. Drawn
// so that base and the reports' offsets (under 0.01°) stay inside one 1° cell, whose count the
// country view checks: up to 91.999 (as before), 3 draws in 400 put a report across 92°E.
const base = { lat: 26.1 + Math.floor(Math.random() * 300) / 1000, lng: 91.6 + Math.floor(Math.random() * 300) / 1000 };
const at = (dLat: number, dLng: number) => ({ ...SAMPLE_LOCATION, state: 'Assam', pincode: '781001', coordinates: { lat: base.lat + dLat, lng: base.lng + dLng } });
const made: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  for (const [dLat, dLng, category] of [
    [0.00123, 0.00171, 'roads'],
    [0.00456, 0.00234, 'water'],
    [0.00789, 0.00345, 'roads'],
  ] as const) {
    made.push((await createPost(t.app, cast.citizen, { caption: `Map report ${made.length}`, category, location: at(dLat, dLng) }))._id);
  }
}, 60_000);
afterAll(() => t.close());

const map = async (query: string): Promise<PublicMap> => {
  const res = await t.app.inject({ method: 'GET', url: `/api/public/map?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  expect(publicMapAnswer.strict().safeParse(res.json()).success).toBe(true);
  return res.json<PublicMap>();
};
/** A box around our place, `span` degrees on each side of it. */
const box = (span: number) => [base.lng - span, base.lat - span, base.lng + span, base.lat + span].map((v) => v.toFixed(5)).join(',');
const total = (m: PublicMap) => m.clusters.reduce((n, c) => n + c.count, 0);

describe('GET /api/public/map', () => {
  it('answers groups for a city view: every report counted once, at the finest level that fits', async () => {
    // 0.3° each way: 0.01° cells would be 60 x 60 > maxCells, so 0.1° cells.
    const m = await map(`bbox=${box(0.3)}`);
    expect(m.cellSize).toBe(0.1);
    expect(m.points).toEqual([]);
    expect(m.clusters.length).toBeLessThanOrEqual(PUBLIC_MAP_LIMITS.maxCells);
    expect(total(m)).toBe(3);
    expect(m.truncated).toBe(false);
    // The country: 1° cells, ours among them.
    const india = await map('bbox=68,6,98,37');
    expect(india.cellSize).toBe(1);
    expect(india.clusters.find((c) => Math.abs(c.lat - (Math.floor(base.lat) + 0.5)) < 1e-9 && Math.abs(c.lng - (Math.floor(base.lng) + 0.5)) < 1e-9)?.count).toBeGreaterThanOrEqual(3);
  });

  it('filters groups by category and progress, and follows moves, edits and deletions', async () => {
    expect(total(await map(`bbox=${box(0.3)}&category=roads`))).toBe(2);
    expect(total(await map(`bbox=${box(0.3)}&progress=Unseen`))).toBe(3);
    await advanceTo(t.app, cast.verifiedGov, made[0]!, 'Problem Seen');
    expect(total(await map(`bbox=${box(0.3)}&progress=Unseen`))).toBe(2);
    expect(total(await map(`bbox=${box(0.3)}&progress=Problem%20Seen&category=roads`))).toBe(1);
    // The reporter moves a pin far away (edit): it leaves this box.
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/user/editPosts/${made[2]}`,
      headers: cast.citizen.auth,
      payload: { location: { ...at(0, 0), coordinates: { lat: 12.97, lng: 77.59 }, state: 'Karnataka', pincode: '560001' } },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(total(await map(`bbox=${box(0.3)}`))).toBe(2);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/user/deletePosts/${made[1]}`, headers: cast.citizen.auth });
    expect(del.statusCode, del.body).toBe(200);
    expect(total(await map(`bbox=${box(0.3)}`))).toBe(1);
    expect(total(await map(`bbox=${box(0.3)}&category=water`))).toBe(0);
  });

  it('answers the reports themselves at street level, each placed as public views place it, with no person', async () => {
    const extra = await createPost(t.app, cast.otherCitizen, { caption: 'Streetlight out by the bus stop', category: 'streetlights', location: at(0.01234, 0.01567) });
    const res = await t.app.inject({ method: 'GET', url: `/api/public/map?bbox=${box(0.02)}` });
    const m = res.json<PublicMap>();
    expect(m.cellSize).toBeNull();
    expect(m.clusters).toEqual([]);
    const point = m.points.find((p) => p._id === extra._id);
    expect(point).toMatchObject({ caption: 'Streetlight out by the bus stop', category: 'streetlights', progressState: 'Unseen', reference: extra.reference });
    // Open: rounded to 3 decimals (about 100 m), as open data and the public post page have it.
    expect(point!.lat).toBe(Math.round((base.lat + 0.01234) * 1000) / 1000);
    expect(point!.lng).toBe(Math.round((base.lng + 0.01567) * 1000) / 1000);
    for (const secret of [cast.otherCitizen.email, cast.otherCitizen.id, String(base.lat + 0.01234)]) expect(res.body, secret).not.toContain(secret);
    expect((await map(`bbox=${box(0.02)}&category=roads`)).points.map((p) => p._id)).toEqual([made[0]]);
  });

  it('refuses a bad box or filter with a 400 and the reason', async () => {
    const cases: Array<[string, string]> = [
      ['', REPORTS_TEXTS.invalidBbox],
      ['bbox=1,2,3', REPORTS_TEXTS.invalidBbox],
      ['bbox=10,10,5,5', REPORTS_TEXTS.invalidBbox],
      ['bbox=0,0,200,10', REPORTS_TEXTS.invalidBbox],
      ['bbox=a,b,c,d', REPORTS_TEXTS.invalidBbox],
      [`bbox=${'1'.repeat(300)}`, REPORTS_TEXTS.invalidBbox],
      ['bbox=68,6,98,37&category=unicorns', CATEGORY_TEXTS.invalidCategory],
    ];
    for (const [query, message] of cases) {
      const res = await t.app.inject({ method: 'GET', url: `/api/public/map?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message, query).toBe(message);
    }
  });
});
