/**
 * Photo redaction: an admin or the department handling a report blurs boxes on one of its photos. The
 * boxes' pixels are gone (a sharp checkerboard becomes flat), the rest stays, the old display and
 * thumbnail files are removed from storage (a local folder, and an S3 bucket) and answer 404, the
 * report shows the new URLs; who may, bad boxes, a lost race and a failed write. Runs on SQLite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { REDACTION_LIMITS, REDACTION_TEXTS, PROGRESS_TEXTS, TEXTS, type Post } from '@civicpulse/shared';
import { advanceTo, createPost, createTestApp, loginAdmin, signupCitizen, signupGovernment, type Actor, type TestApp } from './helpers/app.js';
import { startS3, type TestS3 } from './helpers/s3.js';
import { refusal, type Actor as PolicyActor } from '../src/policies/index.js';
import { RedactionRepo } from '../src/modules/redaction/repo.js';
import type { Storage } from '../src/media/storage.js';

let t: TestApp;
let roads: Actor;
let water: Actor;
let pending: Actor;
let citizen: Actor;
let admin: Actor;

const W = 480;
const H = 320;
/** A black-and-white checkerboard of 8 px squares: the most detail a blur can take away. */
async function checkerboard(): Promise<Buffer> {
  const raw = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) raw.fill((Math.floor(x / 8) + Math.floor(y / 8)) % 2 ? 255 : 0, (y * W + x) * 3, (y * W + x) * 3 + 3);
  return sharp(raw, { raw: { width: W, height: H, channels: 3 } }).png().toBuffer();
}

beforeAll(async () => {
  t = await createTestApp();
  roads = await signupGovernment(t.app, { verified: true, department: 'Roads Department' });
  water = await signupGovernment(t.app, { verified: true, department: 'Water Board' });
  pending = await signupGovernment(t.app, { department: 'Pending Department' });
  citizen = await signupCitizen(t.app, 'Asha Citizen');
  admin = await loginAdmin(t.app);
}, 60_000);
afterAll(() => t.close());

const BOX = { x: 0.25, y: 0.25, w: 0.5, h: 0.5 };
const redact = (postId: string, imageId: string, who: Actor | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/posts/post/${postId}/images/${imageId}/redact`, headers: who?.auth ?? {}, payload: payload as object });
const getPost = async (id: string, who: Actor) => (await t.app.inject({ method: 'GET', url: `/api/posts/post/${id}`, headers: who.auth })).json<{ post: Post }>().post;
const pathOf = (url: string) => new URL(url).pathname;
const keyOf = (url: string) => `public/${pathOf(url).replace(/^\/uploads\//, '')}`;

async function filesOf(storage: Storage, postId: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const f of storage.list()) if (f.key.startsWith(`public/posts/${postId}/`)) keys.push(f.key);
  return keys.sort();
}

/** A report with the checkerboard, taken over by Roads; its photo as the department reads it. */
async function reportWithPhoto(app = t.app, by = citizen, dept = roads) {
  const post = await createPost(app, by, { images: [await checkerboard()], imageType: 'image/png' });
  await advanceTo(app, dept, post._id, 'Problem Seen');
  const image = (await (await app.inject({ method: 'GET', url: `/api/posts/post/${post._id}`, headers: dept.auth })).json<{ post: Post }>()).post.images[0]!;
  return { postId: post._id, image: image as Required<typeof image> };
}

async function pixels(buf: Buffer) {
  const { data, info } = await sharp(buf).removeAlpha().greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Standard deviation of the grey values in a rectangle (fractions of the image). */
function deviation(img: { data: Buffer; width: number; height: number }, r: { x0: number; y0: number; x1: number; y1: number }): number {
  let n = 0;
  let sum = 0;
  let sq = 0;
  for (let y = Math.round(r.y0 * img.height); y < Math.round(r.y1 * img.height); y++) {
    for (let x = Math.round(r.x0 * img.width); x < Math.round(r.x1 * img.width); x++) {
      const v = img.data[y * img.width + x]!;
      n += 1;
      sum += v;
      sq += v * v;
    }
  }
  const mean = sum / n;
  return Math.sqrt(sq / n - mean * mean);
}

/** Mean absolute difference of two same-sized images over a rectangle. */
function difference(a: { data: Buffer; width: number }, b: { data: Buffer }, r: { x0: number; y0: number; x1: number; y1: number }, height: number): number {
  let n = 0;
  let total = 0;
  for (let y = Math.round(r.y0 * height); y < Math.round(r.y1 * height); y++) {
    for (let x = Math.round(r.x0 * a.width); x < Math.round(r.x1 * a.width); x++) {
      total += Math.abs(a.data[y * a.width + x]! - b.data[y * a.width + x]!);
      n += 1;
    }
  }
  return total / n;
}

describe('photo redaction', () => {
  it('blurs the box beyond reading, keeps the rest, and leaves the old photo nowhere', async () => {
    const { postId, image } = await reportWithPhoto();
    expect(image._id).toMatch(/^[0-9a-f]{24}$/);
    const before = await t.app.inject({ method: 'GET', url: pathOf(image.url) });
    expect(before.statusCode).toBe(200);
    const beforeFiles = await filesOf(t.app.ctx.storage, postId);
    expect(beforeFiles).toEqual([keyOf(image.url), keyOf(image.thumbUrl)].sort());

    const res = await redact(postId, image._id, roads, { boxes: [BOX] });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ message: string; image: Required<Post['images'][number]> }>();
    expect(answer.message).toBe(REDACTION_TEXTS.redacted);
    expect(answer.image).toMatchObject({ _id: image._id, width: image.width, height: image.height });
    // New keys: every cached copy of the old URL (browser, CDN, service worker) is left pointing at nothing.
    expect(answer.image.url).not.toBe(image.url);
    expect(answer.image.thumbUrl).not.toBe(image.thumbUrl);

    // The old display image and thumbnail are gone from storage and from the web.
    for (const old of [image.url, image.thumbUrl]) {
      expect((await t.app.inject({ method: 'GET', url: pathOf(old) })).statusCode).toBe(404);
      expect(await t.app.ctx.storage.get(keyOf(old))).toBeNull();
    }
    expect(await filesOf(t.app.ctx.storage, postId)).toEqual([keyOf(answer.image.url), keyOf(answer.image.thumbUrl)].sort());
    // The report (for every reader, the public view too) shows the new photo.
    expect((await getPost(postId, citizen)).images).toEqual([answer.image]);
    const pub = await t.app.inject({ method: 'GET', url: `/api/public/posts/${postId}` });
    expect(pub.body).toContain(pathOf(answer.image.url));
    expect(pub.body).not.toContain(pathOf(image.url));

    // Pixels: the checkerboard inside the box is flat now; outside it, the photo is as it was.
    const after = await t.app.inject({ method: 'GET', url: pathOf(answer.image.url) });
    expect(after.statusCode).toBe(200);
    const old = await pixels(before.rawPayload);
    const now = await pixels(after.rawPayload);
    expect([now.width, now.height]).toEqual([old.width, old.height]);
    const inside = { x0: 0.27, y0: 0.27, x1: 0.73, y1: 0.73 };
    expect(deviation(old, inside)).toBeGreaterThan(100);
    expect(deviation(now, inside)).toBeLessThan(15);
    for (const outside of [
      { x0: 0, y0: 0, x1: 1, y1: 0.2 },
      { x0: 0, y0: 0.8, x1: 1, y1: 1 },
      { x0: 0, y0: 0.2, x1: 0.2, y1: 0.8 },
      { x0: 0.8, y0: 0.2, x1: 1, y1: 0.8 },
    ]) {
      expect(deviation(now, outside)).toBeGreaterThan(100);
      expect(difference(old, now, outside, old.height)).toBeLessThan(12);
    }
    // The thumbnail was made from the blurred photo too.
    const thumb = await pixels((await t.app.inject({ method: 'GET', url: pathOf(answer.image.thumbUrl) })).rawPayload);
    expect(deviation(thumb, inside)).toBeLessThan(15);

    // Audited, in the write's transaction.
    const audit = await t.app.ctx.database.db.selectFrom('audit_log').selectAll().where('target_id', '=', postId).execute();
    expect(audit).toMatchObject([{ action: 'redactPhoto', actor_id: roads.id, target_type: 'post' }]);
  });

  it('who may: the assigned department and admins; not the reporter, another or a pending department', async () => {
    const { postId, image } = await reportWithPhoto();
    const body = { boxes: [BOX] };
    expect((await redact(postId, image._id, undefined, body)).statusCode).toBe(401);
    const byReporter = await redact(postId, image._id, citizen, body);
    expect([byReporter.statusCode, byReporter.json<{ message: string }>().message]).toEqual([403, TEXTS.auth.forbidden]);
    const byOther = await redact(postId, image._id, water, body);
    expect([byOther.statusCode, byOther.json<{ message: string }>().message]).toEqual([403, REDACTION_TEXTS.notAllowed]);
    const byPending = await redact(postId, image._id, pending, body);
    expect([byPending.statusCode, byPending.json<{ message: string }>().message]).toEqual([403, PROGRESS_TEXTS.pendingVerification]);
    // Nothing changed for any refusal.
    expect((await getPost(postId, citizen)).images[0]!.url).toBe(image.url);
    const byAdmin = await redact(postId, image._id, admin, body);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    // A report nobody took over yet: admins only.
    const fresh = await createPost(t.app, citizen, { images: [await checkerboard()], imageType: 'image/png' });
    const freshImage = (await getPost(fresh._id, admin)).images[0]!._id!;
    expect((await redact(fresh._id, freshImage, roads, body)).statusCode).toBe(403);
    expect((await redact(fresh._id, freshImage, admin, body)).statusCode).toBe(200);
  });

  it('the rule as a table: admins always, verified members of the assigned department only', () => {
    const post = { assigned_government: 'g-dept' };
    const A: Record<string, PolicyActor> = {
      department: { id: 'g-dept', role: 'government', is_verified: 1 },
      officer: { id: 'g-officer', role: 'government', is_verified: 1, department_id: 'g-dept', team_role: 'officer' },
      foreign: { id: 'g-other', role: 'government', is_verified: 1 },
      pending: { id: 'g-dept', role: 'government', is_verified: 0 },
      citizen: { id: 'c-1', role: 'user' },
      admin: { id: 'a-1', role: 'admin' },
    };
    const got = Object.fromEntries(Object.entries(A).map(([k, a]) => [k, refusal(a, 'photo.redact', { post })?.statusCode ?? 'ok']));
    expect(got).toEqual({ department: 'ok', officer: 'ok', foreign: 403, pending: 403, citizen: 403, admin: 'ok' });
    expect(refusal(A.department!, 'photo.redact', { post: { assigned_government: null } })?.statusCode).toBe(403);
    expect(refusal(A.admin!, 'photo.redact', { post: { assigned_government: null } })).toBeNull();
  });

  it('refuses bad boxes and odd input with a 4xx and its text, never a 5xx', async () => {
    const { postId, image } = await reportWithPhoto();
    const many = Array.from({ length: REDACTION_LIMITS.maxBoxes + 1 }, () => BOX);
    const cases: Array<[unknown, string | null]> = [
      [{}, REDACTION_TEXTS.boxesRequired],
      [{ boxes: [] }, REDACTION_TEXTS.boxesRequired],
      [{ boxes: 'all' }, REDACTION_TEXTS.boxesRequired],
      [{ boxes: many }, REDACTION_TEXTS.tooManyBoxes],
      [{ boxes: [{ x: '0.1', y: 0.1, w: 0.2, h: 0.2 }] }, REDACTION_TEXTS.boxInvalid],
      [{ boxes: [{ x: 'NaN', y: 0.1, w: 0.2, h: 0.2 }] }, REDACTION_TEXTS.boxInvalid],
      [{ boxes: [{ x: 1e308, y: 0.1, w: 0.2, h: 0.2 }] }, REDACTION_TEXTS.boxInvalid],
      [{ boxes: [{ x: Number.MAX_SAFE_INTEGER, y: 0, w: 0.2, h: 0.2 }] }, REDACTION_TEXTS.boxInvalid],
      [{ boxes: [{ x: -0.1, y: 0.1, w: 0.2, h: 0.2 }] }, REDACTION_TEXTS.boxInvalid],
      [{ boxes: [{ x: 0.9, y: 0.1, w: 0.2, h: 0.2 }] }, REDACTION_TEXTS.boxInvalid],
      [{ boxes: [{ x: 0.1, y: 0.1, w: 0.001, h: 0.2 }] }, REDACTION_TEXTS.boxInvalid],
      [{ boxes: [{ x: 0.1, y: 0.1, w: 0.2 }] }, REDACTION_TEXTS.boxInvalid],
      [{ boxes: [null] }, REDACTION_TEXTS.boxInvalid],
      // NUL anywhere in a body is refused before validation, with its own text.
      [{ boxes: [{ x: '\u0000', y: 0.1, w: 0.2, h: 0.2 }] }, null],
      [[BOX], null],
      ['\u0000', null],
    ];
    for (const [payload, text] of cases) {
      const res = await redact(postId, image._id, roads, payload);
      // A bare string is not JSON to Fastify (415); everything else reaches validation (400).
      expect(res.statusCode, JSON.stringify(payload)).toBe(typeof payload === 'string' ? 415 : 400);
      const message = res.json<{ message: string }>().message;
      if (text) expect(message, JSON.stringify(payload)).toBe(text);
      else expect(message).toBeTruthy();
    }
    // Unknown or odd ids: 404 (or 400 for what no id can be), never a 5xx.
    for (const [post, img] of [
      [postId, '0123456789abcdef01234567'],
      ['0123456789abcdef01234567', image._id],
      [postId, 'x'.repeat(64)],
      [postId, '%00'],
      [`${postId}%00`, image._id],
      [postId, '9'.repeat(64)],
      [postId, 'x'.repeat(65)],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: `/api/posts/post/${post}/images/${img}/redact`, headers: roads.auth, payload: { boxes: [BOX] } });
      expect(res.statusCode, `${post} ${img}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${post} ${img}`).toBeLessThan(500);
    }
    // Boxes at the very edges and a whole-photo box are fine.
    const edge = await redact(postId, image._id, roads, { boxes: [{ x: 0, y: 0, w: 1, h: 1 }, { x: 0.99, y: 0.99, w: 0.01, h: 0.01 }] });
    expect(edge.statusCode, edge.body).toBe(200);
  });

  it('two redactions of one photo at once: one wins, the other gets 409, and no extra file is left', async () => {
    const { postId, image } = await reportWithPhoto();
    // Both requests read the same photo before either swaps (otherwise the second would simply blur the
    // first one's result, in turn): each waits at the swap until the other got there too.
    const swap = RedactionRepo.prototype.swap;
    let arrived = 0;
    let release = () => {};
    const both = new Promise<void>((resolve) => (release = resolve));
    const held = vi.spyOn(RedactionRepo.prototype, 'swap').mockImplementation(async function (this: RedactionRepo, ...args: Parameters<typeof swap>) {
      arrived += 1;
      if (arrived === 2) release();
      await both;
      return swap.apply(this, args);
    });
    let results: Awaited<ReturnType<typeof redact>>[];
    try {
      results = await Promise.all([redact(postId, image._id, roads, { boxes: [BOX] }), redact(postId, image._id, admin, { boxes: [{ x: 0, y: 0, w: 0.3, h: 0.3 }] })]);
    } finally {
      held.mockRestore();
    }
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const lost = results.find((r) => r.statusCode === 409)!;
    expect(lost.json<{ message: string }>().message).toBe(REDACTION_TEXTS.concurrent);
    const won = results.find((r) => r.statusCode === 200)!.json<{ image: { url: string; thumbUrl: string } }>().image;
    expect(await filesOf(t.app.ctx.storage, postId)).toEqual([keyOf(won.url), keyOf(won.thumbUrl)].sort());
    expect((await getPost(postId, citizen)).images[0]!.url).toBe(won.url);
    const audits = await t.app.ctx.database.db.selectFrom('audit_log').select('id').where('target_id', '=', postId).execute();
    expect(audits).toHaveLength(1);
  });

  it('a failed write or a client gone before the commit leaves the photo as it was and no new file', async () => {
    const { postId, image } = await reportWithPhoto();
    const files = await filesOf(t.app.ctx.storage, postId);
    const failing = vi.spyOn(RedactionRepo.prototype, 'swap').mockRejectedValueOnce(new Error('database went away'));
    try {
      const res = await redact(postId, image._id, roads, { boxes: [BOX] });
      expect(res.statusCode).toBe(500);
      expect(res.json<{ message: string }>().message).not.toContain('database');
    } finally {
      failing.mockRestore();
    }
    expect(await filesOf(t.app.ctx.storage, postId)).toEqual(files);

    const account = (await t.app.ctx.repos.accounts.findById(roads.id))!;
    await expect(t.app.ctx.services.redaction.redact(account, postId, image._id, [BOX], () => true)).rejects.toThrow('aborted');
    expect(await filesOf(t.app.ctx.storage, postId)).toEqual(files);
    expect((await getPost(postId, citizen)).images[0]!.url).toBe(image.url);
    expect(await t.app.ctx.database.db.selectFrom('audit_log').select('id').where('target_id', '=', postId).execute()).toEqual([]);
  });

  it('blurs a final-update photo too, and every row showing the same files follows', async () => {
    const post = await createPost(t.app, citizen);
    await advanceTo(t.app, roads, post._id, 'Waiting for User Verification');
    const final = (await getPost(post._id, roads)).finalUpdate!.images[0]!;
    const res = await redact(post._id, final._id!, roads, { boxes: [BOX] });
    expect(res.statusCode, res.body).toBe(200);
    const after = await getPost(post._id, citizen);
    expect(after.finalUpdate!.images[0]!.url).toBe(res.json<{ image: { url: string } }>().image.url);
    expect((await t.app.inject({ method: 'GET', url: pathOf(final.url) })).statusCode).toBe(404);

    // A fix rejected, then offered again with the same stored photo: two rows share its files.
    const blurred = after.finalUpdate!.images[0]!;
    const rejected = await t.app.inject({ method: 'PUT', url: `/api/user/rejectResolution/${post._id}`, headers: citizen.auth, payload: { reason: 'Still broken' } });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await advanceTo(t.app, roads, post._id, 'Work Near Completion');
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/gov/progressState/${post._id}`,
      headers: roads.auth,
      payload: { finalCaption: 'Fixed properly now', finalImages: [{ url: blurred.url }] },
    });
    expect(again.statusCode, again.body).toBe(200);
    const reused = (await getPost(post._id, roads)).finalUpdate!.images[0]!;
    expect(reused.url).toBe(blurred.url);
    const second = await redact(post._id, reused._id!, admin, { boxes: [{ x: 0, y: 0, w: 0.2, h: 0.2 }] });
    expect(second.statusCode, second.body).toBe(200);
    const newUrl = second.json<{ image: { url: string } }>().image.url;
    // Both the current fix and the rejected one in the timeline show the new file; the old one is gone.
    const shown = await getPost(post._id, citizen);
    expect(shown.finalUpdate!.images[0]!.url).toBe(newUrl);
    const history = shown.history!.filter((h) => h.action === 'reject' || h.action === 'final').flatMap((h) => h.finalUpdate?.images ?? []);
    expect(history.length).toBeGreaterThan(0);
    for (const img of history) expect(img.url).not.toBe(blurred.url);
    expect(await filesOf(t.app.ctx.storage, post._id)).not.toContain(keyOf(blurred.url));
    expect((await t.app.inject({ method: 'GET', url: pathOf(blurred.url) })).statusCode).toBe(404);
  });
});

describe('photo redaction with uploads in an S3 bucket', () => {
  let s3: TestS3;
  let inBucket: Storage;
  let b: TestApp;
  beforeAll(async () => {
    s3 = await startS3();
    inBucket = await s3.storage('redaction-app');
    b = await createTestApp(s3.env('redaction-app'));
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await s3?.stop();
  });

  it('removes the original and its thumbnail from the bucket', async () => {
    const reporter = await signupCitizen(b.app);
    const dept = await signupGovernment(b.app, { verified: true, department: 'Roads Department' });
    const { postId, image } = await reportWithPhoto(b.app, reporter, dept);
    expect(await filesOf(inBucket, postId)).toEqual([keyOf(image.url), keyOf(image.thumbUrl)].sort());
    const res = await b.app.inject({ method: 'POST', url: `/api/posts/post/${postId}/images/${image._id}/redact`, headers: dept.auth, payload: { boxes: [BOX] } });
    expect(res.statusCode, res.body).toBe(200);
    const now = res.json<{ image: { url: string; thumbUrl: string } }>().image;
    expect(await filesOf(inBucket, postId)).toEqual([keyOf(now.url), keyOf(now.thumbUrl)].sort());
    expect(await inBucket.get(keyOf(image.url))).toBeNull();
    expect((await b.app.inject({ method: 'GET', url: pathOf(image.url) })).statusCode).toBe(404);
    expect((await b.app.inject({ method: 'GET', url: pathOf(now.url) })).statusCode).toBe(200);
  });
});
