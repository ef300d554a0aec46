/**
 * What keeps the feed quick beside heavy answers, and what keeps every request checked:
 *  - the gate that lets unpaged lists through one or two at a time queues them and never drops one;
 *  - a big list answer written in slices is byte for byte the route serializer's answer;
 *  - a token's signature is checked once per process, but its expiry on every use, and the account
 *    behind it is looked up on every request (a deactivated account or an ended session is refused at once).
 * Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { feedQuery, postListAnswer, type Post } from '@civicpulse/shared';
import { Gate } from '../src/lib/gate.js';
import { TokenService } from '../src/lib/tokens.js';
import { CHUNKED_ITEMS_MIN, registerBigAnswers } from '../src/plugins/bigAnswers.js';
import { compiledSerializerCompiler } from '../src/plugins/serializer.js';
import { createPost, createTestApp, signupCitizen, type Actor, type TestApp } from './helpers/app.js';

describe('Gate', () => {
  it('lets `capacity` in at a time, queues the rest in order, and drops none', async () => {
    const gate = new Gate(2);
    const order: number[] = [];
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 9 }, async (_, i) => {
        const release = await gate.enter();
        inside++;
        most = Math.max(most, inside);
        order.push(i);
        await new Promise((r) => setTimeout(r, 2));
        inside--;
        release();
        release(); // a second call changes nothing
      }),
    );
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(most).toBe(2);
    expect(gate.active).toBe(0);
    expect(gate.queued).toBe(0);
  });
});

describe('TokenService', () => {
  afterAll(() => vi.useRealTimers());

  it('answers a verified token again without checking its signature, until it expires', async () => {
    const tokens = new TokenService('a-secret-of-enough-length-for-hs256', '1h');
    const token = await tokens.sign({ id: 'a1', role: 'user', email: 'a@example.in', name: 'A', profilePhoto: '' });
    const first = await tokens.verify(token);
    expect(first).toMatchObject({ id: 'a1', role: 'user' });
    expect(await tokens.verify(token)).toEqual(first);
    // A tampered copy is not the remembered token.
    const [h, p, s] = token.split('.');
    expect(await tokens.verify(`${h}.${p}.${s!.slice(0, -2)}AA`)).toBeNull();
    expect(await new TokenService('another-secret-of-enough-length-x', '1h').verify(token)).toBeNull();
    // Expiry is compared with the time on every use, remembered or not.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((first!.exp - 1) * 1000);
    expect(await tokens.verify(token)).toEqual(first);
    vi.setSystemTime(first!.exp * 1000);
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
    vi.useRealTimers();
  });
});

describe('the app', () => {
  let t: TestApp;
  let citizen: Actor;

  beforeAll(async () => {
    t = await createTestApp();
    citizen = await signupCitizen(t.app, 'Gate Citizen');
    for (let i = 0; i < 3; i++) await createPost(t.app, citizen, { caption: `Broken streetlight number ${i}` });
  });
  afterAll(async () => t.close());

  const feed = (who: Actor, query = '') => t.app.inject({ method: 'GET', url: `/api/user/allPosts${query}`, headers: who.auth });

  it('answers every one of many unpaged lists asked at once (they queue, none is dropped)', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => feed(citizen)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0]!.json<{ posts: Post[] }>().posts).toHaveLength(3);
  });

  it('refuses a token right after its account is deactivated or its sessions end, though it was just accepted', async () => {
    const other = await signupCitizen(t.app, 'Soon Gone');
    expect((await feed(other, '?limit=5')).statusCode).toBe(200);
    expect((await feed(other, '?limit=5')).statusCode).toBe(200);
    const db = t.app.ctx.database.db;
    await db.updateTable('accounts').set({ deactivated_at: new Date().toISOString() }).where('id', '=', other.id).execute();
    expect((await feed(other, '?limit=5')).statusCode).toBe(401);
    expect((await feed(other)).statusCode).toBe(401);

    const third = await signupCitizen(t.app, 'Signed Out');
    expect((await feed(third, '?limit=5')).statusCode).toBe(200);
    const later = Math.floor(Date.now() / 1000) + 5;
    await db.updateTable('accounts').set({ sessions_from: later }).where('id', '=', third.id).execute();
    expect((await feed(third, '?limit=5')).statusCode).toBe(401);
  });

  it('writes a big list in slices exactly as the route serializer writes it at once', async () => {
    const [sample] = (await feed(citizen, '?limit=1')).json<{ posts: Post[] }>().posts;
    const build = async (sliced: boolean) => {
      const app = Fastify({ logger: false });
      app.setValidatorCompiler(validatorCompiler);
      app.setSerializerCompiler(compiledSerializerCompiler);
      if (sliced) registerBigAnswers(app, { unpagedAtOnce: 1 });
      app.get('/list', { schema: { querystring: feedQuery, response: { 200: postListAnswer } } }, async (request) => {
        const n = Number((request.query as { limit?: number }).limit ?? 0) || CHUNKED_ITEMS_MIN * 3 + 7;
        const posts = Array.from({ length: n }, (_, i) => ({
          ...sample!,
          _id: `${i}`.padStart(24, '0'),
          caption: `${sample!.caption} "quoted" \u0001 नमस्ते ${i}`,
          // A field the schema does not declare is left out either way.
          secret: 'never written',
        }));
        return { posts, nextCursor: n > 20 ? 'next"cursor' : null };
      });
      await app.ready();
      return app;
    };
    const [plain, sliced] = await Promise.all([build(false), build(true)]);
    for (const url of ['/list', `/list?limit=${CHUNKED_ITEMS_MIN}`, '/list?limit=20']) {
      const a = await plain.inject({ method: 'GET', url });
      const b = await sliced.inject({ method: 'GET', url });
      expect(b.statusCode).toBe(200);
      expect(b.headers['content-type']).toBe(a.headers['content-type']);
      expect(b.body).toBe(a.body);
      expect(b.body).not.toContain('never written');
    }
    expect(JSON.parse((await sliced.inject({ method: 'GET', url: '/list' })).body).posts).toHaveLength(CHUNKED_ITEMS_MIN * 3 + 7);
    await plain.close();
    await sliced.close();
  });
});
