/**
 * Fuzz suite: every registered route, called with real tokens of every role and real ids, gets
 * generated bad input (bodies of wrong shapes, NUL and lone surrogates, huge strings, numbers out of
 * range, bad ids and cursors, wrong content types, broken multipart, malformed Authorization). No
 * answer may be a 5xx, and every 4xx must be JSON `{ message }` with a non-empty message.
 *
 * Deterministic: a seeded PRNG drives everything. FUZZ_SEED and FUZZ_REQUESTS override the seed and
 * the request count (sized so one engine takes well under a minute on two shared cores).
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@civicpulse/shared';
import { advanceTo, createCast, createPost, createTestApp, jpeg, signupCitizen, signupGovernment, type Cast, type TestApp } from './helpers/app.js';
import {
  NUL,
  SEED,
  b64,
  badObject,
  badString,
  badValue,
  deepJson,
  encodeQueryValue,
  hugeString,
  multipartBody,
  nearlyValidBody,
  nearlyValidForm,
  pathValue,
  prng,
  queryString,
  randomBytesString,
  type Rng,
  type World,
} from './helpers/fuzz-input.js';

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 8000);

interface Generated {
  options: InjectOptions;
  summary: string;
}

/** A well-formed token that no key of ours signed (or, with alg none, that is not signed at all). */
const FAKE_JWT = (payload: object, alg = 'HS256') => `${b64({ alg, typ: 'JWT' })}.${b64(payload)}.${alg === 'none' ? '' : 'A'.repeat(43)}`;

/** The roles a route is meant for, by its prefix, so most requests get past the guard to the checks behind it. */
function fittingRoles(url: string): Array<keyof Cast> {
  if (url.startsWith('/api/user/')) return ['citizen', 'otherCitizen'];
  if (url.startsWith('/api/gov/')) return ['verifiedGov', 'verifiedGov', 'unverifiedGov', 'otherGov'];
  if (url.startsWith('/api/admin/')) return ['admin'];
  return ['citizen', 'otherCitizen', 'unverifiedGov', 'verifiedGov', 'otherGov', 'admin'];
}

function authorization(rng: Rng, w: World, url: string): { header?: string; label: string } {
  const roll = rng.next();
  if (roll < 0.1) return { label: 'anonymous' };
  if (roll < 0.85) {
    const role = roll < 0.7 ? rng.pick(fittingRoles(url)) : rng.pick(['citizen', 'otherCitizen', 'unverifiedGov', 'verifiedGov', 'admin'] as const);
    return { header: w.cast[role].auth.authorization, label: role };
  }
  const token = rng.pick(Object.values(w.cast)).token;
  const header = rng.pick([
    'Bearer',
    'Bearer ',
    'Bearer  ',
    'Basic YWRtaW46YWRtaW4=',
    `bearer ${token}`,
    `Bearer ${token}x`,
    `Bearer ${token.slice(0, -3)}`,
    `Bearer ${token} extra`,
    `Token ${token}`,
    token,
    'Bearer x.y.z',
    'Bearer ...',
    `Bearer ${'a'.repeat(8000)}`,
    `Bearer ${FAKE_JWT({ id: w.cast.admin.id, role: 'admin' }, 'none')}`,
    `Bearer ${FAKE_JWT({ id: w.cast.admin.id, role: 'admin' })}`,
    `Bearer ${FAKE_JWT({ id: `${w.cast.admin.id}${NUL}`, role: 'admin' })}`,
    `Bearer ${b64('{"alg":"HS256"')}.${b64('[]')}.x`,
    'Bearer \u00e9\u00e9',
  ]);
  return { header, label: header.slice(0, 40) };
}

function generate(rng: Rng, w: World, routes: Array<{ method: string; url: string }>, image: Buffer): Generated {
  const route = rng.pick(routes);
  let method = route.method;
  if (rng.chance(0.02)) method = rng.pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
  const path = route.url.replace(/:[a-zA-Z]+/g, () => pathValue(rng, w, route.url)).replace(/\*$/, () => (rng.chance(0.5) ? pathValue(rng, w) : badString(rng, w).slice(0, 50).replace(/[?#]/g, '')));
  // The CORS preflight route is registered as '*': its generated path still needs its leading slash.
  const url = encodePath(path.startsWith('/') ? path : `/${path}`) + queryString(rng, w);
  const auth = authorization(rng, w, route.url);
  const headers: Record<string, string> = {};
  if (auth.header !== undefined) headers.authorization = auth.header;
  // createPost's optional Idempotency-Key (issue 17): good keys that repeat (replays), and bad ones.
  if (route.url === '/api/user/createPost' && rng.chance(0.5)) {
    headers['idempotency-key'] = rng.pick(['fuzz-key-1', 'fuzz-key-2', `fuzz-${rng.int(1e6)}`, 'k'.repeat(100), 'k'.repeat(101), '', ' ', NUL, `a${NUL}b`, 'a,b', 'ключ', '😀', badString(rng, w).slice(0, 200)]);
  }
  let payload: string | Buffer | undefined;
  let summary: string;
  const kind = method === 'GET' || method === 'OPTIONS' ? (rng.chance(0.85) ? 'none' : 'json') : rng.pick(['json', 'json', 'json', 'near', 'near', 'raw', 'multipart', 'multipart', 'none']);
  switch (kind) {
    case 'json': {
      const value = rng.chance(0.6) ? badObject(rng, w) : badValue(rng, w);
      payload = JSON.stringify(value) ?? 'null';
      headers['content-type'] = rng.pick(['application/json', 'application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON', 'application/json; charset=latin1', 'multipart/form-data; boundary=x', 'multipart/form-data']);
      summary = `json ${payload.length > 120 ? `${payload.slice(0, 120)}… (${payload.length} chars)` : payload}`;
      break;
    }
    case 'near': {
      payload = JSON.stringify(nearlyValidBody(rng, w));
      headers['content-type'] = 'application/json';
      summary = `near ${payload.slice(0, 160)}`;
      break;
    }
    case 'raw': {
      const pickRaw = rng.int(9);
      const raw: Array<[string, string | Buffer]> = [
        ['application/json', ''],
        ['application/json', rng.pick(['{', '{"a":', '[1,2', 'nul', '{"a":"\\ud800"}', '{"postId":"\\u0000"}', '{"__proto__":{"x":1}}', '"just a string"', '1e999'])],
        ['application/json', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x00, 0x22, 0x7d])],
        ['text/plain', badString(rng, w)],
        ['application/x-www-form-urlencoded', `postId=${encodeQueryValue(rng, badString(rng, w).slice(0, 50))}&type=upvote`],
        ['application/octet-stream', randomBytesString(rng)],
        [rng.pick(['', ' ', 'application/jsonx', 'text/html', 'application/xml', 'image/png', 'application/json; charset=utf-16']), '{"a":1}'],
        ['application/json', JSON.stringify({ content: hugeString(rng), postId: rng.pick(w.postIds) })],
        ['application/json', deepJson(rng, w)],
      ];
      const [ct, body] = raw[pickRaw]!;
      if (ct) headers['content-type'] = ct;
      payload = body;
      summary = `raw ${ct || '(no type)'} ${typeof body === 'string' ? body.slice(0, 100) : `<${body.length} bytes>`}`;
      break;
    }
    case 'multipart': {
      const form = rng.chance(0.5) ? nearlyValidForm(rng, w, image) : multipartBody(rng, w, rng.chance(0.3) ? image : null);
      Object.assign(headers, form.headers);
      payload = form.payload;
      summary = `multipart ${form.headers['content-type']} <${form.payload.length} bytes> ${form.payload.toString('latin1').slice(0, 160).replace(/\r\n/g, '⏎')}`;
      break;
    }
    default:
      summary = 'no body';
  }
  return { options: { method: method as InjectOptions['method'], url, headers, ...(payload !== undefined ? { payload } : {}) }, summary: `[${auth.label}] ${summary}` };
}

/** Paths keep their generated escapes; raw characters outside the URL grammar are percent-encoded. */
function encodePath(path: string): string {
  return path.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@/%]/gu, (ch) => {
    try {
      return encodeURIComponent(ch);
    } catch {
      return '%ED%A0%80';
    }
  });
}

/** An Open311 error answer: a JSON array of { code, description }, or an XML <errors> document, with the status as code. */
function open311ErrorOk(body: string, status: number): boolean {
  // A path or method no Open311 route matches (404, the router's refusals, the input guard before routing)
  // gets the server-wide { message } answer; the Open311 suite checks its routes' own errors are arrays.
  try {
    const answer = JSON.parse(body) as { message?: unknown };
    if (!Array.isArray(answer) && typeof answer.message === 'string' && answer.message.trim() !== '') return true;
  } catch {
    // not JSON: XML below
  }
  if (body.startsWith('<?xml')) return body.includes(`<errors><error><code>${status}</code><description>`) && !body.includes('<description></description>');
  try {
    const errors = JSON.parse(body) as unknown;
    return (
      Array.isArray(errors) &&
      errors.length > 0 &&
      errors.every((e: { code?: unknown; description?: unknown }) => e.code === status && typeof e.description === 'string' && e.description.trim() !== '')
    );
  } catch {
    return false;
  }
}

async function seed(t: TestApp): Promise<World> {
  const { app } = t;
  const cast = await createCast(app);
  const postIds: string[] = [];
  for (let i = 0; i < 4; i++) postIds.push((await createPost(app, cast.citizen, { caption: `Fuzz report ${i}` }))._id);
  postIds.push((await createPost(app, cast.otherCitizen, { caption: 'Fuzz report by another citizen' }))._id);
  await advanceTo(app, cast.verifiedGov, postIds[1]!, 'Work Started');
  await advanceTo(app, cast.verifiedGov, postIds[2]!, 'Waiting for User Verification');
  const commentIds: string[] = [];
  const replyIds: string[] = [];
  for (const postId of postIds.slice(0, 3)) {
    const c = await app.inject({ method: 'POST', url: '/api/posts/addComment', headers: cast.citizen.auth, payload: { postId, content: 'Seen it' } });
    const commentId = c.json<{ comment: { _id: string } }>().comment._id;
    commentIds.push(commentId);
    const r = await app.inject({ method: 'POST', url: '/api/posts/addReply', headers: cast.otherCitizen.auth, payload: { postId, commentId, content: 'Me too' } });
    replyIds.push(r.json<{ reply: { _id: string } }>().reply._id);
  }
  const spareAccountIds: string[] = [];
  for (let i = 0; i < 4; i++) spareAccountIds.push((await signupCitizen(app, `Spare ${i}`)).id, (await signupGovernment(app, { verified: i % 2 === 0 })).id);
  return { cast, postIds, commentIds, replyIds, accountIds: Object.values(cast).map((a) => a.id), spareAccountIds };
}

describe('fuzz', () => {
  let t: TestApp;
  let world: World;
  let image: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    world = await seed(t);
    // A real photo lets multipart requests reach the checks past "no image".
    image = await jpeg(32, 24);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers no 5xx, and a JSON { message } for every 4xx, to generated bad input on every route', async () => {
    const { app } = t;
    const doc = app.swagger() as { paths: Record<string, Record<string, unknown>> };
    // Every route of the OpenAPI document, plus the hidden ones of the route table (/uploads/*).
    const routes = new Map<string, { method: string; url: string }>();
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const m of Object.keys(ops)) routes.set(`${m.toUpperCase()} ${p}`, { method: m.toUpperCase(), url: p.replace(/\{(\w+)\}/g, ':$1') });
    }
    for (const r of app.routeTable) routes.set(`${r.method} ${r.url}`, r);
    const list = [...routes.values()];
    expect(list.length).toBeGreaterThan(30);

    console.log(`fuzz ${t.engine}: seed ${SEED} (FUZZ_SEED=${SEED} FUZZ_REQUESTS=${REQUESTS} to replay), ${list.length} routes`);
    const rng = prng(SEED);
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    const started = performance.now();
    for (let i = 0; i < REQUESTS; i++) {
      const g = generate(rng, world, list, image);
      const res = await app.inject(g.options);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      const line = () => `#${i} ${g.options.method} ${String(g.options.url).slice(0, 200)} ${g.summary.slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
      if (res.statusCode >= 500) failures.push(line());
      // The error handler's safety net for values PostgreSQL refuses: reaching it means a check is missing.
      else if (res.statusCode === 400 && res.body.includes(TEXTS.http.invalidValue)) failures.push(`unchecked value: ${line()}`);
      else if (res.statusCode >= 400 && String(g.options.url).startsWith('/open311/')) {
        // Open311 GeoReport v2 answers its own error shape: [{ code, description }] in JSON, <errors> in XML.
        if (!open311ErrorOk(res.body, res.statusCode)) failures.push(`no Open311 error array: ${line()}`);
      } else if (res.statusCode >= 400) {
        let message: unknown;
        try {
          message = res.json<{ message?: unknown }>().message;
        } catch {
          message = undefined;
        }
        if (typeof message !== 'string' || message.trim() === '') failures.push(`no { message }: ${line()}`);
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const histogram = [...statuses.entries()].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}×${n}`).join(' ');
    const fivexx = [...statuses.entries()].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
    console.log(`fuzz ${t.engine}: ${REQUESTS} requests in ${seconds.toFixed(1)} s, ${histogram}, 5xx=${fivexx}`);
    expect(failures.slice(0, 25), `${failures.length} bad answers (seed ${SEED})`).toEqual([]);
  }, 180_000);
});
