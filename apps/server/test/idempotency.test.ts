/**
 * Issue 17 item 7: createPost's Idempotency-Key. A report sent again (an offline queue retrying after
 * the first attempt did reach the server) makes one post; the repeat answers it, flagged
 * Idempotent-Replayed, and leaves no rows, files or notifications behind.
 * Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_MAX_CHARS, IDEMPOTENCY_KEY_TTL_MS, POST_TEXTS, type NotificationsPage } from '@civicpulse/shared';
import { ManualClock } from '../src/lib/clock.js';
import { IdempotencyKeyTaken, PostsRepo } from '../src/modules/posts/repo.js';
import { createTestApp, postForm, signupCitizen, signupGovernment, type Actor, type TestApp } from './helpers/app.js';

const SPA = 'https://spa.example.org';
const clock = new ManualClock();
let t: TestApp;
let citizen: Actor;
let neighbour: Actor;
let dept: Actor;
/** Every 'notify' event the bus emitted, by post. */
const notified: string[] = [];

interface Answer {
  message: string;
  post: { _id: string; caption: string; images: unknown[] };
}

async function send(author: Actor, key: string | string[] | undefined, caption = 'Open manhole near the school gate') {
  const form = await postForm({ caption });
  const headers: Record<string, string | string[]> = { ...author.auth, ...form.headers };
  if (key !== undefined) headers['idempotency-key'] = key;
  return t.app.inject({ method: 'POST', url: '/api/user/createPost', headers, payload: form.payload });
}

/** Files under DATA_DIR/uploads (the local storage driver the tests run with). */
function uploadFiles(): number {
  const walk = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? walk(path.join(dir, e.name)) : 1), 0);
  try {
    return walk(path.join(t.dataDir, 'uploads'));
  } catch {
    return 0;
  }
}

const db = () => t.app.ctx.database.db;
async function postsBy(author: Actor): Promise<number> {
  const row = await db().selectFrom('posts').select((eb) => eb.fn.countAll<number>().as('n')).where('author_id', '=', author.id).executeTakeFirstOrThrow();
  return Number(row.n);
}
async function keyRows(): Promise<Array<{ account_id: string; key: string; post_id: string; created_at: string }>> {
  return db().selectFrom('idempotency_keys').selectAll().orderBy('created_at').execute();
}
async function newReportsFor(postId: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/api/notifications?limit=50', headers: dept.auth });
  return res.json<NotificationsPage>().notifications.filter((n) => n.type === 'newReport' && n.postId === postId).length;
}
/** Bus listeners run a tick after the commit. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

beforeAll(async () => {
  t = await createTestApp({ CORS_ORIGINS: SPA }, { clock });
  citizen = await signupCitizen(t.app, 'Kavya Reporter');
  neighbour = await signupCitizen(t.app, 'Rohan Neighbour');
  // A verified department over the whole state: every report here notifies it once.
  dept = await signupGovernment(t.app, { verified: true, department: 'Mumbai Roads' });
  const declared = await t.app.inject({ method: 'PUT', url: '/api/gov/jurisdiction', headers: dept.auth, payload: { state: 'Maharashtra' } });
  expect(declared.statusCode).toBe(200);
  t.app.ctx.bus.on('notify', (e) => {
    if (e.row.post_id) notified.push(e.row.post_id);
  });
});
afterAll(async () => {
  await t.close();
});

describe('createPost without an Idempotency-Key', () => {
  it('is unchanged: every request files a report, no key is stored, no replay header', async () => {
    const before = await postsBy(citizen);
    const a = await send(citizen, undefined);
    const b = await send(citizen, undefined);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json<Answer>().post._id).not.toBe(b.json<Answer>().post._id);
    expect(a.headers['idempotent-replayed']).toBeUndefined();
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(await postsBy(citizen)).toBe(before + 2);
    expect(await keyRows()).toEqual([]);
  });
});

describe('one key sent twice', () => {
  it('makes one post; the second answer is the same post, same status and shape, flagged replayed', async () => {
    const before = await postsBy(citizen);
    const first = await send(citizen, 'draft-7f3c2a10-0b9e-4c61-9d55-1e2f3a4b5c6d');
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const filesAfterFirst = uploadFiles();
    expect(filesAfterFirst).toBeGreaterThan(0);

    const second = await send(citizen, 'draft-7f3c2a10-0b9e-4c61-9d55-1e2f3a4b5c6d');
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    const [a, b] = [first.json<Answer>(), second.json<Answer>()];
    expect(b.post._id).toBe(a.post._id);
    expect(b.message).toBe(POST_TEXTS.created);
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
    expect(Object.keys(b.post).sort()).toEqual(Object.keys(a.post).sort());
    expect(b.post.images).toEqual(a.post.images);

    expect(await postsBy(citizen)).toBe(before + 1);
    // The repeat's photo was never stored.
    expect(uploadFiles()).toBe(filesAfterFirst);
    expect(await keyRows()).toEqual([expect.objectContaining({ account_id: citizen.id, key: 'draft-7f3c2a10-0b9e-4c61-9d55-1e2f3a4b5c6d', post_id: a.post._id })]);
    // The department heard of the report once.
    await settle();
    expect(await newReportsFor(a.post._id)).toBe(1);
    expect(notified.filter((id) => id === a.post._id)).toHaveLength(1);
  });

  it('answers the first post even when the repeat carries another caption (the key names the report)', async () => {
    const first = await send(citizen, 'same-key-other-form', 'Broken streetlight on 5th Cross');
    const again = await send(citizen, 'same-key-other-form', 'Broken streetlight on 5th Cross, still dark');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<Answer>().post).toMatchObject({ _id: first.json<Answer>().post._id, caption: 'Broken streetlight on 5th Cross' });
  });

  it('keeps keys per account: the same key from another citizen files that citizen’s own report', async () => {
    const mine = await send(citizen, 'shared-looking-key-1');
    const theirs = await send(neighbour, 'shared-looking-key-1');
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json<Answer>().post._id).not.toBe(mine.json<Answer>().post._id);
    expect(await postsBy(neighbour)).toBe(1);
  });

  it('takes a key of exactly the maximum length', async () => {
    const key = `${'A'.repeat(IDEMPOTENCY_KEY_MAX_CHARS - 2)}_-`;
    const res = await send(citizen, key);
    expect(res.statusCode).toBe(201);
    expect((await send(citizen, key)).headers['idempotent-replayed']).toBe('true');
  });
});

describe('concurrent duplicates', () => {
  it('make one post: the primary key decides, the losers roll back, remove their files and answer the winner', async () => {
    const before = await postsBy(citizen);
    const filesBefore = uploadFiles();
    // One request alone, to learn how many files one report stores.
    const probe = await send(neighbour, undefined);
    const perReport = uploadFiles() - filesBefore;
    expect(perReport).toBeGreaterThan(0);

    // All four pass the lookup before any of them inserts (a barrier on the lookup), so the primary
    // key, not the lookup, has to settle it; the inserts that lose are counted.
    // Patched on the prototype: the app's PostsService reads through its own PostsRepo instance.
    const repo = PostsRepo.prototype;
    const lookup = repo.idempotentPostId;
    const insert = repo.insert;
    let waiting: Array<() => void> = [];
    let lookups = 0;
    let taken = 0;
    repo.idempotentPostId = async function (this: PostsRepo, ...args) {
      const answer = await lookup.apply(this, args);
      lookups += 1;
      if (lookups < 4) await new Promise<void>((resolve) => waiting.push(resolve));
      else if (lookups === 4) for (const go of waiting.splice(0)) go();
      return answer;
    };
    repo.insert = async function (this: PostsRepo, ...args) {
      try {
        return await insert.apply(this, args);
      } catch (err) {
        if (err instanceof IdempotencyKeyTaken) taken += 1;
        throw err;
      }
    };
    let answers;
    try {
      answers = await Promise.all([1, 2, 3, 4].map(() => send(citizen, 'race-2f9d1c')));
    } finally {
      repo.idempotentPostId = lookup;
      repo.insert = insert;
      waiting = [];
    }
    expect(taken).toBe(3);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    const ids = new Set(answers.map((a) => a.json<Answer>().post._id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(3);
    expect(await postsBy(citizen)).toBe(before + 1);
    // The losers' stored photos are gone: exactly one more report's worth of files.
    expect(uploadFiles()).toBe(filesBefore + 2 * perReport);
    const [id] = [...ids];
    await settle();
    expect(await newReportsFor(id!)).toBe(1);
    expect(notified.filter((n) => n === id)).toHaveLength(1);
    expect(probe.statusCode).toBe(201);
  });
});

describe('bad keys', () => {
  const bad: Array<[string, string | string[]]> = [
    ['empty', ''],
    ['too long', 'k'.repeat(IDEMPOTENCY_KEY_MAX_CHARS + 1)],
    ['a space', 'draft 1'],
    ['a NUL character', 'draft\u00001'],
    ['only a NUL', '\u0000'],
    ['a comma (two headers joined)', 'a,b'],
    ['a slash and dots', '../etc/passwd'],
    ['non-ASCII letters', 'क्रम-1'],
    ['an emoji', 'key-😀'],
    ['a quote', "key'--"],
    ['the header twice', ['key-a', 'key-b']],
  ];
  it.each(bad)('refuses a key with %s: 400 with the rule, nothing stored', async (_name, key) => {
    const posts = await postsBy(citizen);
    const keys = (await keyRows()).length;
    const files = uploadFiles();
    const res = await send(citizen, key);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(POST_TEXTS.invalidIdempotencyKey);
    expect(await postsBy(citizen)).toBe(posts);
    expect((await keyRows()).length).toBe(keys);
    expect(uploadFiles()).toBe(files);
  });

  it('checks the report itself as before: an invalid form with a good key is refused and the key stays free', async () => {
    const form = await postForm({ caption: '   ' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/createPost',
      headers: { ...citizen.auth, ...form.headers, 'idempotency-key': 'fix-and-retry' },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(400);
    const fixed = await send(citizen, 'fix-and-retry');
    expect(fixed.statusCode).toBe(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('keys and the rest of the API', () => {
  it('lets a cross-origin client send the key and read the replay header', async () => {
    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/user/createPost',
      headers: { origin: SPA, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,idempotency-key' },
    });
    expect(pre.statusCode).toBe(204);
    expect(String(pre.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/)).toEqual(expect.arrayContaining(['idempotency-key']));
    const first = await send(citizen, 'cors-key-1');
    const form = await postForm();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/createPost',
      headers: { ...citizen.auth, ...form.headers, origin: SPA, 'idempotency-key': 'cors-key-1' },
      payload: form.payload,
    });
    expect(res.json<Answer>().post._id).toBe(first.json<Answer>().post._id);
    expect(String(res.headers['access-control-expose-headers']).toLowerCase()).toContain('idempotent-replayed');
  });

  it('answers 404 for a key whose report its author deleted, and files nothing new', async () => {
    const first = await send(citizen, 'deleted-later');
    const id = first.json<Answer>().post._id;
    const del = await t.app.inject({ method: 'DELETE', url: `/api/user/deletePosts/${id}`, headers: citizen.auth });
    expect(del.statusCode).toBe(200);
    const posts = await postsBy(citizen);
    const again = await send(citizen, 'deleted-later');
    expect(again.statusCode).toBe(404);
    expect(again.json<{ message: string }>().message).toBe(POST_TEXTS.notFound);
    expect(await postsBy(citizen)).toBe(posts);
  });
});

describe('expiry (24 h)', () => {
  it('forgets a key after 24 hours: the same key then files a new report', async () => {
    const first = await send(citizen, 'old-draft');
    clock.advance(IDEMPOTENCY_KEY_TTL_MS - 60_000);
    expect((await send(citizen, 'old-draft')).headers['idempotent-replayed']).toBe('true');
    clock.advance(2 * 60_000);
    const later = await send(citizen, 'old-draft');
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.json<Answer>().post._id).not.toBe(first.json<Answer>().post._id);
    // The key's row was taken over by the new report.
    const rows = (await keyRows()).filter((r) => r.key === 'old-draft');
    expect(rows).toEqual([expect.objectContaining({ post_id: later.json<Answer>().post._id })]);
  });

  it('purges expired keys in batches of 100 as keyed reports are filed', async () => {
    clock.advance(IDEMPOTENCY_KEY_TTL_MS + 60_000);
    // 150 keys from a day ago (written straight to the table: filing 150 reports would only be slower).
    const old = new Date(clock.now() - IDEMPOTENCY_KEY_TTL_MS - 3_600_000);
    const stale = Array.from({ length: 150 }, (_, i) => ({
      account_id: i % 2 ? citizen.id : neighbour.id,
      key: `stale-${i}`,
      post_id: `missing-${i}`,
      created_at: new Date(old.getTime() + i).toISOString(),
    }));
    await db().insertInto('idempotency_keys').values(stale).execute();
    const staleCount = async () => (await keyRows()).filter((r) => Date.parse(r.created_at) < clock.now() - IDEMPOTENCY_KEY_TTL_MS).length;
    const before = await staleCount();
    expect(before).toBeGreaterThanOrEqual(150);

    expect((await send(neighbour, 'fresh-after-a-day')).statusCode).toBe(201);
    expect(await staleCount()).toBe(before - 100);
    // Oldest first: the rows left are the newest of the stale ones.
    expect((await keyRows()).some((r) => r.key === 'stale-0')).toBe(false);
    expect(await send(neighbour, 'fresh-after-a-day-2')).toMatchObject({ statusCode: 201 });
    expect(await staleCount()).toBe(0);
    expect((await keyRows()).map((r) => r.key).sort()).toEqual(['fresh-after-a-day', 'fresh-after-a-day-2']);
  });
});
