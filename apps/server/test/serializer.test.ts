import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { postAnswer, postListAnswer, type Post } from '@civicpulse/shared';
import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import { compileCheck, compiledSerializerCompiler, responseJsonSchema } from '../src/plugins/serializer.js';
import { prng, type Rng } from './helpers/fuzz-input.js';

async function serve(schema: z.ZodType, answer: unknown): Promise<string> {
  const app = Fastify();
  app.setSerializerCompiler(compiledSerializerCompiler);
  app.get('/x', { schema: { response: { 200: schema } } }, async () => answer);
  try {
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(200);
    return res.body;
  } finally {
    await app.close();
  }
}

const image = { url: '/media/a.jpg', thumbUrl: '/media/a.thumb.jpg', width: 800, height: 600 };
const reply = { _id: 'r1', userId: 'u2', userName: 'Ravi', userRole: 'government', content: 'On it', createdAt: '2026-01-02T00:00:00.000Z', userPending: true };
const post: Post = {
  _id: 'p1',
  reference: 'CP-MH-2026-000001',
  caption: 'Pothole on "MG Road" \u2028 near the \\ school',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-03T00:00:00.000Z',
  images: [image],
  user: { _id: 'u1', name: 'Asha', email: 'asha@example.com', role: 'user', profilePhoto: '' },
  priority: 'High',
  category: 'roads',
  currentState: 'In Progress',
  progressState: 'Verified',
  location: { country: 'India', state: 'Kerala', landmark: 'School', address: '1 MG Road', pincode: '682001', city: 'Kochi', coordinates: { lat: 9.93, lng: 76.26 } },
  upvotes: ['u2', 'u3'],
  downvotes: [],
  upvoteCount: 2,
  downvoteCount: 0,
  myVote: null,
  comments: [{ _id: 'c1', userId: 'u1', userName: 'Asha', userRole: 'user', content: 'Still there', createdAt: '2026-01-02T00:00:00.000Z', userPending: false, replies: [reply] }],
  commentCount: 2,
  followerCount: 1,
  assignedGovernment: null,
  finalUpdate: { caption: 'Fixed', images: [] },
  history: [
    {
      _id: 'h1',
      action: 'advance',
      from: 'Problem Seen',
      to: 'Verified',
      actor: { _id: null, name: 'Officer', role: 'government' },
      note: null,
      finalUpdate: null,
      createdAt: '2026-01-02T00:00:00.000Z',
    },
  ],
} as Post;

describe('compiled response serializer', () => {
  it('never sends a property the response schema does not declare', async () => {
    const schema = z.object({ user: z.object({ _id: z.string(), name: z.string() }), items: z.array(z.object({ id: z.string() })) });
    const body = await serve(schema, {
      user: { _id: 'u1', name: 'Asha', password_hash: 'scrypt$secret' },
      items: [{ id: 'a', secret: 1 }],
      password_hash: 'scrypt$secret',
    });
    expect(body).not.toContain('password_hash');
    expect(body).not.toContain('secret');
    expect(JSON.parse(body)).toEqual({ user: { _id: 'u1', name: 'Asha' }, items: [{ id: 'a' }] });
  });

  it('closes passthrough and loose objects too', async () => {
    const body = await serve(z.looseObject({ name: z.string() }), { name: 'Asha', password_hash: 'x' });
    expect(JSON.parse(body)).toEqual({ name: 'Asha' });
  });

  // The same values as zod + JSON.stringify write; the key order may differ (fast-json-stringify writes
  // optional properties such as the voter id lists after the required ones), which JSON does not mind.
  it('writes a realistic post with the values JSON.stringify of the zod-parsed value has', async () => {
    const withExtras = { post: { ...post, password_hash: 'x', user: { ...post.user, password_hash: 'x' } } };
    const body = await serve(postAnswer, withExtras);
    expect(JSON.parse(body)).toStrictEqual(JSON.parse(JSON.stringify(postAnswer.parse(withExtras))));
    expect(body).not.toContain('password_hash');
  });

  it('omits optional fields left undefined and keeps nulls', async () => {
    const { history: _history, ...bare } = post;
    const answer = { posts: [{ ...bare, distanceMeters: undefined, myVote: 'upvote', finalUpdate: null }], nextCursor: null };
    const body = await serve(postListAnswer, answer);
    expect(JSON.parse(body)).toStrictEqual(JSON.parse(JSON.stringify(postListAnswer.parse(answer))));
    const parsed = JSON.parse(body) as { posts: Array<Record<string, unknown>> };
    expect(parsed.posts[0]).not.toHaveProperty('history');
    expect(parsed.posts[0]).not.toHaveProperty('distanceMeters');
    expect(parsed.posts[0]!.finalUpdate).toBeNull();
    expect(await serve(postListAnswer, { posts: [] })).toBe('{"posts":[]}');
  });

  it('writes an answer that is exactly what its schema declares with JSON.stringify, byte for byte', async () => {
    const { history: _history, ...card } = post;
    const answer = { posts: [card, { ...card, _id: 'p2', myVote: 'upvote' as const }], nextCursor: 'abc' };
    expect(compileCheck(responseJsonSchema(postListAnswer))!(answer)).toBe(true);
    expect(await serve(postListAnswer, answer)).toBe(JSON.stringify(answer));
    expect(await serve(postAnswer, { post })).toBe(JSON.stringify({ post }));
  });

  it('leaves anything else to fast-json-stringify: undeclared keys, wrong types, dates, toJSON', async () => {
    const schema = z.object({ name: z.string(), count: z.number().int(), at: z.string(), tags: z.array(z.string()).optional(), note: z.string().nullable() });
    const check = compileCheck(responseJsonSchema(schema))!;
    const good = { name: 'Asha', count: 2, at: '2026-01-01T00:00:00.000Z', note: null };
    expect(check(good)).toBe(true);
    expect(check({ ...good, tags: ['a'], extra: undefined })).toBe(true);
    expect(check({ ...good, secret: 'x' })).toBe(false);
    expect(check({ ...good, count: '2' })).toBe(false);
    expect(check({ ...good, count: 2.5 })).toBe(false);
    expect(check({ ...good, at: new Date(0) })).toBe(false);
    expect(check({ ...good, tags: ['a', 1] })).toBe(false);
    expect(check({ name: 'Asha', count: 2, note: null })).toBe(false);
    expect(check({ ...good, toJSON: () => ({}) })).toBe(false);
    class Row {
      constructor(readonly name: string) {}
    }
    expect(check(Object.assign(new Row('Asha'), { count: 2, at: good.at, note: null }))).toBe(false);
    expect(check(Object.assign(Object.create({ name: 'Asha' }) as object, { count: 2, at: good.at, note: null }))).toBe(false);
    expect(check(Object.assign(Object.create(null) as object, good))).toBe(true);
    // fast-json-stringify then writes the declared fields, as it always did.
    expect(JSON.parse(await serve(schema, { ...good, count: '2', secret: 'x' }))).toEqual({ ...good, count: 2 });
    expect(JSON.parse(await serve(schema, { ...good, at: new Date(0) }))).toEqual({ ...good, at: '1970-01-01T00:00:00.000Z' });
  });

  it('checks nested lists, unions and any property name (the check is generated source)', () => {
    const odd = `a'b"c\\\n\u2028}); throw 1; //`;
    const schema = z.object({
      [odd]: z.string(),
      rows: z.array(z.array(z.union([z.number().int(), z.object({ k: z.boolean() })]))),
      maybe: z.object({ n: z.number() }).nullable().optional(),
      loose: z.record(z.string(), z.number()),
    });
    const check = compileCheck(responseJsonSchema(schema))!;
    const good = { [odd]: 'x', rows: [[1, { k: true }], []], maybe: null, loose: { a: 1, b: 2.5 } };
    expect(check(good)).toBe(true);
    expect(check({ ...good, maybe: { n: 1.5 } })).toBe(true);
    expect(check({ ...good, [odd]: 1 })).toBe(false);
    expect(check({ ...good, rows: [[1, { k: 'yes' }]] })).toBe(false);
    expect(check({ ...good, rows: [[1.5]] })).toBe(false);
    expect(check({ ...good, rows: [1] })).toBe(false);
    expect(check({ ...good, maybe: { n: Number.NaN } })).toBe(false);
    expect(check({ ...good, loose: { a: 'one' } })).toBe(false);
    expect(check({ rows: [], loose: {} })).toBe(false);
  });
  it('skips undefined values and refuses an undeclared key beside them', () => {
    const schema = z.object({ name: z.string(), note: z.string().optional(), n: z.number().int() });
    const check = compileCheck(responseJsonSchema(schema))!;
    expect(check({ name: 'Asha', n: 1 })).toBe(true);
    expect(check({ name: 'Asha', note: 'x', n: 1 })).toBe(true);
    // JSON.stringify leaves an undefined value out, as fast-json-stringify does.
    expect(check({ name: 'Asha', note: undefined, n: 1 })).toBe(true);
    expect(check({ name: 'Asha', n: 1, other: undefined })).toBe(true);
    // An undeclared key beside an undefined declared one (a check that counted the keys holding a value
    // against Object.keys would see 2 of 4 and have to look further).
    expect(check({ name: 'Asha', note: undefined, n: 1, secret: 'x' })).toBe(false);
    expect(check({ name: 'Asha', n: undefined })).toBe(false);
    expect(check({ name: 'Asha', n: 1, secret: 'x' })).toBe(false);
  });

  it("never counts a declared name of Object.prototype's that the object lacks", () => {
    // Read as v.constructor, the missing key would be Object's own function, not undefined; a check
    // that counted it as held would leave room for one undeclared key, and "secret" would be written.
    const schema = z.object({ name: z.string(), constructor: z.unknown().optional(), toString: z.unknown().optional() });
    const check = compileCheck(responseJsonSchema(schema))!;
    expect(check({ name: 'Asha', secret: 'x' })).toBe(false);
    expect(check({ name: 'Asha', secret: 'x', other: 'y' })).toBe(false);
    expect(check({ name: 'Asha' })).toBe(true);
    expect(check({ name: 'Asha', constructor: 'c' })).toBe(true);
  });

  it('passes only answers JSON.stringify writes as fast-json-stringify would (2,000 mutated feed pages)', () => {
    const json = responseJsonSchema(postListAnswer);
    const check = compileCheck(json)!;
    const strict = fastJsonStringify(json as unknown as Schema);
    const { history: _history, ...card } = post;
    const rng = prng(0xc4ec);
    const odd = (r: Rng): unknown => r.pick([undefined, null, 'x', 1, 1.5, true, [], {}, new Date(0), Number.NaN]);
    /** One random change somewhere in the value: a key removed, set undefined or to another type, or one added. */
    const mutate = (value: unknown, r: Rng, depth = 0): unknown => {
      if (Array.isArray(value)) return value.length > 0 && r.chance(0.7) ? value.map((v, i) => (i === r.int(value.length) ? mutate(v, r, depth + 1) : v)) : [...value, odd(r)];
      if (value === null || typeof value !== 'object') return odd(r);
      const o = { ...(value as Record<string, unknown>) };
      const keys = Object.keys(o);
      const key = r.pick(keys);
      const roll = r.int(5);
      if (roll === 0) delete o[key];
      else if (roll === 1) o[key] = undefined;
      else if (roll === 2) o[r.pick(['secret', 'password_hash', 'email', '_id2'])] = r.pick(['x', undefined, 1]);
      else if (roll === 3 && depth < 6) o[key] = mutate(o[key], r, depth + 1);
      else o[key] = odd(r);
      return o;
    };
    let passed = 0;
    for (let i = 0; i < 2000; i++) {
      let page: unknown = { posts: [card, { ...card, _id: `p${i}` }], nextCursor: rng.chance(0.5) ? 'abc' : null };
      for (let k = 1 + rng.int(3); k > 0; k--) page = mutate(page, rng);
      if (!check(page)) continue;
      passed++;
      expect(JSON.parse(JSON.stringify(page)), JSON.stringify(page)).toStrictEqual(JSON.parse(strict(page)));
    }
    // Some mutations keep the page valid (an optional key dropped or set undefined): those were compared.
    expect(passed).toBeGreaterThan(100);
  });
});
