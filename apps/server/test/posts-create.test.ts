/** Creating a report (POST /api/user/createPost): the contract shape, every check of the form and its photos, and multipart edge cases. */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_TEXTS, LIMITS, POST_TEXTS, TEXTS, type Post } from '@civicpulse/shared';
import { SAMPLE_LOCATION, createTestApp, jpeg, multipart, postForm, signupCitizen, signupGovernment, type Actor, type TestApp } from './helpers/app.js';

let t: TestApp;
let asha: Actor;
let ravi: Actor;
beforeAll(async () => {
  t = await createTestApp();
  asha = await signupCitizen(t.app, 'Asha Reporter');
  ravi = await signupCitizen(t.app, 'Ravi Neighbour');
});
afterAll(async () => {
  await t.close();
});

const V = TEXTS.validation;

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = deflateSync(Buffer.alloc((width + 1) * 4)); // only a few rows of pixels follow
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}

function storedPostFiles(): string[] {
  const dir = path.join(t.dataDir, 'uploads', 'public', 'posts');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => d.name);
}

async function postCount(): Promise<number> {
  const r = await t.app.ctx.database.db.selectFrom('posts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

async function submit(actor: Actor, form: Parameters<typeof postForm>[0]) {
  const body = await postForm(form);
  return t.app.inject({ method: 'POST', url: '/api/user/createPost', headers: { ...actor.auth, ...body.headers }, payload: body.payload });
}

describe('creating a report', () => {
  it('answers 201 with the post in the contract shape', async () => {
    const res = await submit(asha, { caption: '  Streetlight broken for a week  ', priority: 'High', images: [await jpeg(), await jpeg(80, 60)] });
    expect(res.statusCode).toBe(201);
    const { message, post } = res.json<{ message: string; post: Post }>();
    expect(message).toBe(POST_TEXTS.created);
    expect(post).toMatchObject({
      caption: 'Streetlight broken for a week',
      priority: 'High',
      currentState: 'In Progress',
      progressState: 'Unseen',
      location: { country: 'India', ...SAMPLE_LOCATION },
      upvotes: [],
      downvotes: [],
      upvoteCount: 0,
      downvoteCount: 0,
      myVote: null,
      comments: [],
      commentCount: 0,
      // The reporter follows their own report from the start.
      followerCount: 1,
      assignedGovernment: null,
      finalUpdate: null,
      user: { _id: asha.id, name: 'Asha Reporter', email: asha.email, role: 'user', profilePhoto: '' },
    });
    expect(post.images).toHaveLength(2);
    expect(post.images[0]!.url).toMatch(/^http:\/\/localhost(:\d+)?\/uploads\/posts\/.+\.webp$/);
    expect(post.createdAt).toBe(post.updatedAt);
  });

  it('stores the category sent, suggests one from the caption when none is sent, and refuses an unknown one (issue 16)', async () => {
    const chosen = await submit(asha, { caption: 'Something near the school', category: 'parks', location: { ...SAMPLE_LOCATION, city: ' Mumbai ' } });
    expect(chosen.statusCode).toBe(201);
    expect(chosen.json<{ post: Post }>().post).toMatchObject({ category: 'parks', location: { city: 'Mumbai' } });
    const suggested = await submit(asha, { caption: 'Garbage not collected for a week, kachra everywhere' });
    expect(suggested.json<{ post: Post }>().post).toMatchObject({ category: 'garbage', location: { city: '' } });
    const nothing = await submit(asha, { caption: 'Something odd happened here' });
    expect(nothing.json<{ post: Post }>().post.category).toBe('other');
    const before = await postCount();
    for (const category of ['potholes', 'ROADS', 'x'.repeat(5000)]) {
      const bad = await submit(asha, { category });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ message: string }>().message).toBe(CATEGORY_TEXTS.invalidCategory);
    }
    expect((await submit(asha, { category: 'roads\u0000' })).statusCode).toBe(400);
    const badCity = await submit(asha, { location: { ...SAMPLE_LOCATION, city: 'x'.repeat(LIMITS.cityMaxChars + 1) } });
    expect(badCity.statusCode).toBe(400);
    expect(await postCount()).toBe(before);
    const id = chosen.json<{ post: Post }>().post._id;
    const edited = await t.app.inject({ method: 'PUT', url: `/api/user/editPosts/${id}`, headers: asha.auth, payload: { category: 'water' } });
    expect(edited.json<{ post: Post }>().post.category).toBe('water');
    const badEdit = await t.app.inject({ method: 'PUT', url: `/api/user/editPosts/${id}`, headers: asha.auth, payload: { category: 7 } });
    expect(badEdit.statusCode).toBe(400);
  });

  it('defaults the priority to Medium', async () => {
    const res = await submit(asha, {});
    expect(res.json<{ post: Post }>().post.priority).toBe('Medium');
  });

  it('re-encodes images: upright, WebP, display at most 1600 px, thumbnail at most 400 px, no EXIF', async () => {
    // Orientation 6 means "rotate 90°": a 2000x1000 photo must come out portrait.
    const photo = await jpeg(2000, 1000, { orientation: 6 });
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await submit(asha, { images: [photo] });
    const img = res.json<{ post: Post }>().post.images[0]!;
    expect([img.width, img.height]).toEqual([800, 1600]);
    const display = await t.app.inject({ method: 'GET', url: new URL(img.url).pathname });
    expect(display.statusCode).toBe(200);
    expect(display.headers['content-type']).toBe('image/webp');
    expect(display.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(display.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 1600 });
    expect(meta.exif).toBeUndefined();
    expect(display.rawPayload.includes(Buffer.from('secret-camera-owner'))).toBe(false);
    const thumb = await t.app.inject({ method: 'GET', url: new URL(img.thumbUrl).pathname });
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 200, height: 400 });
  });

  it.each([
    [{ caption: '   ' }, V.captionRequired],
    [{ images: [] }, V.imageRequired],
    [{ location: { ...SAMPLE_LOCATION, state: '' } }, V.stateRequired],
    [{ location: { ...SAMPLE_LOCATION, state: 'Atlantis' } }, V.stateRequired],
    [{ location: { ...SAMPLE_LOCATION, landmark: ' ' } }, V.landmarkRequired],
    [{ location: { ...SAMPLE_LOCATION, address: '' } }, V.addressRequired],
    [{ location: { ...SAMPLE_LOCATION, pincode: '' } }, V.pincodeRequired],
    [{ location: { ...SAMPLE_LOCATION, coordinates: null } }, V.locationRequired],
    [{ location: { ...SAMPLE_LOCATION, coordinates: { lat: '19.0', lng: '72.8' } } }, V.locationRequired],
    [{ location: { ...SAMPLE_LOCATION, coordinates: { lat: 51.5, lng: -0.12 } } }, POST_TEXTS.outsideIndia],
    [{ location: undefined }, V.stateRequired],
    [{ location: '{not json' }, POST_TEXTS.invalidLocation],
    [{ priority: 'Whenever' }, POST_TEXTS.invalidPriority],
  ])('refuses %j with 400 and the spec text, storing nothing', async (form, message) => {
    const [posts, files] = [await postCount(), storedPostFiles().length];
    const res = await submit(asha, form);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await postCount()).toBe(posts);
    expect(storedPostFiles().length).toBe(files);
  });

  it('checks in the spec order: caption before images before location', async () => {
    const res = await submit(asha, { caption: '', images: [], location: undefined });
    expect(res.json()).toEqual({ message: V.captionRequired });
    const res2 = await submit(asha, { images: [], location: undefined });
    expect(res2.json()).toEqual({ message: V.imageRequired });
  });

  it('refuses a file that is not a picture, whatever it is called (415), leaving nothing', async () => {
    const [posts, files] = [await postCount(), storedPostFiles().length];
    const res = await submit(asha, { images: [await jpeg(), Buffer.from('%PDF-1.4 pretending to be a photo')] });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: POST_TEXTS.imageType });
    expect(await postCount()).toBe(posts);
    expect(storedPostFiles().length).toBe(files);
  });

  it('refuses a decompression bomb before decoding it (413)', async () => {
    // A PNG that declares 30000 x 30000 (900 megapixels) in a file of a few hundred bytes.
    const bomb = pngDeclaring(30000, 30000);
    expect(bomb.length).toBeLessThan(LIMITS.imageMaxBytes);
    const res = await submit(asha, { images: [bomb] });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: POST_TEXTS.imageTooManyPixels });
  });

  it('refuses more than six images and any image over 10 MB (413)', async () => {
    const small = await jpeg();
    const seven = await submit(asha, { images: Array.from({ length: 7 }, () => small) });
    expect(seven.statusCode).toBe(413);
    expect(seven.json()).toEqual({ message: POST_TEXTS.tooManyImages });
    const huge = Buffer.concat([small, Buffer.alloc(LIMITS.imageMaxBytes + 1)]);
    const big = await submit(asha, { images: [huge] });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: POST_TEXTS.imageTooLarge });
  });

  it('lets only citizens report, checking the token before reading the upload', async () => {
    const dept = await signupGovernment(t.app, { verified: true });
    expect((await submit(dept, {})).statusCode).toBe(403);
    const body = await postForm({});
    const anon = await t.app.inject({ method: 'POST', url: '/api/user/createPost', headers: body.headers, payload: body.payload });
    expect(anon.statusCode).toBe(401);
  });

  it('answers a JSON body with 415', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/createPost', headers: asha.auth, payload: { caption: 'x' } });
    expect(res.statusCode).toBe(415);
  });
});


describe('multipart edge cases', () => {
  it('ignores unknown file fields and unknown text fields', async () => {
    const body = multipart(
      { caption: 'Open drain', location: JSON.stringify(SAMPLE_LOCATION), upvote_count: '999', author_id: ravi.id },
      [
        { field: 'images', filename: 'a.jpg', type: 'image/jpeg', data: await jpeg() },
        { field: 'avatar', filename: 'b.jpg', type: 'image/jpeg', data: await jpeg() },
      ],
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/user/createPost', headers: { ...asha.auth, ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ post: Post }>().post).toMatchObject({ upvoteCount: 0, images: [expect.anything()], user: { _id: asha.id } });
  });
});
