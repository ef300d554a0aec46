/**
 * Open311 GeoReport v2 (issue 16 items 8-10): every answer is checked against the JSON schemas written
 * from the published standard (fixtures/open311/*.schema.json) and every XML answer is parsed back.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_CODES } from '@civicpulse/shared';
import { advanceTo, createCast, createPost, createTestApp, type Actor, type Cast, type TestApp } from './helpers/app.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const ajv = new Ajv({ allErrors: true });
const schema = (name: string): ValidateFunction => ajv.compile(JSON.parse(readFileSync(path.join(here, 'fixtures/open311', `${name}.schema.json`), 'utf8')) as object);
const S = {
  discovery: schema('discovery'),
  services: schema('services'),
  definition: schema('service-definition'),
  requests: schema('requests'),
  created: schema('request-created'),
  errors: schema('errors'),
};
function valid(validate: ValidateFunction, body: unknown) {
  const ok = validate(body);
  expect(validate.errors ?? [], JSON.stringify(body).slice(0, 400)).toEqual([]);
  expect(ok).toBe(true);
}
// Leaf values stay text, so the XML is compared with the JSON as a client would read it.
const xml = new XMLParser({ parseTagValue: false, isArray: (name) => ['service', 'request', 'error', 'endpoint', 'format'].includes(name) });

type Req = Record<string, unknown> & { service_request_id: string; status: string };

describe('Open311 GeoReport v2', () => {
  let t: TestApp;
  let cast: Cast;
  let admin: Actor;

  beforeAll(async () => {
    t = await createTestApp({ OPEN311_RATE_MAX: '4' });
    cast = await createCast(t.app);
    admin = cast.admin;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  async function issueKey(name = 'Pune Call Centre'): Promise<{ apiKey: string; id: string; accountId: string }> {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/open311Keys', headers: admin.auth, payload: { name, contact: 'ops@pune.example.in' } });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ apiKey: string; key: { _id: string; accountId: string } }>();
    return { apiKey: body.apiKey, id: body.key._id, accountId: body.key.accountId };
  }
  const form = (fields: Record<string, string>) => ({
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  const goodFields = (apiKey: string, extra: Record<string, string> = {}) => ({
    api_key: apiKey,
    service_code: 'streetlights',
    description: 'Streetlight not working near the bus stop',
    lat: '18.5204',
    long: '73.8567',
    address_string: 'FC Road bus stop, Shivajinagar',
    zipcode: '411005',
    email: 'caller@example.in',
    first_name: 'Meera',
    last_name: 'Kulkarni',
    ...extra,
  });

  it('discovery answers JSON and XML with the endpoint', async () => {
    const j = await get('/open311/v2/discovery.json');
    expect(j.statusCode).toBe(200);
    expect(j.headers['content-type']).toContain('application/json');
    expect(j.headers['access-control-allow-origin']).toBe('*');
    valid(S.discovery, j.json());
    const x = await get('/open311/v2/discovery.xml');
    expect(x.headers['content-type']).toContain('text/xml');
    expect(x.body.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
    const parsed = xml.parse(x.body) as { discovery: { endpoints: { endpoint: Array<{ url: string; formats: { format: string[] } }> } } };
    expect(parsed.discovery.endpoints.endpoint[0]!.url).toBe(j.json<{ endpoints: Array<{ url: string }> }>().endpoints[0]!.url);
    expect(parsed.discovery.endpoints.endpoint[0]!.formats.format).toEqual(['text/xml', 'application/json']);
  });

  it('lists the twelve categories as services, in JSON and XML alike', async () => {
    const j = await get('/open311/v2/services.json');
    valid(S.services, j.json());
    const services = j.json<Array<{ service_code: string; service_name: string; metadata: boolean; type: string }>>();
    expect(services.map((s) => s.service_code)).toEqual([...CATEGORY_CODES]);
    expect(services.find((s) => s.service_code === 'roads')).toMatchObject({ metadata: false, type: 'realtime' });
    const x = await get('/open311/v2/services.xml');
    const parsed = xml.parse(x.body) as { services: { service: Array<Record<string, string>> } };
    expect(parsed.services.service.map((s) => s.service_code)).toEqual([...CATEGORY_CODES]);
    expect(parsed.services.service[0]!.service_name).toBe(services[0]!.service_name);
    expect(parsed.services.service[0]!.metadata).toBe('false');
  });

  it('a service definition has an empty attribute list; an unknown service or format is a 404 error array', async () => {
    const j = await get('/open311/v2/services/garbage.json');
    valid(S.definition, j.json());
    expect(j.json()).toEqual({ service_code: 'garbage', attributes: [] });
    const x = xml.parse((await get('/open311/v2/services/garbage.xml')).body) as { service_definition: { service_code: string } };
    expect(x.service_definition.service_code).toBe('garbage');
    const missing = await get('/open311/v2/services/potholes.json');
    expect(missing.statusCode).toBe(404);
    valid(S.errors, missing.json());
    const missingXml = await get('/open311/v2/services/potholes.xml');
    expect(missingXml.statusCode).toBe(404);
    const errs = xml.parse(missingXml.body) as { errors: { error: Array<{ code: string; description: string }> } };
    expect(errs.errors.error[0]).toMatchObject({ code: '404' });
    expect((await get('/open311/v2/services.html')).statusCode).toBe(404);
  });

  it('maps a report: open, agency after take-over, status notes, then closed once the reporter verifies', async () => {
    const post = await createPost(t.app, cast.citizen, { caption: 'Garbage dump behind the market', category: 'garbage' });
    const first = await get(`/open311/v2/requests/${post._id}.json`);
    expect(first.statusCode).toBe(200);
    valid(S.requests, first.json());
    const [r0] = first.json<Req[]>();
    expect(r0).toMatchObject({ service_request_id: post._id, status: 'open', service_code: 'garbage', service_name: 'Garbage and sanitation', description: 'Garbage dump behind the market', agency_responsible: null, zipcode: '400028' });
    expect(r0!.requested_datetime).toMatch(/\+05:30$/);
    // An open report's pin is public to about 100 m only.
    expect(r0!.lat).toBe(19.027);
    expect(r0!.long).toBe(72.838);
    expect(String(r0!.media_url)).toMatch(/^http:\/\/.+\/uploads\//);

    await advanceTo(t.app, cast.verifiedGov, post._id, 'Work Started');
    const taken = (await get(`/open311/v2/requests/${post._id}.json`)).json<Req[]>()[0]!;
    expect(taken.agency_responsible).toBe('Verified Department');
    expect(taken.status).toBe('open');
    expect(taken.status_notes).toBe('Moved to Work Started');

    await advanceTo(t.app, cast.verifiedGov, post._id, 'Waiting for User Verification');
    const waiting = (await get(`/open311/v2/requests/${post._id}.json`)).json<Req[]>()[0]!;
    expect(waiting.status).toBe('open');
    expect(waiting.status_notes).toBe('Pothole filled and resurfaced');
    const v = await t.app.inject({ method: 'PUT', url: `/api/user/verifyPost/${post._id}`, headers: cast.citizen.auth });
    expect(v.statusCode).toBe(200);
    const closed = await get(`/open311/v2/requests/${post._id}.xml`);
    const parsed = xml.parse(closed.body) as { service_requests: { request: Array<Record<string, string>> } };
    expect(parsed.service_requests.request).toHaveLength(1);
    expect(parsed.service_requests.request[0]).toMatchObject({ service_request_id: post._id, status: 'closed', agency_responsible: 'Verified Department' });
    // A finished report keeps its exact pin.
    expect(parsed.service_requests.request[0]!.lat).toBe('19.0269');
    const missing = await get('/open311/v2/requests/0123456789abcdef01234567.json');
    expect(missing.statusCode).toBe(404);
    valid(S.errors, missing.json());
  });

  it('filters requests by id list, service, status and dates, and pages with a cursor', async () => {
    const roads = await createPost(t.app, cast.citizen, { caption: 'Pothole near the school', category: 'roads' });
    const water = await createPost(t.app, cast.otherCitizen, { caption: 'No water since Monday', category: 'water' });
    const list = async (q: string) => {
      const res = await get(`/open311/v2/requests.json${q}`);
      expect(res.statusCode, res.body).toBe(200);
      valid(S.requests, res.json());
      return res.json<Req[]>();
    };
    expect((await list(`?service_request_id=${roads._id},${water._id}`)).map((r) => r.service_request_id).sort()).toEqual([roads._id, water._id].sort());
    const byService = await list('?service_code=water');
    expect(byService.map((r) => r.service_request_id)).toContain(water._id);
    expect(byService.every((r) => r.service_code === 'water')).toBe(true);
    expect((await list('?status=closed')).every((r) => r.status === 'closed')).toBe(true);
    expect((await list('?status=closed')).length).toBeGreaterThan(0);
    expect((await list('?status=open')).every((r) => r.status === 'open')).toBe(true);
    expect((await list('?start_date=2001-01-01T00:00:00Z&end_date=2001-12-31T00:00:00%2B05:30'))).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`?start_date=${today}T00:00:00Z`)).map((r) => r.service_request_id)).toContain(roads._id);

    // Paging: two at a time by cursor through the Link header, newest first, no repeats.
    const seen: string[] = [];
    let url: string | null = '/open311/v2/requests.json?page_size=2';
    while (url) {
      const res = await get(url);
      valid(S.requests, res.json());
      const items = res.json<Req[]>();
      expect(items.length).toBeLessThanOrEqual(2);
      seen.push(...items.map((r) => r.service_request_id));
      const link = res.headers.link as string | undefined;
      url = link ? new URL(/<([^>]+)>/.exec(link)![1]!).pathname + new URL(/<([^>]+)>/.exec(link)![1]!).search : null;
    }
    const all = await list('?page_size=1000');
    expect(seen).toEqual(all.map((r) => r.service_request_id));
    expect(new Set(seen).size).toBe(seen.length);

    const listXml = xml.parse((await get(`/open311/v2/requests.xml?service_request_id=${roads._id}`)).body) as { service_requests: { request: Array<Record<string, string>> } };
    expect(listXml.service_requests.request[0]).toMatchObject({ service_request_id: roads._id, service_code: 'roads', description: 'Pothole near the school' });

    for (const bad of ['?status=pending', '?start_date=yesterday', '?end_date=2026-13-45', '?service_code=potholes', '?page_size=1001', '?page_size=0', '?service_request_id=abc', '?cursor=zzz', '?start_date=2026-02-01&end_date=2026-01-01']) {
      const res = await get(`/open311/v2/requests.json${bad}`);
      expect(res.statusCode, bad).toBe(400);
      valid(S.errors, res.json());
    }
    const badXml = await get('/open311/v2/requests.xml?status=pending');
    expect(badXml.statusCode).toBe(400);
    expect((xml.parse(badXml.body) as { errors: { error: Array<{ code: string }> } }).errors.error[0]!.code).toBe('400');
  });

  it('extensions=true adds extended_attributes with the reference number, in JSON and XML; without it the answer is the plain standard', async () => {
    const post = await createPost(t.app, cast.citizen, { caption: 'Broken bench in the park', category: 'parks' });
    const reference = String(post.reference);
    expect(reference).toMatch(/^CP-MH-\d{4}-\d{6}$/);
    const plain = (await get(`/open311/v2/requests/${post._id}.json`)).json<Req[]>();
    expect(plain[0]).not.toHaveProperty('extended_attributes');
    const list = await get(`/open311/v2/requests.json?service_request_id=${post._id}&extensions=true`);
    expect(list.statusCode).toBe(200);
    const [item] = list.json<Array<Req & { extended_attributes?: { reference: string } }>>();
    expect(item?.extended_attributes).toEqual({ reference });
    // Everything else is still the standard's.
    const { extended_attributes: _ext, ...standard } = item!;
    valid(S.requests, [standard]);
    const one = (await get(`/open311/v2/requests/${post._id}.json?extensions=true`)).json<Array<{ extended_attributes?: { reference: string } }>>();
    expect(one[0]?.extended_attributes).toEqual({ reference });
    const x = xml.parse((await get(`/open311/v2/requests/${post._id}.xml?extensions=true`)).body) as {
      service_requests: { request: Array<{ extended_attributes: { reference: string } }> };
    };
    expect(x.service_requests.request[0]?.extended_attributes.reference).toBe(reference);
  });

  it('POST needs a valid key: none or a wrong one is a 403 error array, and nothing is stored', async () => {
    const before = (await get('/open311/v2/requests.json?page_size=1000')).json<Req[]>().length;
    const none = await t.app.inject({ method: 'POST', url: '/open311/v2/requests.json', ...form({ service_code: 'roads', description: 'x', lat: '18.5', long: '73.8' }) });
    expect(none.statusCode).toBe(403);
    valid(S.errors, none.json());
    const wrong = await t.app.inject({ method: 'POST', url: '/open311/v2/requests.json', ...form(goodFields('cp311_not-a-real-key')) });
    expect(wrong.statusCode).toBe(403);
    valid(S.errors, wrong.json());
    expect((await get('/open311/v2/requests.json?page_size=1000')).json<Req[]>().length).toBe(before);
  });

  it('a partner report (form or JSON) appears in the feed under the partner name; private fields are not kept', async () => {
    const { apiKey, accountId } = await issueKey('Pune Call Centre');
    const res = await t.app.inject({ method: 'POST', url: '/open311/v2/requests.json', ...form(goodFields(apiKey, { 'attribute[city]': 'Pune', media_url: 'https://partner.example.in/p.jpg' })) });
    expect(res.statusCode, res.body).toBe(201);
    valid(S.created, res.json());
    const [created] = res.json<Array<{ service_request_id: string; service_notice: string }>>();
    expect(created!.service_notice).toContain('media_url was not fetched');

    const feed = await t.app.inject({ method: 'GET', url: '/api/user/allPosts?limit=50', headers: cast.citizen.auth });
    const post = feed.json<{ posts: Array<{ _id: string; user: { _id: string; name: string; role: string }; category: string; location: { state: string; city: string; pincode: string }; images: unknown[] }> }>().posts.find((p) => p._id === created!.service_request_id);
    expect(post).toBeDefined();
    expect(post!.user).toMatchObject({ _id: accountId, name: 'Pune Call Centre', role: 'user' });
    expect(post!.category).toBe('streetlights');
    // No attribute[state]: the nearest reference city (Pune) gives Maharashtra.
    expect(post!.location).toMatchObject({ state: 'Maharashtra', city: 'Pune', pincode: '411005' });
    expect(post!.images).toEqual([]);
    expect(feed.body).not.toContain('Meera');
    expect(feed.body).not.toContain('caller@example.in');
    const everywhere = JSON.stringify(await t.app.ctx.database.db.selectFrom('posts').selectAll().where('id', '=', created!.service_request_id).execute());
    expect(everywhere).not.toContain('Kulkarni');

    const viaJson = await t.app.inject({
      method: 'POST',
      url: '/open311/v2/requests.xml',
      payload: { api_key: apiKey, service_code: 'water', description: 'Pipe burst on the main road', lat: 28.6139, long: 77.209, attribute: { state: 'Delhi' } },
    });
    expect(viaJson.statusCode, viaJson.body).toBe(201);
    expect(viaJson.headers['content-type']).toContain('text/xml');
    const parsed = xml.parse(viaJson.body) as { service_requests: { request: Array<{ service_request_id: string }> } };
    const one = (await get(`/open311/v2/requests/${parsed.service_requests.request[0]!.service_request_id}.json`)).json<Req[]>()[0]!;
    expect(one).toMatchObject({ service_code: 'water', status: 'open', media_url: null });

    const keys = (await t.app.inject({ method: 'GET', url: '/api/admin/open311Keys', headers: admin.auth })).json<{ keys: Array<{ name: string; requestCount: number; lastUsedAt: string | null }> }>();
    expect(keys.keys.find((k) => k.name === 'Pune Call Centre')).toMatchObject({ requestCount: 2 });
  });

  it('bad input is a 400 error array and stores nothing', async () => {
    const cases: Array<Record<string, string>> = [
      { service_code: '' },
      { service_code: 'potholes' },
      { description: '' },
      { description: 'x'.repeat(2001) },
      { lat: '' },
      { lat: '51.5', long: '-0.12' },
      { lat: '1e308' },
      { zipcode: 'ABC' },
      { 'attribute[city]': 'Pune', zipcode: '011005' }, // a pincode never starts with 0
      { 'attribute[state]': 'Atlantis' },
      { media_url: 'javascript:alert(1)' },
      { address_string: 'y'.repeat(501) },
    ];
    const posts = async () => (await get('/open311/v2/requests.json?page_size=1000')).json<Req[]>().length;
    const before = await posts();
    for (const c of cases) {
      // A key per case: the per-key limit (4 in this suite) must not hide a check.
      const { apiKey } = await issueKey(`Validation Partner ${Object.keys(c)[0]}`);
      const res = await t.app.inject({ method: 'POST', url: '/open311/v2/requests.json', ...form({ ...goodFields(apiKey), ...c }) });
      expect(res.statusCode, JSON.stringify(c)).toBe(400);
      valid(S.errors, res.json());
    }
    const bad = await t.app.inject({ method: 'POST', url: '/open311/v2/requests.json', headers: { 'content-type': 'application/json' }, payload: '{"api_key":' });
    const otherType = await t.app.inject({ method: 'POST', url: '/open311/v2/requests.json', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expect(otherType.statusCode).toBe(415);
    valid(S.errors, otherType.json());
    expect(bad.statusCode).toBe(400);
    valid(S.errors, bad.json());
    expect(await posts()).toBe(before);
  });

  it('rate limits each key on its own (429 error array), and a revoked key is refused', async () => {
    const a = await issueKey('Busy Partner');
    const b = await issueKey('Quiet Partner');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/open311/v2/requests.json', ...form(goodFields(a.apiKey, { description: `Streetlight ${i} out` })) });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) valid(S.errors, res.json());
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
    expect((await t.app.inject({ method: 'POST', url: '/open311/v2/requests.json', ...form(goodFields(b.apiKey)) })).statusCode).toBe(201);

    const revoke = await t.app.inject({ method: 'DELETE', url: `/api/admin/open311Keys/${b.id}`, headers: admin.auth });
    expect(revoke.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/open311Keys/${b.id}`, headers: admin.auth })).statusCode).toBe(409);
    const refused = await t.app.inject({ method: 'POST', url: '/open311/v2/requests.json', ...form(goodFields(b.apiKey)) });
    expect(refused.statusCode).toBe(403);
    valid(S.errors, refused.json());
    // The partner's earlier report stays, still under its name.
    const mine = (await get('/open311/v2/requests.json?page_size=1000')).json<Req[]>();
    expect(mine.length).toBeGreaterThan(0);
  });

  it('XML escapes markup and drops characters XML cannot carry; JSON keeps the text as written', async () => {
    const { apiKey } = await issueKey('Escaping Partner');
    const description = 'Drain <blocked> & "overflowing" \u0001near the gate';
    const res = await t.app.inject({ method: 'POST', url: '/open311/v2/requests.json', ...form(goodFields(apiKey, { description })) });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<Array<{ service_request_id: string }>>()[0]!.service_request_id;
    const x = await get(`/open311/v2/requests/${id}.xml`);
    expect(x.body).toContain('Drain &lt;blocked&gt; &amp; &quot;overflowing&quot; near the gate');
    const parsed = new XMLParser({ parseTagValue: false, processEntities: true, isArray: (n) => n === 'request' }).parse(x.body) as { service_requests: { request: Array<{ description: string }> } };
    expect(parsed.service_requests.request[0]!.description).toBe('Drain <blocked> & "overflowing" near the gate');
    expect((await get(`/open311/v2/requests/${id}.json`)).json<Req[]>()[0]!.description).toBe(description);
  });

  it('deleting a partner system account (Admin → Users) removes its reports and its key', async () => {
    const { apiKey, id, accountId } = await issueKey('Short-lived Partner');
    const res = await t.app.inject({ method: 'POST', url: '/open311/v2/requests.json', ...form(goodFields(apiKey)) });
    const postId = res.json<Array<{ service_request_id: string }>>()[0]!.service_request_id;
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/deleteUser/${accountId}`, headers: admin.auth, payload: {} });
    expect(del.statusCode, del.body).toBe(200);
    expect((await get(`/open311/v2/requests/${postId}.json`)).statusCode).toBe(404);
    const keys = (await t.app.inject({ method: 'GET', url: '/api/admin/open311Keys', headers: admin.auth })).json<{ keys: Array<{ _id: string }> }>();
    expect(keys.keys.map((k) => k._id)).not.toContain(id);
    expect((await t.app.inject({ method: 'POST', url: '/open311/v2/requests.json', ...form(goodFields(apiKey)) })).statusCode).toBe(403);
  });

  it('keys are listed by prefix, stored hashed, never shown again; issuing and revoking are audited', async () => {
    const { apiKey, id } = await issueKey('Hash Check Partner');
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/open311Keys', headers: admin.auth });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(apiKey);
    const key = list.json<{ keys: Array<{ _id: string; prefix: string; revokedAt: string | null }> }>().keys.find((k) => k._id === id)!;
    expect(apiKey.startsWith(key.prefix)).toBe(true);
    expect(key.prefix.length).toBeLessThan(apiKey.length / 2);
    const rows = await t.app.ctx.database.db.selectFrom('open311_keys').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(apiKey);
    expect(JSON.stringify(rows)).not.toContain(apiKey.slice(12));
    await t.app.inject({ method: 'DELETE', url: `/api/admin/open311Keys/${id}`, headers: admin.auth });
    const audit = (await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: admin.auth })).json<{ entries: Array<{ action: string; targetId: string }> }>();
    expect(audit.entries.filter((e) => e.targetId === id).map((e) => e.action).sort()).toEqual(['issueApiKey', 'revokeApiKey']);
    // The partner's system account cannot sign in.
    const acct = await t.app.ctx.database.db.selectFrom('accounts').select(['email']).innerJoin('open311_keys', 'open311_keys.account_id', 'accounts.id').where('open311_keys.id', '=', id).executeTakeFirstOrThrow();
    const login = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: acct.email, password: '!partner-system' } });
    expect(login.statusCode).toBe(401);
    // Only admins reach the key routes; a blank name is refused.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/open311Keys', headers: cast.citizen.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/open311Keys', headers: admin.auth, payload: { name: '  ' } })).statusCode).toBe(400);
  });
});

describe('Open311 read limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ OPEN311_READ_RATE_MAX: '2' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('limits GETs per address with a 429 error array in the format asked for', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await t.app.inject({ method: 'GET', url: '/open311/v2/services.json', remoteAddress: '10.0.0.7' })).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    const limited = await t.app.inject({ method: 'GET', url: '/open311/v2/requests.xml', remoteAddress: '10.0.0.7' });
    expect(limited.statusCode).toBe(429);
    expect((xml.parse(limited.body) as { errors: { error: Array<{ code: string }> } }).errors.error[0]!.code).toBe('429');
    expect((await t.app.inject({ method: 'GET', url: '/open311/v2/services.json', remoteAddress: '10.0.0.8' })).statusCode).toBe(200);
  });
});
