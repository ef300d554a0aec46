/**
 * Issue 17 item 8: photos are resized in the browser before they are kept or sent. The decisions of
 * lib/resizeImage.ts (size, format, fallbacks, name) with a fake codec; the real canvas is exercised by
 * the browser test e2e/tests/photo-resize.spec.ts. And the photo picker's texts: English exactly as
 * before (POST_UI), Hindi for every count.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { POST_UI } from '@civicpulse/shared';
import {
  PHOTO_MAX_SIDE,
  PHOTO_QUALITY,
  PHOTO_SMALL_BYTES,
  fitWithin,
  preparePhotos,
  renamePhoto,
  resetPhotoCodecMemory,
  resizePhoto,
  type PhotoCodec,
} from '../src/lib/resizeImage';
import { EN } from '../src/i18n/locales/en';
import { HI } from '../src/i18n/locales/hi';

interface FakePhoto {
  width: number;
  height: number;
  closed: boolean;
  close(): void;
}

/** A codec whose pictures have the given size and whose encoder answers `bytes` of the asked type (or what `answer` says). */
function fakeCodec(opts: {
  width: number;
  height: number;
  bytes?: number;
  undecodable?: boolean;
  answer?: (type: string) => string | null;
  throwOnEncode?: boolean;
}) {
  const calls: Array<{ width: number; height: number; type: string; quality: number }> = [];
  const decoded: FakePhoto[] = [];
  const codec: PhotoCodec<FakePhoto> = {
    decode() {
      if (opts.undecodable) return Promise.reject(new DOMException('The source image could not be decoded.', 'InvalidStateError'));
      const photo: FakePhoto = { width: opts.width, height: opts.height, closed: false, close() { this.closed = true; } };
      decoded.push(photo);
      return Promise.resolve(photo);
    },
    encode(_photo, width, height, type, quality) {
      calls.push({ width, height, type, quality });
      if (opts.throwOnEncode) return Promise.reject(new Error('canvas too large'));
      const answered = opts.answer ? opts.answer(type) : type;
      return Promise.resolve(answered === null ? null : new Blob([new Uint8Array(opts.bytes ?? 1000)], { type: answered }));
    },
  };
  return { codec, calls, decoded };
}

const photoFile = (bytes: number, name = 'IMG_2041.JPG', type = 'image/jpeg') => new File([new Uint8Array(bytes)], name, { type, lastModified: 1_700_000_000_000 });

beforeEach(() => resetPhotoCodecMemory());

describe('resizePhoto', () => {
  it('scales a 4000x3000 phone photo to 1600x1200 WebP with a .webp name', async () => {
    const { codec, calls, decoded } = fakeCodec({ width: 4000, height: 3000, bytes: 350_000 });
    const out = await resizePhoto(photoFile(6_000_000), codec);
    expect(calls).toEqual([{ width: 1600, height: 1200, type: 'image/webp', quality: PHOTO_QUALITY }]);
    expect(out).toBeInstanceOf(File);
    expect([out.name, out.type, out.size, out.lastModified]).toEqual(['IMG_2041.webp', 'image/webp', 350_000, 1_700_000_000_000]);
    expect(decoded.every((d) => d.closed)).toBe(true);
  });

  it('keeps a portrait photo portrait (long side is the height)', async () => {
    const { codec, calls } = fakeCodec({ width: 3024, height: 4032, bytes: 300_000 });
    await resizePhoto(photoFile(5_000_000), codec);
    expect(calls[0]).toMatchObject({ width: 1200, height: 1600 });
  });

  it('falls back to JPEG where the canvas cannot encode WebP (it answers PNG), and remembers that', async () => {
    const { codec, calls } = fakeCodec({ width: 4000, height: 3000, bytes: 400_000, answer: (type) => (type === 'image/webp' ? 'image/png' : type) });
    const out = await resizePhoto(photoFile(6_000_000, 'holi.jpeg'), codec);
    expect(calls.map((c) => c.type)).toEqual(['image/webp', 'image/jpeg']);
    expect([out.name, out.type]).toEqual(['holi.jpg', 'image/jpeg']);
    await resizePhoto(photoFile(6_000_000), codec);
    expect(calls.map((c) => c.type)).toEqual(['image/webp', 'image/jpeg', 'image/jpeg']);
  });

  it('keeps a small photo as chosen without encoding it', async () => {
    const { codec, calls } = fakeCodec({ width: 1200, height: 900 });
    const file = photoFile(PHOTO_SMALL_BYTES, 'pothole.png', 'image/png');
    expect(await resizePhoto(file, codec)).toBe(file);
    expect(calls).toEqual([]);
  });

  it('re-encodes a large photo within 1600 px, unless the result is not smaller', async () => {
    const smaller = fakeCodec({ width: 1600, height: 1000, bytes: 300_000 });
    const out = await resizePhoto(photoFile(2_000_000, 'screen.png', 'image/png'), smaller.codec);
    expect([out.name, out.type, out.size]).toEqual(['screen.webp', 'image/webp', 300_000]);
    expect(smaller.calls[0]).toMatchObject({ width: 1600, height: 1000 });

    const larger = fakeCodec({ width: 1600, height: 1000, bytes: 2_000_001 });
    const file = photoFile(2_000_000, 'already.webp', 'image/webp');
    expect(await resizePhoto(file, larger.codec)).toBe(file);
  });

  it('answers the original for a file it cannot decode, an encoder that fails or answers nothing', async () => {
    const file = photoFile(6_000_000, 'not-really.jpg');
    expect(await resizePhoto(file, fakeCodec({ width: 0, height: 0, undecodable: true }).codec)).toBe(file);
    const throwing = fakeCodec({ width: 4000, height: 3000, throwOnEncode: true });
    expect(await resizePhoto(file, throwing.codec)).toBe(file);
    expect(throwing.decoded[0]?.closed).toBe(true);
    expect(await resizePhoto(file, fakeCodec({ width: 4000, height: 3000, answer: () => null }).codec)).toBe(file);
  });

  it('answers the original where the browser has no createImageBitmap (this test runs in Node)', async () => {
    const file = photoFile(6_000_000);
    expect(await resizePhoto(file)).toBe(file);
    expect(await preparePhotos([file, file])).toEqual([file, file]);
  });
});

describe('sizes and names', () => {
  it('fits the long side within 1600 px, never enlarging and never reaching 0', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200, scaled: true });
    expect(fitWithin(1600, 1600)).toEqual({ width: 1600, height: 1600, scaled: false });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600, scaled: false });
    expect(fitWithin(20000, 10)).toEqual({ width: PHOTO_MAX_SIDE, height: 1, scaled: true });
  });

  it('names the file by what it now is', () => {
    expect(renamePhoto('IMG_2041.JPG', 'image/webp')).toBe('IMG_2041.webp');
    expect(renamePhoto('my.trip.photo.png', 'image/jpeg')).toBe('my.trip.photo.jpg');
    expect(renamePhoto('noextension', 'image/webp')).toBe('noextension.webp');
    expect(renamePhoto('.jpg', 'image/webp')).toBe('photo.webp');
    expect(renamePhoto('', 'image/jpeg')).toBe('photo.jpg');
  });
});

describe('photo picker texts', () => {
  it('reads in English exactly as POST_UI did, and in Hindi for every count', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ resources: { en: EN, hi: HI }, lng: 'en', fallbackLng: 'en', ns: ['create'], defaultNS: 'create', interpolation: { escapeValue: false } });
    const en = i18n.getFixedT('en', 'create');
    for (const n of [0, 1, 2, 6]) expect(en('photos.chosen', { count: n })).toBe(POST_UI.photosChosen(n));
    expect(en('photos.add')).toBe(POST_UI.addPhotos);
    expect(en('photos.attached')).toBe(POST_UI.attachedPhotos);
    expect(en('photos.remove', { name: 'second.png' })).toBe(POST_UI.removeImage('second.png'));
    expect(en('photos.previewAlt', { index: 2, total: 3, name: 'done.png' })).toBe(POST_UI.photoPreviewAlt('done.png', 2, 3));
    expect(en('photos.preparing', { count: 1 })).toBe('Preparing 1 photo…');
    expect(en('photos.preparing', { count: 3 })).toBe('Preparing 3 photos…');

    const hi = i18n.getFixedT('hi', 'create');
    expect(hi('photos.chosen', { count: 0 })).toBe('अभी कोई फ़ोटो नहीं जोड़ी गई।');
    expect(hi('photos.chosen', { count: 1 })).toBe('1 फ़ोटो जोड़ी गई।');
    expect(hi('photos.chosen', { count: 4 })).toBe('4 फ़ोटो जोड़ी गईं।');
    expect(hi('photos.remove', { name: 'gaddha.jpg' })).toBe('gaddha.jpg हटाएँ');
  });
});
