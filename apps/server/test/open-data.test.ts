/** Open data (issue 16 item 11): a public, anonymised, filterable, streamed, cached export. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_DATA_COLUMNS } from '@civicpulse/shared';
import { advanceTo, createCast, createPost, createTestApp, SAMPLE_LOCATION, type Cast, type TestApp } from './helpers/app.js';
import { parseCsv } from './helpers/csv.js';

interface Feature {
  type: string;
  id: string;
  geometry: { type: string; coordinates: [number, number] };
  properties: Record<string, unknown>;
}

describe('open data export', () => {
  let t: TestApp;
  let cast: Cast;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    cast = await createCast(t.app);
    ids.open = (await createPost(t.app, cast.citizen, { caption: 'Overflowing garbage bin at the corner', category: 'garbage' }))._id;
    ids.finished = (await createPost(t.app, cast.citizen, { caption: 'Pothole on Station Road', category: 'roads' }))._id;
    await advanceTo(t.app, cast.verifiedGov, ids.finished, 'Waiting for User Verification');
    await t.app.inject({ method: 'PUT', url: `/api/user/verifyPost/${ids.finished}`, headers: cast.citizen.auth });
    ids.formula = (await createPost(t.app, cast.otherCitizen, { caption: '=HYPERLINK("http://evil.example","click"), with "quotes"\nand a line break', category: 'other' }))._id;
    ids.pune = (
      await createPost(t.app, cast.otherCitizen, {
        caption: 'No water supply since morning',
        category: 'water',
        location: { ...SAMPLE_LOCATION, city: 'Pune', pincode: '411005', coordinates: { lat: 18.52043, lng: 73.85674 } },
      })
    )._id;
    ids.delhi = (
      await createPost(t.app, cast.citizen, {
        caption: 'Streetlight broken',
        category: 'streetlights',
        location: { state: 'Delhi', landmark: 'India Gate', address: 'Rajpath', pincode: '110001', city: 'New Delhi', coordinates: { lat: 28.61291, lng: 77.22951 } },
      })
    )._id;
    // A comment whose text must not leave the platform.
    await t.app.inject({ method: 'POST', url: '/api/posts/addComment', headers: cast.otherCitizen.auth, payload: { postId: ids.open, content: 'SECRET-COMMENT-TEXT' } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const csv = async (q = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/open-data/reports.csv${q}` });
    expect(res.statusCode, res.body).toBe(200);
    const rows = parseCsv(res.body);
    const header = rows[0]!;
    return { res, header, rows: rows.slice(1).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]!]))) };
  };
  const geojson = async (q = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/open-data/reports.geojson${q}` });
    expect(res.statusCode, res.body).toBe(200);
    return { res, body: res.json<{ type: string; features: Feature[] }>() };
  };

  it('is public and carries no reporter names, emails, account ids or comment text', async () => {
    for (const url of ['/api/open-data/reports.csv', '/api/open-data/reports.geojson']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      for (const secret of ['Asha Citizen', 'Ravi Neighbour', cast.citizen.email, cast.otherCitizen.email, cast.citizen.id, cast.otherCitizen.id, cast.verifiedGov.id, 'SECRET-COMMENT-TEXT', '@example.in', 'Senapati Bapat', 'Shivaji Park']) {
        expect(res.body, `${url} leaks ${secret}`).not.toContain(secret);
      }
    }
    const { header, rows } = await csv();
    expect(header).toEqual(OPEN_DATA_COLUMNS.map(([n]) => n));
    expect(rows.map((r) => r.id).sort()).toEqual(Object.values(ids).sort());
    expect(rows.find((r) => r.id === ids.finished)!.department).toBe('Verified Department');
  });

  it('rounds an open report to 3 decimals and keeps a finished one exact', async () => {
    const { rows } = await csv();
    const open = rows.find((r) => r.id === ids.open)!;
    expect(open).toMatchObject({ status: 'open', lat: '19.027', lng: '72.838' });
    const done = rows.find((r) => r.id === ids.finished)!;
    expect(done).toMatchObject({ status: 'closed', progress: 'Finished', lat: '19.0269', lng: '72.8383' });
    expect(done.resolved_at).not.toBe('');
    const { body } = await geojson();
    const pune = body.features.find((f) => f.id === ids.pune)!;
    expect(pune.geometry).toEqual({ type: 'Point', coordinates: [73.857, 18.52] });
    expect(body.features.find((f) => f.id === ids.finished)!.geometry.coordinates).toEqual([72.8383, 19.0269]);
  });

  it('escapes CSV and defuses formulas', async () => {
    const { res, rows } = await csv();
    const row = rows.find((r) => r.id === ids.formula)!;
    expect(row.description).toBe(`'=HYPERLINK("http://evil.example","click"), with "quotes"\nand a line break`);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click""), with ""quotes""\nand a line break"`);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  });

  it('GeoJSON is a FeatureCollection of Points with the same properties', async () => {
    const { res, body } = await geojson();
    expect(res.headers['content-type']).toContain('application/geo+json');
    expect(body.type).toBe('FeatureCollection');
    expect(body.features).toHaveLength(Object.keys(ids).length);
    for (const f of body.features) {
      expect(f.type).toBe('Feature');
      expect(f.geometry.type).toBe('Point');
      const [lng, lat] = f.geometry.coordinates;
      expect(lng).toBeGreaterThan(68);
      expect(lat).toBeLessThan(38);
      expect(Object.keys(f.properties).sort()).toEqual(OPEN_DATA_COLUMNS.map(([n]) => n).filter((n) => n !== 'lat' && n !== 'lng').sort());
    }
  });

  it('filters by state, city, category and dates; bad filters are 400', async () => {
    expect((await csv('?state=Delhi')).rows.map((r) => r.id)).toEqual([ids.delhi]);
    expect((await csv('?state=delhi')).rows.map((r) => r.id)).toEqual([ids.delhi]);
    expect((await csv('?city=pune')).rows.map((r) => r.id)).toEqual([ids.pune]);
    expect((await csv('?category=roads')).rows.map((r) => r.id)).toEqual([ids.finished]);
    expect((await geojson('?state=Maharashtra&category=water')).body.features.map((f) => f.id)).toEqual([ids.pune]);
    expect((await csv('?from=2001-01-01&to=2001-12-31')).rows).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await csv(`?from=${today}T00:00:00Z`)).rows).toHaveLength(Object.keys(ids).length);
    for (const bad of ['?state=Atlantis', '?category=potholes', '?from=yesterday', '?to=2026-02-30T99:00:00Z', '?from=2026-02-01&to=2026-01-01', `?city=${'x'.repeat(101)}`, '?state=Delhi&state=Goa']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/open-data/reports.csv${bad}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json<{ message: string }>().message.length).toBeGreaterThan(0);
    }
  });

  it('streams across many batches, newest first, without repeats', async () => {
    const service = t.app.ctx.services.openData;
    const batches: string[][] = [];
    for await (const b of service.rows({}, 2)) batches.push(b.map((r) => r.id));
    expect(batches.map((b) => b.length)).toEqual([2, 2, 1]);
    const { rows } = await csv();
    expect(batches.flat()).toEqual(rows.map((r) => r.id));
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort().reverse());
  });

  it('is cacheable: Cache-Control and ETag, 304 when unchanged, a new ETag after a new report', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/open-data/reports.csv?state=Maharashtra' });
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({ method: 'GET', url: '/api/open-data/reports.csv?state=Maharashtra', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const otherFilter = await t.app.inject({ method: 'GET', url: '/api/open-data/reports.csv?state=Delhi', headers: { 'if-none-match': etag } });
    expect(otherFilter.statusCode).toBe(200);
    await createPost(t.app, cast.citizen, { caption: 'Another pothole', category: 'roads' });
    const changed = await t.app.inject({ method: 'GET', url: '/api/open-data/reports.csv?state=Maharashtra', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });
});

describe('open data rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ OPEN_DATA_RATE_MAX: '2' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('limits downloads per address with a 429 { message }', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await t.app.inject({ method: 'GET', url: '/api/open-data/reports.geojson', remoteAddress: '10.0.0.1' })).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    const other = await t.app.inject({ method: 'GET', url: '/api/open-data/reports.csv', remoteAddress: '10.0.0.2' });
    expect(other.statusCode).toBe(200);
    const limited = await t.app.inject({ method: 'GET', url: '/api/open-data/reports.csv', remoteAddress: '10.0.0.1' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ message: string }>().message).toContain('Too many downloads');
  });
});
