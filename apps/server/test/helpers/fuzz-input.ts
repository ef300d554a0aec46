/**
 * The fuzz suites' generated input (fuzz.test.ts, fuzz-writes.test.ts): a seeded PRNG and the bad values,
 * bodies, queries, paths and multipart forms it draws, aimed at the real ids of a seeded World.
 * FUZZ_SEED overrides the seed.
 */
import type { Cast } from './app.js';

export const SEED = Number(process.env.FUZZ_SEED ?? 0x5eed2026) >>> 0;
export const BODY_LIMIT = 1024 * 1024;

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function prng(seed: number) {
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
export type Rng = ReturnType<typeof prng>;

export interface World {
  cast: Cast;
  postIds: string[];
  commentIds: string[];
  replyIds: string[];
  accountIds: string[];
  /** Accounts the admin's delete routes may remove: the cast stays, so the rest of the run keeps real callers. */
  spareAccountIds: string[];
}

export const NUL = '\u0000';
export const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');

/** Field names the routes read, so generated objects often hit real fields. */
export const FIELD_NAMES = [
  'name', 'email', 'password', 'confirmPassword', 'officialEmail', 'secretKey', 'department', 'phone', 'city', 'message',
  'caption', 'priority', 'location', 'postId', 'commentId', 'replyId', 'commentIndex', 'replyIndex', 'type', 'content',
  'reason', 'finalCaption', 'finalImages', 'state', 'landmark', 'address', 'pincode', 'coordinates', 'lat', 'lng', 'url',
  'public_id', '__proto__', 'constructor', 'images', 'proofDoc', 'currentPassword', 'newPassword', 'notifications',
  'publicFields', 'dob', 'gender', 'bio', 'socialLinks', 'file', 'profilePhoto', 'authorityName', 'website',
  'api_key', 'service_code', 'description', 'long', 'address_string', 'zipcode', 'media_url', 'attribute[state]', 'attribute', 'contact',
];
export const QUERY_KEYS = [
  'limit', 'cursor', 'sort', 'priority', 'minUpvotes', 'minDownvotes', 'scope', 'lat', 'lng', 'caption', 'fromLat', 'fromLng',
  'toLat', 'toLng', 'exclude', 'x', 'q', 'role', 'status', 'progress', 'bbox', 'shape',
  'service_request_id', 'service_code', 'start_date', 'end_date', 'page_size', 'state', 'category', 'from', 'to',
];
export const NUMBERS = [2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53, 2 ** 53 + 2, 1e308, -1e308, -0, -1, 0, 1, 1.5, 5e-324, 2 ** 32, 100, 101];
export const NUMBER_TEXTS = ['2147483648', '2147483647', '-1', '1e308', '-1e308', 'NaN', 'Infinity', '-Infinity', '-0', '1.5', '0x10', ' 12 ', '9007199254740993', '1e-400', '00000000000000000001', '+5', '1_000'];

export function hugeString(rng: Rng): string {
  const sizes = [1_000, 10_000, 100_000, 300_000, BODY_LIMIT - 200, BODY_LIMIT + 10];
  return rng.pick(['x', 'é', '\u0000', '😀', 'a\u0000']).repeat(rng.pick(sizes) / 2);
}

export function badString(rng: Rng, w: World): string {
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

export function randomBytesString(rng: Rng): string {
  return Array.from({ length: 1 + rng.int(40) }, () => String.fromCharCode(rng.int(256))).join('');
}

export function badValue(rng: Rng, w: World, depth = 0): unknown {
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

export function badObject(rng: Rng, w: World, depth = 0): Record<string, unknown> {
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
export function nearlyValidBody(rng: Rng, w: World): Record<string, unknown> {
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
export function deepJson(rng: Rng, w: World): string {
  const depth = rng.pick([40, 1_000, 100_000, 300_000]);
  const [open, close] = rng.pick([['[', ']'], ['{"constructor":', '}'], ['{"a":', '}'], ['{"__proto__":', '}']] as const);
  const inner = `${open.repeat(depth)}1${close.repeat(depth)}`;
  const field = rng.pick(['content', 'caption', 'reason', 'location', 'postId', 'finalImages']);
  return rng.chance(0.5) ? inner : `{"postId":"${rng.pick(w.postIds)}","${field}":${inner}}`;
}

export function encodeQueryValue(rng: Rng, value: string): string {
  try {
    return rng.chance(0.9) ? encodeURIComponent(value) : value.replace(/[#&?\s]/g, '');
  } catch {
    // Lone surrogates cannot be percent-encoded as UTF-8: send the bytes of their CESU-8 form.
    return '%ED%A0%80';
  }
}

/** Cursors of a count sort whose count no column can hold (a fraction, 2^31 and past, negative) or that lack it. */
export function countCursorsOutOfRange(id: string): string[] {
  return [b64([1.5, id]), b64([2 ** 31, id]), b64([2 ** 53, id]), b64([1e308, id]), b64([-1, id]), b64([id])];
}

export function badCursor(rng: Rng, w: World): string {
  const id = rng.pick(w.postIds);
  return rng.pick([
    ...countCursorsOutOfRange(id),
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

export function queryString(rng: Rng, w: World): string {
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

export function pathValue(rng: Rng, w: World, url = ''): string {
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

export function multipartBody(rng: Rng, w: World, image: Buffer | null): { payload: Buffer; headers: Record<string, string> } {
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
export function nearlyValidForm(rng: Rng, w: World, image: Buffer): { payload: Buffer; headers: Record<string, string> } {
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
