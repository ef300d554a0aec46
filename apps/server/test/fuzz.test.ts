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
import {
  advanceTo,
  createCast,
  createPost,
  createTestApp,
  jpeg,
  signupCitizen,
  signupGovernment,
  type Cast,
  type TestApp,
} from './helpers/app.js';

const SEED = Number(process.env.FUZZ_SEED ?? 0x5eed2026) >>> 0;
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 8000);
const BODY_LIMIT = 1024 * 1024;

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
type Rng = ReturnType<typeof prng>;

interface World {
  cast: Cast;
  postIds: string[];
  commentIds: string[];
  replyIds: string[];
  accountIds: string[];
  /** Accounts the admin's delete routes may remove: the cast stays, so the rest of the run keeps real callers. */
  spareAccountIds: string[];
}

const NUL = '\u0000';
const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');

/** Field names the routes read, so generated objects often hit real fields. */
const FIELD_NAMES = [
  'name', 'email', 'password', 'confirmPassword', 'officialEmail', 'secretKey', 'department', 'phone', 'city', 'message',
  'caption', 'priority', 'location', 'postId', 'commentId', 'replyId', 'commentIndex', 'replyIndex', 'type', 'content',
  'reason', 'finalCaption', 'finalImages', 'state', 'landmark', 'address', 'pincode', 'coordinates', 'lat', 'lng', 'url',
  'public_id', '__proto__', 'constructor', 'images', 'proofDoc', 'currentPassword', 'newPassword', 'notifications',
  'publicFields', 'dob', 'gender', 'bio', 'socialLinks', 'file', 'profilePhoto', 'authorityName', 'website',
  'api_key', 'service_code', 'description', 'long', 'address_string', 'zipcode', 'media_url', 'attribute[state]', 'attribute', 'contact',
];
const QUERY_KEYS = [
  'limit', 'cursor', 'sort', 'priority', 'minUpvotes', 'minDownvotes', 'scope', 'lat', 'lng', 'caption', 'fromLat', 'fromLng',
  'toLat', 'toLng', 'exclude', 'x', 'q', 'role', 'status', 'progress', 'bbox', 'shape',
  'service_request_id', 'service_code', 'start_date', 'end_date', 'page_size', 'state', 'category', 'from', 'to',
];
const NUMBERS = [2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53, 2 ** 53 + 2, 1e308, -1e308, -0, -1, 0, 1, 1.5, 5e-324, 2 ** 32, 100, 101];
const NUMBER_TEXTS = ['2147483648', '2147483647', '-1', '1e308', '-1e308', 'NaN', 'Infinity', '-Infinity', '-0', '1.5', '0x10', ' 12 ', '9007199254740993', '1e-400', '00000000000000000001', '+5', '1_000'];

function hugeString(rng: Rng): string {
  const sizes = [1_000, 10_000, 100_000, 300_000, BODY_LIMIT - 200, BODY_LIMIT + 10];
  return rng.pick(['x', 'é', '\u0000', '😀', 'a\u0000']).repeat(rng.pick(sizes) / 2);
}

function badString(rng: Rng, w: World): string {
  const real = rng.pick([...w.postIds, ...w.commentIds, ...w.accountIds]);
  switch (rng.int(22)) {
    case 0: return '';
    case 1: return ' \t\n ';
    case 2: return NUL;
    case 3: return `abc${NUL}def`;
    case 4: return real + NUL;
    case 5: return '\ud800';
    case 6: return `x\udfffy\ud83d`;
    case 7: return 'नमस्ते 😀 𝓤𝓷𝓲 ‮rtl';
    case 8: return rng.chance(0.15) ? hugeString(rng) : 'y'.repeat(rng.pick([255, 256, 2001, 5001, 10_000]));
    case 9: return "' OR '1'='1' --";
    case 10: return '1; DROP TABLE posts; --';
    case 11: return rng.pick(['../../etc/passwd', '..%2f..%2f', '%00', '%', '\\', '/']);
    case 12: return rng.pick(NUMBER_TEXTS);
    case 13: return real;
    case 14: return rng.pick(['null', 'undefined', 'true', '{}', '[]', '{"lat":1e308}']);
    case 15: return JSON.stringify({ state: 'Maharashtra', landmark: 'x', address: 'y', pincode: '400028', coordinates: { lat: rng.pick(NUMBERS), lng: rng.pick(NUMBERS) } });
    case 16: return rng.pick(['upvote', 'downvote', 'Low', 'Critical', 'mostUpvotes', 'assigned', 'mine']);
    case 17: return `someone${rng.int(1000)}@example.in${rng.chance(0.5) ? NUL : ''}`;
    case 18: return randomBytesString(rng);
    case 19: return rng.pick(['<script>alert(1)</script>', '${7*7}', '{{7*7}}', '%s%s%n']);
    case 20: return 'a'.repeat(24).replace(/a/g, () => rng.pick([...'0123456789abcdef']));
    default: return String.fromCharCode(...Array.from({ length: 1 + rng.int(12) }, () => rng.int(0x3000)));
  }
}

function randomBytesString(rng: Rng): string {
  return Array.from({ length: 1 + rng.int(40) }, () => String.fromCharCode(rng.int(256))).join('');
}

function badValue(rng: Rng, w: World, depth = 0): unknown {
  switch (rng.int(depth > 2 ? 4 : 8)) {
    case 0:
    case 1:
      return badString(rng, w);
    case 2:
      return rng.pick(NUMBERS);
    case 3:
      return rng.pick([null, true, false]);
    case 4:
      return Array.from({ length: rng.int(4) }, () => badValue(rng, w, depth + 1));
    case 5:
      return { [rng.pick(FIELD_NAMES)]: badValue(rng, w, depth + 1) };
    default:
      return badObject(rng, w, depth + 1);
  }
}

function badObject(rng: Rng, w: World, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const n = rng.int(6);
  for (let i = 0; i < n; i++) {
    const key = rng.chance(0.85) ? rng.pick(FIELD_NAMES) : badString(rng, w).slice(0, 40);
    out[key] = badValue(rng, w, depth);
  }
  // Sometimes a key itself carries a NUL.
  if (rng.chance(0.1)) out[`${rng.pick(FIELD_NAMES)}${NUL}`] = 'x';
  return out;
}

/** A plausible body for the route with one or two fields spoiled, so checks past the first are reached. */
function nearlyValidBody(rng: Rng, w: World): Record<string, unknown> {
  const post = rng.pick(w.postIds);
  const base: Record<string, unknown> = {
    postId: post,
    commentId: rng.pick(w.commentIds),
    replyId: rng.pick(w.replyIds),
    content: 'Seen this too',
    type: rng.pick(['upvote', 'downvote']),
    caption: 'Pothole on the main road',
    priority: 'High',
    location: { state: 'Maharashtra', landmark: 'Gate', address: 'Road', pincode: '400028', coordinates: { lat: 19, lng: 72 } },
    reason: 'Still broken',
    email: `person${rng.int(50)}@example.in`,
    officialEmail: `dept${rng.int(50)}@example.in`,
    // Never the cast's real password: DELETE /api/account and PUT /api/account/password would end the run's callers.
    password: 'fuzz-pass-123',
    confirmPassword: 'fuzz-pass-123',
    currentPassword: 'fuzz-pass-123',
    newPassword: 'fuzz-new-pass',
    notifications: { chat: false },
    publicFields: ['phone'],
    bio: 'Fuzz bio',
    dob: '1990-01-01',
    gender: 'other',
    socialLinks: '{}',
    name: 'Fuzz Person',
    message: 'Streetlight out',
    secretKey: 'admin-secret-key',
    finalCaption: 'Done',
    finalImages: [{ url: 'https://example.in/a.jpg' }],
    commentIndex: rng.int(3),
    replyIndex: rng.int(3),
  };
  const spoil = 1 + rng.int(2);
  const keys = Object.keys(base);
  for (let i = 0; i < spoil; i++) base[rng.pick(keys)] = badValue(rng, w, 1);
  return base;
}

/** Deep nesting (up to what fits the body limit), inside a field the route reads, sometimes with a __proto__ key. */
function deepJson(rng: Rng, w: World): string {
  const depth = rng.pick([40, 1_000, 100_000, 300_000]);
  const [open, close] = rng.pick([['[', ']'], ['{"constructor":', '}'], ['{"a":', '}'], ['{"__proto__":', '}']] as const);
  const inner = `${open.repeat(depth)}1${close.repeat(depth)}`;
  const field = rng.pick(['content', 'caption', 'reason', 'location', 'postId', 'finalImages']);
  return rng.chance(0.5) ? inner : `{"postId":"${rng.pick(w.postIds)}","${field}":${inner}}`;
}

function encodeQueryValue(rng: Rng, value: string): string {
  try {
    return rng.chance(0.9) ? encodeURIComponent(value) : value.replace(/[#&?\s]/g, '');
  } catch {
    // Lone surrogates cannot be percent-encoded as UTF-8: send the bytes of their CESU-8 form.
    return '%ED%A0%80';
  }
}

function badCursor(rng: Rng, w: World): string {
  const id = rng.pick(w.postIds);
  return rng.pick([
    b64([1.5, id]),
    b64([2 ** 31, id]),
    b64([2 ** 53, id]),
    b64([1e308, id]),
    b64([-1, id]),
    b64([id]),
    b64([id + NUL]),
    b64([3, id + NUL]),
    b64([]),
    b64([1, 2, 3]),
    b64([id, 1]),
    b64([null]),
    b64({ a: 1 }),
    b64('str'),
    b64(['x'.repeat(200)]),
    b64([0, 'x'.repeat(200)]),
    b64('[1,'),
    '!!!not-base64!!!',
    '%00',
    NUL,
    'AAAA',
    '',
    'x'.repeat(301),
    id,
  ]);
}

function queryString(rng: Rng, w: World): string {
  if (rng.chance(0.2)) return '';
  // Often a single bad parameter, so it is not hidden behind another one that fails validation first.
  if (rng.chance(0.5)) {
    const key = rng.pick(['cursor', 'cursor', 'minUpvotes', 'minDownvotes', 'limit', 'sort', 'priority', 'scope']);
    const value = key === 'cursor' ? badCursor(rng, w) : rng.chance(0.7) ? rng.pick(NUMBER_TEXTS) : badString(rng, w).slice(0, 300);
    const sort = key === 'cursor' && rng.chance(0.5) ? `&sort=${rng.pick(['mostUpvotes', 'leastDownvotes', 'oldest'])}` : '';
    return `?${rng.chance(0.5) ? 'limit=2&' : ''}${key}=${encodeQueryValue(rng, value)}${sort}`;
  }
  const parts: string[] = [];
  const n = 1 + rng.int(4);
  for (let i = 0; i < n; i++) {
    const key = rng.chance(0.9) ? rng.pick(QUERY_KEYS) : encodeQueryValue(rng, badString(rng, w).slice(0, 30));
    const value = key === 'cursor' ? badCursor(rng, w) : rng.chance(0.5) ? rng.pick(NUMBER_TEXTS) : badString(rng, w).slice(0, 2000);
    parts.push(`${key}=${encodeQueryValue(rng, value)}`);
    // Repeated keys arrive as arrays.
    if (rng.chance(0.15)) parts.push(`${key}=${encodeQueryValue(rng, rng.pick(NUMBER_TEXTS))}`);
  }
  if (rng.chance(0.05)) parts.push(rng.pick(['%', '%zz', '&&', '=', 'a[b]=1', 'a[0]=1', '__proto__[x]=1']));
  return `?${parts.join('&')}`;
}

function pathValue(rng: Rng, w: World, url = ''): string {
  const accounts = /^\/api\/admin\/delete(User|Government)\//.test(url) ? w.spareAccountIds : w.accountIds;
  if (rng.chance(0.45)) return rng.pick([...w.postIds, ...w.commentIds, ...w.replyIds, ...accounts]);
  return rng.pick([
    '%00',
    `${rng.pick(w.postIds)}%00`,
    encodeQueryValue(rng, `${rng.pick(w.postIds)}${NUL}`),
    'x'.repeat(10_000),
    '..%2F..%2Fetc%2Fpasswd',
    '../',
    '%2e%2e',
    encodeURIComponent('नमस्ते😀'),
    '%ED%A0%80',
    encodeURIComponent("1' OR '1'='1"),
    '%25',
    '0',
    '-1',
    '2147483648',
    '1e308',
    'null',
    'a'.repeat(24),
    'A'.repeat(64),
    'A'.repeat(65),
  ]);
}

function multipartBody(rng: Rng, w: World, image: Buffer | null): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----fuzz${rng.int(1e9)}`;
  const chunks: Buffer[] = [];
  const n = rng.int(6);
  for (let i = 0; i < n; i++) {
    const name = rng.chance(0.9) ? rng.pick(FIELD_NAMES) : badString(rng, w).slice(0, 30).replace(/["\r\n]/g, '');
    const value = rng.chance(0.5) ? badString(rng, w) : JSON.stringify(badValue(rng, w));
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (image || rng.chance(0.3)) {
    const field = rng.pick(['images', 'proofDoc', 'finalImages', 'other']);
    const filename = rng.pick(['a.jpg', `a${NUL}.jpg`, '../../x.jpg', 'नमस्ते.png', '', 'x'.repeat(300)]).replace(/["\r\n]/g, '');
    const data = image ?? (rng.chance(0.5) ? Buffer.from(badString(rng, w).slice(0, 5000)) : Buffer.alloc(0));
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${rng.pick(['image/jpeg', 'image/png', 'application/pdf', 'text/plain'])}\r\n\r\n`),
      data,
      Buffer.from('\r\n'),
    );
  }
  // Broken forms: no closing boundary, a different boundary, or garbage.
  const ending = rng.pick([`--${boundary}--\r\n`, `--${boundary}--\r\n`, '', `--other--\r\n`, `--${boundary}\r\nContent-Disposition: form-data\r\n\r\n`]);
  chunks.push(Buffer.from(ending));
  const ct = rng.pick([
    `multipart/form-data; boundary=${boundary}`,
    `multipart/form-data; boundary=${boundary}`,
    'multipart/form-data',
    'multipart/form-data; boundary=',
    `multipart/form-data; boundary="${boundary}"`,
    `multipart/mixed; boundary=${boundary}`,
  ]);
  return { payload: Buffer.concat(chunks), headers: { 'content-type': ct } };
}

/** A real form of the route (report, final update, department signup) with one or two fields spoiled. */
function nearlyValidForm(rng: Rng, w: World, image: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const fields: Record<string, string> = {
    caption: 'Pothole on the main road',
    finalCaption: 'Filled and resurfaced',
    priority: 'High',
    location: JSON.stringify({ state: 'Maharashtra', landmark: 'Gate', address: 'Road', pincode: '400028', coordinates: { lat: 19.02, lng: 72.84 } }),
    department: 'Roads Department',
    email: `dept${rng.int(1e6)}@example.in`,
    password: 'dept-password',
    confirmPassword: 'dept-password',
    phone: '9876543210',
    city: 'Pune',
  };
  const keys = Object.keys(fields);
  for (let i = 0, n = 1 + rng.int(2); i < n; i++) {
    const key = rng.pick(keys);
    const bad = badValue(rng, w, 1);
    fields[key] = typeof bad === 'string' ? bad : JSON.stringify(bad) ?? '';
  }
  if (rng.chance(0.3)) {
    fields.location = JSON.stringify({ state: 'Goa', landmark: 'Beach', address: 'Road', pincode: '403001', coordinates: { lat: rng.pick(NUMBERS), lng: badValue(rng, w, 2) } });
  }
  const boundary = `----near${rng.int(1e9)}`;
  const chunks: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  const files = rng.pick([1, 1, 1, 0, 7]);
  for (let i = 0; i < files; i++) {
    const field = rng.pick(['images', 'proofDoc', 'finalImages']);
    const filename = rng.pick(['a.jpg', `a${NUL}.jpg`, 'x.png']);
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`), image, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

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

/**
 * Issue 25 items 1, 2 and 6: random batches of concurrent deletes and writes on the same post, its
 * comments, its people and a department (deleting, verifying and revoking it while it moves the
 * report), sent at once with Promise.all (side by side on PostgreSQL's pool). Whatever the interleaving,
 * no answer may be a 5xx. Seeded like the rest (FUZZ_SEED); FUZZ_RACE_ROUNDS sets the batch count.
 */
describe('fuzz: concurrent deletes and writes', () => {
  let t: TestApp;
  const ROUNDS = Number(process.env.FUZZ_RACE_ROUNDS ?? 30);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('random interleavings of deletes with comments, votes, moves, chat, profile and password writes never answer 5xx', async () => {
    const app = t.app;
    const rng = prng(SEED ^ 0x2525);
    const cast = await createCast(app);
    const admin = cast.admin;
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (let round = 0; round < ROUNDS; round++) {
      const author = await signupCitizen(app, 'Race Author');
      const neighbour = await signupCitizen(app, 'Race Neighbour');
      const dept = await signupGovernment(app, { verified: true, department: 'Race Department' });
      const post = await createPost(app, author);
      const postId = post._id;
      const commentRes = await app.inject({ method: 'POST', url: '/api/posts/addComment', headers: neighbour.auth, payload: { postId, content: 'Seen it too' } });
      const commentId = commentRes.json<{ comment: { _id: string } }>().comment._id;
      const replyRes = await app.inject({ method: 'POST', url: '/api/posts/addReply', headers: author.auth, payload: { postId, commentId, content: 'Thanks' } });
      const replyId = replyRes.json<{ reply: { _id: string } }>().reply._id;
      if (rng.chance(0.5)) await advanceTo(app, dept, postId, 'Problem Seen');
      const photo = rng.chance(0.3) ? await jpeg(80, 80) : null;
      const someone = () => rng.pick([author, neighbour]);

      const ops: Array<{ name: string; run: () => Promise<{ statusCode: number; body: string }> }> = [
        { name: 'deleteComment', run: () => app.inject({ method: 'DELETE', url: '/api/posts/deleteComment', headers: rng.pick([neighbour, admin]).auth, payload: { postId, commentId } }) },
        { name: 'deleteReply', run: () => app.inject({ method: 'DELETE', url: '/api/posts/deleteReply', headers: rng.pick([author, admin]).auth, payload: { postId, commentId, replyId } }) },
        { name: 'addComment', run: () => app.inject({ method: 'POST', url: '/api/posts/addComment', headers: someone().auth, payload: { postId, content: 'Still there' } }) },
        { name: 'addReply', run: () => app.inject({ method: 'POST', url: '/api/posts/addReply', headers: someone().auth, payload: { postId, commentId, content: 'Yes' } }) },
        { name: 'vote', run: () => app.inject({ method: 'PUT', url: '/api/posts/votePost', headers: rng.pick([author, neighbour, dept]).auth, payload: { postId, type: rng.pick(['upvote', 'downvote']) } }) },
        { name: 'deletePost', run: () => app.inject({ method: 'DELETE', url: `/api/user/deletePosts/${postId}`, headers: author.auth }) },
        { name: 'adminDeletePost', run: () => app.inject({ method: 'DELETE', url: `/api/admin/deletePosts/${postId}`, headers: admin.auth, payload: {} }) },
        { name: 'deleteAuthor', run: () => app.inject({ method: 'DELETE', url: `/api/admin/deleteUser/${author.id}`, headers: admin.auth, payload: {} }) },
        { name: 'deleteNeighbour', run: () => app.inject({ method: 'DELETE', url: '/api/account', headers: neighbour.auth, payload: { password: neighbour.password } }) },
        { name: 'deleteDept', run: () => app.inject({ method: 'DELETE', url: `/api/admin/deleteGovernment/${dept.id}`, headers: admin.auth, payload: {} }) },
        { name: 'verifyDept', run: () => app.inject({ method: 'PUT', url: `/api/admin/verifyGovernment/${dept.id}`, headers: admin.auth }) },
        { name: 'revokeDept', run: () => app.inject({ method: 'PUT', url: `/api/admin/unverifyGovernment/${dept.id}`, headers: admin.auth, payload: { reason: 'Check' } }) },
        { name: 'advance', run: () => app.inject({ method: 'PUT', url: `/api/gov/progressState/${postId}`, headers: dept.auth }) },
        { name: 'regress', run: () => app.inject({ method: 'PUT', url: `/api/gov/regressProgressState/${postId}`, headers: dept.auth }) },
        { name: 'chat', run: () => app.inject({ method: 'POST', url: '/api/user/sendMessage', headers: neighbour.auth, payload: { msg: 'Anyone else?' } }) },
        {
          name: 'profile',
          run: () => {
            const body = raceProfileBody({ name: 'Renamed' }, photo);
            return app.inject({ method: 'PUT', url: '/api/user/updateProfile', headers: { ...neighbour.auth, ...body.headers }, payload: body.payload });
          },
        },
        { name: 'password', run: () => app.inject({ method: 'PUT', url: '/api/account/password', headers: author.auth, payload: { currentPassword: author.password, newPassword: `changed-${rng.int(3)}-pass` } }) },
        { name: 'read', run: () => app.inject({ method: 'GET', url: `/api/posts/post/${postId}`, headers: neighbour.auth }) },
      ];
      const batch = Array.from({ length: 6 + rng.int(7) }, () => rng.pick(ops));
      const answers = await Promise.all(batch.map((op) => op.run()));
      answers.forEach((res, i) => {
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode >= 500) failures.push(`round ${round} ${batch[i]!.name} [${batch.map((b) => b.name).join(', ')}] → ${res.statusCode} ${res.body.slice(0, 200)}`);
      });
      // The counters the races touch stay exact.
      const row = await app.ctx.database.db.selectFrom('posts').select(['comment_count', 'upvote_count', 'downvote_count']).where('id', '=', postId).executeTakeFirst();
      if (row) {
        const db = app.ctx.database.db;
        const comments = await db.selectFrom('comments').select('id').where('post_id', '=', postId).where('parent_id', 'is', null).execute();
        const votes = await db.selectFrom('votes').select('type').where('post_id', '=', postId).execute();
        const counted = [Number(row.comment_count), Number(row.upvote_count), Number(row.downvote_count)];
        const actual = [comments.length, votes.filter((v) => v.type === 'upvote').length, votes.filter((v) => v.type === 'downvote').length];
        if (counted.join() !== actual.join()) failures.push(`round ${round} counters ${counted.join()} ≠ rows ${actual.join()} [${batch.map((b) => b.name).join(', ')}]`);
      }
    }
    const histogram = [...statuses.entries()].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}×${n}`).join(' ');
    console.log(`fuzz races ${t.engine}: ${ROUNDS} batches, ${histogram}`);
    expect(failures, `seed ${SEED}`).toEqual([]);
  }, 180_000);
});

/** A profile edit's multipart body (with a photo or not), built here so this block needs no import of its own. */
function raceProfileBody(fields: Record<string, string>, photo: Buffer | null): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----racefuzz${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (photo) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`), photo, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

// Issue 25: answers are bounded in bytes. Generated worst content (texts at their limits, made of the
// characters JSON and UTF-8 write longest) is posted through the API, then every read of posts, comments
// and replies, with generated paging, must answer within LIMITS.answerBytesMax. Self-contained: its own app.
describe('fuzz: answer size under worst content', () => {
  let t: TestApp;
  let cast: Cast;
  let answerBytesMax = 0;
  const postIds: string[] = [];
  const threads: Array<{ postId: string; commentId: string }> = [];
  const rng = prng(SEED ^ 0x25);
  /** Characters of 6 (control), 2 (quote, backslash), 3 (Devanagari, U+2028) and 4 (emoji) bytes of JSON. */
  const COSTLY = ['\u0001', '\u001f', '"', '\\', 'क', 'ि', '\u2028', '😀', ' '];
  const text = (max: number) => {
    let s = '';
    while (s.length < max - 1) s += rng.pick(COSTLY);
    return `x${s}`.slice(0, max).replace(/\s+$/, 'y');
  };

  beforeAll(async () => {
    const { LIMITS } = await import('@civicpulse/shared');
    answerBytesMax = LIMITS.answerBytesMax;
    t = await createTestApp();
    cast = await createCast(t.app);
    const image = await jpeg(32, 24);
    const say = (url: string, payload: object, who = cast.otherCitizen) => t.app.inject({ method: 'POST', url, headers: who.auth, payload });
    for (let i = 0; i < 60; i++) {
      const post = await createPost(t.app, rng.chance(0.5) ? cast.citizen : cast.otherCitizen, { caption: text(LIMITS.commentMaxChars), images: [image] });
      postIds.push(post._id);
      const comments = i === 0 ? 30 : 3;
      for (let c = 0; c < comments; c++) {
        const added = await say('/api/posts/addComment', { postId: post._id, content: text(LIMITS.commentMaxChars) });
        expect(added.statusCode).toBe(201);
        const commentId = added.json<{ comment: { _id: string } }>().comment._id;
        threads.push({ postId: post._id, commentId });
        const replies = i === 0 && c === 0 ? 100 : 4;
        for (let r = 0; r < replies; r++) {
          expect((await say('/api/posts/addReply', { postId: post._id, commentId, content: text(LIMITS.commentMaxChars) }, cast.citizen)).statusCode).toBe(201);
        }
      }
      await t.app.inject({ method: 'PUT', url: '/api/posts/votePost', headers: cast.citizen.auth, payload: { postId: post._id, type: rng.pick(['upvote', 'downvote']) } });
    }
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers every read of posts, comments and replies within LIMITS.answerBytesMax, and pages on past the cut', async () => {
    const reads: Array<[keyof Cast, string]> = [
      ['citizen', '/api/user/allPosts'],
      ['otherCitizen', '/api/user/allPosts?exclude=mine'],
      ['citizen', '/api/user/myPosts'],
      ['citizen', '/api/user/upvotedPosts'],
      ['citizen', '/api/user/downvotedPosts'],
      ['verifiedGov', '/api/gov/allPosts'],
      ['verifiedGov', '/api/gov/allPosts?scope=unassigned&area=all'],
      ['admin', '/api/admin/allPosts'],
      ['admin', '/api/admin/allPosts?q=x'],
      ['citizen', '/api/posts/similar?lat=19.0269&lng=72.8383&caption=x'],
    ];
    for (const postId of postIds.slice(0, 5)) reads.push(['otherGov', `/api/posts/post/${postId}`], ['admin', `/api/posts/post/${postId}/comments`]);
    for (const { postId, commentId } of threads.slice(0, 5)) reads.push(['citizen', `/api/posts/post/${postId}/comments/${commentId}/replies`]);
    let cut = 0;
    let largest = 0;
    for (const [who, base] of reads) {
      const [start = '', query = ''] = base.split('?');
      let path = start;
      let params = new URLSearchParams(query);
      for (let page = 0; page < 20; page++) {
        // Generated paging: no limit (the spec's clients), or any limit up to the largest page.
        const limit = rng.chance(0.4) ? undefined : 1 + rng.int(100);
        const asked = new URLSearchParams(params);
        if (limit !== undefined) asked.set('limit', String(limit));
        const url = asked.toString() ? `${path}?${asked.toString()}` : path;
        const res = await t.app.inject({ method: 'GET', url, headers: cast[who].auth });
        expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
        largest = Math.max(largest, res.rawPayload.length);
        expect(res.rawPayload.length, url).toBeLessThanOrEqual(answerBytesMax);
        const answer = res.json<Record<string, unknown>>();
        const items = Object.values(answer).find(Array.isArray) as unknown[] | undefined;
        const post = answer.post as { commentsCursor?: unknown } | undefined;
        const cursor = post ? post.commentsCursor : answer.nextCursor;
        if (typeof cursor !== 'string') break;
        if (items && limit !== undefined && items.length < limit) cut++;
        // The single post goes on through its comments route.
        if (post) path = `${path}/comments`;
        params = new URLSearchParams(post ? {} : params);
        params.set('cursor', cursor);
      }
    }
    console.log(`fuzz answer size ${t.engine}: ${reads.length} reads, largest ${largest} bytes, ${cut} pages cut by bytes`);
    // The content was worst enough that the byte budget, not the row limit, ended some pages.
    expect(cut).toBeGreaterThan(0);
  }, 300_000);
});
