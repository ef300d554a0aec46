/**
 * "Not fixed yet" with photos, the turned-down proof kept on the card, and the reporter's rating on the
 * timeline (first-use polish): on both engines (TEST_DATABASE_URL runs it on PostgreSQL).
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_TEXTS, type Post } from '@civicpulse/shared';
import { advanceTo, createPost, createTestApp, jpeg, multipart, signupCitizen, signupGovernment, type Actor, type TestApp } from './helpers/app.js';

let t: TestApp;
let citizen: Actor;
let neighbour: Actor;
let dept: Actor;

beforeAll(async () => {
  t = await createTestApp();
  citizen = await signupCitizen(t.app, 'Reporter');
  neighbour = await signupCitizen(t.app, 'Neighbour');
  dept = await signupGovernment(t.app, { verified: true, department: 'Roads Department' });
});
afterAll(async () => {
  await t.close();
});

const reject = (id: string, form: { payload: Buffer; headers: Record<string, string> }) =>
  t.app.inject({ method: 'PUT', url: `/api/user/rejectResolution/${id}`, headers: { ...citizen.auth, ...form.headers }, payload: form.payload });
const load = async (id: string, who: Actor = citizen) =>
  (await t.app.inject({ method: 'GET', url: `/api/posts/post/${id}`, headers: who.auth })).json<{ post: Post }>().post;
const files = (id: string) => {
  const dir = path.join(t.dataDir, 'uploads', 'public', 'posts', id);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};

describe('"Not fixed yet" with photos', () => {
  it('stores the photos with the reject entry, shows them on the timeline and keeps the turned-down proof on the card', async () => {
    const { _id } = await createPost(t.app, citizen, { caption: 'Pothole on Station Road' });
    await advanceTo(t.app, dept, _id, 'Waiting for User Verification');
    const before = files(_id).length;
    const form = multipart({ reason: 'Still a hole after the rain' }, [
      { field: 'images', filename: 'still.jpg', type: 'image/jpeg', data: await jpeg(200, 150) },
      { field: 'images', filename: 'closer.jpg', type: 'image/jpeg', data: await jpeg(90, 120) },
    ]);
    const res = await reject(_id, form);
    expect(res.statusCode).toBe(200);
    const answer = res.json<{ message: string; post: Post }>();
    expect(answer.message).toBe(POST_TEXTS.rejected);
    expect(answer.post).toMatchObject({ progressState: 'Work Started', finalUpdate: null });
    // Two photos, each a display file and a thumbnail.
    expect(files(_id).length).toBe(before + 4);
    const entry = answer.post.history!.at(-1)!;
    expect(entry).toMatchObject({ action: 'reject', note: 'Still a hole after the rain', finalUpdate: { caption: 'Pothole filled and resurfaced' } });
    expect(entry.photos).toHaveLength(2);
    expect(entry.photos![0]).toMatchObject({ width: 200, height: 150 });
    expect(entry.photos![0]!.url).toMatch(/\.webp$/);
    // The report's own photos are untouched; the reporter's new ones are not report photos.
    expect(answer.post.images).toHaveLength(1);

    // The card (a list) keeps the turned-down proof, the reason and the reporter's photos.
    const mine = (await t.app.inject({ method: 'GET', url: '/api/user/myPosts', headers: citizen.auth })).json<{ posts: Post[] }>();
    const card = mine.posts.find((p) => p._id === _id)!;
    expect(card.rejectedUpdate).toMatchObject({ caption: 'Pothole filled and resurfaced', reason: 'Still a hole after the rain' });
    expect(card.rejectedUpdate!.images).toHaveLength(1);
    expect(card.rejectedUpdate!.photos).toHaveLength(2);
    // The department's queue shows it too.
    const queue = (await t.app.inject({ method: 'GET', url: '/api/gov/allPosts?scope=assigned', headers: dept.auth })).json<{ posts: Post[] }>();
    expect(queue.posts.find((p) => p._id === _id)!.rejectedUpdate!.reason).toBe('Still a hole after the rain');
    // The public page leaves the reporter's words and photos out.
    const pub = (await t.app.inject({ method: 'GET', url: `/api/public/posts/${_id}` })).json<{ post: Post }>().post;
    const pubEntry = pub.history!.find((h) => h.action === 'reject')!;
    expect(pubEntry.note).toBeNull();
    expect(pubEntry.photos).toBeUndefined();
    expect(JSON.stringify(pub)).not.toContain('rejectedUpdate');

    // A new proof replaces it on the card; the timeline still has both.
    await advanceTo(t.app, dept, _id, 'Waiting for User Verification');
    const waiting = await load(_id);
    expect(waiting.rejectedUpdate).toBeUndefined();
    expect(waiting.finalUpdate).not.toBeNull();
    expect(waiting.history!.find((h) => h.action === 'reject')!.photos).toHaveLength(2);
  });

  it('still takes the JSON request (no photos)', async () => {
    const { _id } = await createPost(t.app, citizen);
    await advanceTo(t.app, dept, _id, 'Waiting for User Verification');
    const res = await t.app.inject({ method: 'PUT', url: `/api/user/rejectResolution/${_id}`, headers: citizen.auth, payload: { reason: 'Not fixed' } });
    expect(res.statusCode).toBe(200);
    const entry = res.json<{ post: Post }>().post.history!.at(-1)!;
    expect(entry.action).toBe('reject');
    expect(entry.photos).toBeUndefined();
    expect(res.json<{ post: Post }>().post.rejectedUpdate).toMatchObject({ reason: 'Not fixed', photos: [] });
  });

  it('refuses a bad file, a missing reason and too many photos, leaving no file behind and the report waiting', async () => {
    const { _id } = await createPost(t.app, citizen);
    await advanceTo(t.app, dept, _id, 'Waiting for User Verification');
    const before = files(_id);
    const bad = await reject(
      _id,
      multipart({ reason: 'Still broken' }, [
        { field: 'images', filename: 'ok.jpg', type: 'image/jpeg', data: await jpeg() },
        { field: 'images', filename: 'evil.jpg', type: 'image/jpeg', data: Buffer.from('not an image at all') },
      ]),
    );
    expect(bad.statusCode).toBe(415);
    expect(bad.json()).toEqual({ message: POST_TEXTS.imageType });
    const noReason = await reject(_id, multipart({ reason: '  ' }, [{ field: 'images', filename: 'ok.jpg', type: 'image/jpeg', data: await jpeg() }]));
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({ message: POST_TEXTS.reasonRequired });
    const photo = await jpeg();
    const tooMany = await reject(_id, multipart({ reason: 'Still broken' }, Array.from({ length: 7 }, (_, i) => ({ field: 'images', filename: `${i}.jpg`, type: 'image/jpeg', data: photo }))));
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toEqual({ message: POST_TEXTS.tooManyImages });
    // Someone else's report: refused before anything is stored.
    const stranger = await t.app.inject({
      method: 'PUT',
      url: `/api/user/rejectResolution/${_id}`,
      ...(() => {
        const f = multipart({ reason: 'Not mine' }, [{ field: 'images', filename: 'ok.jpg', type: 'image/jpeg', data: photo }]);
        return { headers: { ...neighbour.auth, ...f.headers }, payload: f.payload };
      })(),
    });
    expect(stranger.statusCode).toBe(403);
    expect(files(_id)).toEqual(before);
    expect((await load(_id)).progressState).toBe('Waiting for User Verification');
  });
});

describe("the reporter's rating on the timeline", () => {
  it('shows the rating and its comment on the verify entry', async () => {
    const { _id } = await createPost(t.app, citizen);
    await advanceTo(t.app, dept, _id, 'Waiting for User Verification');
    const res = await t.app.inject({ method: 'PUT', url: `/api/user/verifyPost/${_id}`, headers: citizen.auth, payload: { rating: 'satisfied', comment: 'Quick and tidy' } });
    expect(res.statusCode).toBe(200);
    const verify = res.json<{ post: Post }>().post.history!.find((h) => h.action === 'verify')!;
    expect(verify.rating).toEqual({ rating: 'satisfied', comment: 'Quick and tidy' });
    // Anyone signed in reads it on the post page; the public page keeps the value without the words.
    expect((await load(_id, neighbour)).history!.find((h) => h.action === 'verify')!.rating).toEqual({ rating: 'satisfied', comment: 'Quick and tidy' });
    const pub = (await t.app.inject({ method: 'GET', url: `/api/public/posts/${_id}` })).json<{ post: Post }>().post;
    expect(pub.history!.find((h) => h.action === 'verify')!.rating).toEqual({ rating: 'satisfied', comment: null });
  });

  it('leaves the verify entry without a rating when none was given', async () => {
    const { _id } = await createPost(t.app, citizen);
    await advanceTo(t.app, dept, _id, 'Waiting for User Verification');
    const res = await t.app.inject({ method: 'PUT', url: `/api/user/verifyPost/${_id}`, headers: citizen.auth });
    expect(res.json<{ post: Post }>().post.history!.find((h) => h.action === 'verify')!.rating).toBeUndefined();
  });
});
