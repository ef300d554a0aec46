/**
 * Bad input answers a clear 400 and changes nothing, the same on SQLite and PostgreSQL: NUL
 * characters anywhere (PostgreSQL cannot store them and used to answer 500), numbers out of range in
 * filters, cursors that are not exactly what the server handed out, malformed forms and bodies.
 */
import Fastify, { type InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS, type Post } from '@civicpulse/shared';
import {
  ADMIN,
  advanceTo,
  createCast,
  createPost,
  createTestApp,
  multipart,
  postForm,
  tinyPng,
  type Cast,
  type TestApp,
} from './helpers/app.js';
import { registerErrorHandling } from '../src/plugins/errors.js';
import { countCursorsOutOfRange } from './helpers/fuzz-input.js';

const NUL = '\u0000';
const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');

let t: TestApp;
let cast: Cast;
let postId: string;
let waitingId: string;
let commentId: string;
let replyId: string;
/** The citizen's posts, with 3, 1 and 0 upvotes. */
let votedIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  postId = (await createPost(t.app, cast.citizen, { caption: 'Original caption' }))._id;
  waitingId = (await createPost(t.app, cast.citizen, { caption: 'Waiting for the reporter' }))._id;
  await advanceTo(t.app, cast.verifiedGov, waitingId, 'Waiting for User Verification');
  const c = await t.app.inject({ method: 'POST', url: '/api/posts/addComment', headers: cast.citizen.auth, payload: { postId, content: 'First' } });
  commentId = c.json<{ comment: { _id: string } }>().comment._id;
  const r = await t.app.inject({ method: 'POST', url: '/api/posts/addReply', headers: cast.citizen.auth, payload: { postId, commentId, content: 'Reply' } });
  replyId = r.json<{ reply: { _id: string } }>().reply._id;
  votedIds = [];
  for (const [i, voters] of [[cast.otherCitizen, cast.verifiedGov, cast.admin], [cast.otherCitizen], []].entries()) {
    const id = (await createPost(t.app, cast.citizen, { caption: `Voted report ${i}` }))._id;
    for (const v of voters) await t.app.inject({ method: 'PUT', url: '/api/posts/votePost', headers: v.auth, payload: { postId: id, type: 'upvote' } });
    votedIds.push(id);
  }
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** Row counts of every table plus the fixture post as stored: a refused request must change none of it. */
async function snapshot() {
  const db = t.app.ctx.database.db;
  const tables = ['accounts', 'posts', 'post_images', 'votes', 'comments', 'contact_messages', 'progress_history'] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  const posts = await db.selectFrom('posts').select(['id', 'caption', 'priority', 'progress_state', 'upvote_count', 'updated_at']).orderBy('id').execute();
  return { counts, posts };
}

async function expect400(options: InjectOptions, message: string) {
  const before = await snapshot();
  const res = await t.app.inject(options);
  expect({ status: res.statusCode, body: res.json<unknown>() }, `${options.method} ${options.url}`).toEqual({ status: 400, body: { message } });
  expect(await snapshot(), `${options.method} ${options.url} changed nothing`).toEqual(before);
}

describe('a NUL character anywhere answers 400 and stores nothing', () => {
  it('in JSON text of every JSON write: logins, signup, contact, comments, replies, edits, votes, reasons, deletes', async () => {
    const cases: Array<[InjectOptions['method'], string, Record<string, unknown>, keyof Cast | null]> = [
      ['POST', '/api/user/login', { email: cast.citizen.email, password: `${cast.citizen.password}${NUL}` }, null],
      ['POST', '/api/gov/login', { officialEmail: `${NUL}${cast.verifiedGov.email}`, password: cast.verifiedGov.password }, null],
      ['POST', '/api/admin/login', { email: ADMIN.email, password: ADMIN.password, secretKey: `${ADMIN.secret}${NUL}` }, null],
      ['POST', '/api/user/signup', { name: `Nul${NUL}Name`, email: 'nul.signup@example.in', password: 'secret-pass', confirmPassword: 'secret-pass' }, null],
      ['POST', '/api/contact', { name: 'Asha', email: 'asha@example.in', message: `Broken light${NUL}` }, null],
      ['POST', '/api/posts/addComment', { postId, content: `Seen it${NUL}` }, 'citizen'],
      ['POST', '/api/posts/addReply', { postId, commentId, content: `${NUL}` }, 'citizen'],
      ['PUT', `/api/user/editPosts/${postId}`, { caption: `New${NUL}caption` }, 'citizen'],
      ['PUT', `/api/user/editPosts/${postId}`, { location: { state: 'Goa', landmark: 'Gate', address: 'Road', pincode: '403001', coordinates: { lat: 15.4, lng: `73.8${NUL}` } } }, 'citizen'],
      ['PUT', '/api/posts/votePost', { postId: `${postId}${NUL}`, type: 'upvote' }, 'otherCitizen'],
      ['PUT', `/api/user/rejectResolution/${waitingId}`, { reason: `Still broken${NUL}` }, 'citizen'],
      ['DELETE', '/api/posts/deleteComment', { postId, commentId: `${commentId}${NUL}` }, 'citizen'],
      ['DELETE', '/api/posts/deleteReply', { postId, replyId: `${replyId}${NUL}` }, 'citizen'],
      ['PUT', `/api/gov/progressState/${postId}`, { finalCaption: `Done${NUL}`, finalImages: [{ url: 'https://example.in/a.jpg' }] }, 'verifiedGov'],
    ];
    for (const [method, url, payload, who] of cases) {
      await expect400({ method, url, payload, headers: who ? cast[who].auth : {} }, TEXTS.http.nulCharacter);
    }
  });

  it('in JSON keys and deep inside nested values', async () => {
    await expect400(
      { method: 'POST', url: '/api/posts/addComment', headers: cast.citizen.auth, payload: { postId, content: 'Fine', [`extra${NUL}`]: 1 } },
      TEXTS.http.nulCharacter,
    );
    await expect400(
      { method: 'PUT', url: `/api/user/editPosts/${postId}`, headers: cast.citizen.auth, payload: { caption: 'Fine', location: { a: [{ b: [`deep${NUL}`] }] } } },
      TEXTS.http.nulCharacter,
    );
  });

  it('in multipart text fields, field names and file names (report, final update, department signup)', async () => {
    const report = await postForm({ caption: `Pothole${NUL}` });
    await expect400({ method: 'POST', url: '/api/user/createPost', headers: { ...cast.citizen.auth, ...report.headers }, payload: report.payload }, TEXTS.http.nulCharacter);

    const png = tinyPng();
    const named = multipart({ caption: 'Pothole', location: JSON.stringify({ state: 'Goa' }), [`note${NUL}`]: 'x' }, [{ field: 'images', filename: 'a.png', type: 'image/png', data: png }]);
    await expect400({ method: 'POST', url: '/api/user/createPost', headers: { ...cast.citizen.auth, ...named.headers }, payload: named.payload }, TEXTS.http.nulCharacter);

    const valid = await postForm({ caption: 'Pothole' });
    const badFile = Buffer.from(valid.payload.toString('latin1').replace('filename="photo0.jpg"', `filename="photo${NUL}.jpg"`), 'latin1');
    await expect400({ method: 'POST', url: '/api/user/createPost', headers: { ...cast.citizen.auth, ...valid.headers }, payload: badFile }, TEXTS.http.nulCharacter);

    const final = multipart({ finalCaption: `Fixed${NUL}` }, [{ field: 'images', filename: 'done.png', type: 'image/png', data: png }]);
    await expect400({ method: 'PUT', url: `/api/gov/updateFinalWork/${postId}`, headers: { ...cast.verifiedGov.auth, ...final.headers }, payload: final.payload }, TEXTS.http.nulCharacter);

    const signup = multipart(
      { department: `Roads${NUL}`, email: 'nul.dept@example.in', password: 'dept-pass', confirmPassword: 'dept-pass', phone: '9876543210', city: 'Pune' },
      [{ field: 'proofDoc', filename: 'proof.png', type: 'image/png', data: png }],
    );
    await expect400({ method: 'POST', url: '/api/gov/signup', headers: signup.headers, payload: signup.payload }, TEXTS.http.nulCharacter);
  });

  it('in path ids of every :id route, encoded as %00, for a caller who may use the route', async () => {
    const routes: Array<[InjectOptions['method'], string, keyof Cast]> = [
      ['GET', '/api/posts/post/', 'citizen'],
      ['PUT', '/api/user/editPosts/', 'citizen'],
      ['DELETE', '/api/user/deletePosts/', 'citizen'],
      ['PUT', '/api/user/verifyPost/', 'citizen'],
      ['PUT', '/api/user/rejectResolution/', 'citizen'],
      ['PUT', '/api/gov/progressState/', 'verifiedGov'],
      ['PUT', '/api/gov/regressProgressState/', 'verifiedGov'],
      ['PUT', '/api/gov/updateFinalWork/', 'verifiedGov'],
      ['PUT', '/api/admin/verifyGovernment/', 'admin'],
    ];
    for (const [method, prefix, who] of routes) {
      for (const id of ['%00', `${postId}%00`, `${cast.unverifiedGov.id}%00`]) {
        await expect400({ method, url: `${prefix}${id}`, headers: cast[who].auth, payload: { caption: 'x', reason: 'y' } }, TEXTS.http.nulCharacter);
      }
    }
  });

  it('in query strings and cursors of every list', async () => {
    const lists: Array<[string, keyof Cast]> = [
      ['/api/user/allPosts', 'citizen'],
      ['/api/user/myPosts', 'citizen'],
      ['/api/gov/allPosts', 'verifiedGov'],
      ['/api/admin/allPosts', 'admin'],
      ['/api/admin/contactMessages', 'admin'],
      ['/api/posts/similar', 'citizen'],
    ];
    for (const [url, who] of lists) {
      for (const qs of ['?cursor=%00', `?limit=5&cursor=${b64([postId])}%00`, '?priority=%00', '?sort=newest%00', '?lat=19&lng=72&caption=%00', '?x%00=1']) {
        await expect400({ method: 'GET', url: `${url}${qs}`, headers: cast[who].auth }, TEXTS.http.nulCharacter);
      }
    }
  });
});

describe('numbers out of range and cursors that are not ours answer 400 or are clamped', () => {
  const list = async (url: string, who: keyof Cast) => {
    const res = await t.app.inject({ method: 'GET', url, headers: cast[who].auth });
    return { status: res.statusCode, body: res.json<{ posts?: Post[]; nextCursor?: string | null; message?: string }>() };
  };
  const ids = (posts: Post[] | undefined) => (posts ?? []).map((p) => p._id);

  it('count filters past 2^31 or 1e308 match nothing, and -1, NaN, Infinity count as 0, on My Issues and the department list', async () => {
    for (const [url, who] of [['/api/user/myPosts', 'citizen'], ['/api/gov/allPosts', 'verifiedGov']] as const) {
      for (const big of ['2147483648', '1e308', '9007199254740993', '2147483647']) {
        for (const key of ['minUpvotes', 'minDownvotes']) {
          const res = await list(`${url}?${key}=${big}`, who);
          expect(res, `${url}?${key}=${big}`).toEqual({ status: 200, body: { posts: [] } });
        }
      }
      for (const zero of ['-1', 'NaN', 'Infinity', '-1e308', '1e-400', 'abc']) {
        const res = await list(`${url}?minUpvotes=${zero}`, who);
        expect(res.status, `${url}?minUpvotes=${zero}`).toBe(200);
        expect(ids(res.body.posts)).toEqual(expect.arrayContaining(votedIds));
      }
      const two = await list(`${url}?minUpvotes=2`, who);
      expect(ids(two.body.posts)).toEqual([votedIds[0]]);
    }
  });

  it('a cursor that is not base64url JSON of the list’s own sort key answers 400 "Invalid cursor" on every paged list', async () => {
    const id = votedIds[0]!;
    const newest = [
      '!!!not-base64!!!',
      'AAAA',
      b64('[1,'),
      b64({ id }),
      b64('just text'),
      b64([]),
      b64([null]),
      b64([id, id]),
      b64([3, id]),
      b64(['not-an-id']),
      b64([`${'0'.repeat(23)}g`]),
      'x'.repeat(300),
    ];
    const counted = [
      ...countCursorsOutOfRange(id),
      b64([id, 1]),
      b64(['1', id]),
      b64([1, id, 2]),
      b64([1, null]),
    ];
    const lists: Array<[string, keyof Cast]> = [
      ['/api/user/allPosts?limit=2', 'otherCitizen'],
      ['/api/user/myPosts?limit=2', 'citizen'],
      ['/api/gov/allPosts?limit=2', 'verifiedGov'],
      ['/api/admin/allPosts?limit=2', 'admin'],
    ];
    for (const [url, who] of lists) {
      for (const cursor of newest) {
        expect(await list(`${url}&cursor=${cursor}`, who), `${url} ${cursor}`).toEqual({ status: 400, body: { message: TEXTS.http.invalidCursor } });
      }
      if (url.startsWith('/api/user/allPosts')) continue;
      for (const cursor of counted) {
        expect(await list(`${url}&sort=mostUpvotes&cursor=${cursor}`, who), `${url} mostUpvotes ${cursor}`).toEqual({
          status: 400,
          body: { message: TEXTS.http.invalidCursor },
        });
      }
    }
  });

  it('cursors the server handed out still page through every sort', async () => {
    for (const sort of ['newest', 'oldest', 'mostUpvotes', 'mostDownvotes']) {
      const seen: string[] = [];
      let cursor: string | null | undefined = '';
      for (let page = 0; page < 20 && cursor !== null; page++) {
        const res = await list(`/api/user/myPosts?limit=1&sort=${sort}${cursor ? `&cursor=${cursor}` : ''}`, 'citizen');
        expect(res.status).toBe(200);
        seen.push(...ids(res.body.posts));
        cursor = res.body.nextCursor;
      }
      expect(new Set(seen).size, sort).toBe(5);
    }
    const first = await list('/api/user/myPosts?limit=1&sort=mostUpvotes', 'citizen');
    expect(ids(first.body.posts)).toEqual([votedIds[0]]);
    const second = await list(`/api/user/myPosts?limit=1&sort=mostUpvotes&cursor=${first.body.nextCursor}`, 'citizen');
    expect(ids(second.body.posts)).toEqual([votedIds[1]]);
  });
});

describe('malformed bodies answer 4xx with a clear message', () => {
  it('a broken multipart form (no boundary, cut short) answers 400', async () => {
    const form = await postForm({ caption: 'Pothole' });
    const cut = form.payload.subarray(0, form.payload.length - 40);
    await expect400({ method: 'POST', url: '/api/user/createPost', headers: { ...cast.citizen.auth, ...form.headers }, payload: cut }, TEXTS.http.malformedMultipart);
    await expect400(
      { method: 'POST', url: '/api/gov/signup', headers: { 'content-type': 'multipart/form-data' }, payload: form.payload },
      TEXTS.http.malformedMultipart,
    );
  });

  it('JSON nested deeper than any request needs answers 400, however deep', async () => {
    for (const depth of [40, 200_000]) {
      const deep = `${'['.repeat(depth)}1${']'.repeat(depth)}`;
      await expect400(
        { method: 'POST', url: '/api/posts/addComment', headers: { ...cast.citizen.auth, 'content-type': 'application/json' }, payload: `{"postId":"${postId}","content":${deep}}` },
        TEXTS.http.nestedTooDeeply,
      );
    }
  });

  it('an upload path that names a folder or is longer than a file name answers 404', async () => {
    for (const url of ['/uploads//', '/uploads/posts/', `/uploads/${'x'.repeat(300)}.webp`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json<{ message: string }>().message).toBeTruthy();
    }
  });
});

describe('the error handler', () => {
  it('answers 400, not 500, should a value PostgreSQL refuses (22021, 22003, 22P02) ever reach a query unchecked', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get<{ Params: { code: string } }>('/fail/:code', async (request) => {
      throw Object.assign(new Error('from the driver'), { code: request.params.code });
    });
    for (const code of ['22021', '22003', '22P02']) {
      const res = await app.inject({ method: 'GET', url: `/fail/${code}` });
      expect({ status: res.statusCode, body: res.json<unknown>() }, code).toEqual({ status: 400, body: { message: TEXTS.http.invalidValue } });
    }
    const other = await app.inject({ method: 'GET', url: '/fail/XX000' });
    expect(other.statusCode).toBe(500);
    await app.close();
  });
});
