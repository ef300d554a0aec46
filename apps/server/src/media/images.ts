/**
 * The image pipeline: every uploaded picture is decoded (bounded by a pixel limit), turned upright
 * from its EXIF orientation, re-encoded to WebP at a display size and a thumbnail size, and stored.
 * Re-encoding drops all metadata (GPS, camera serials) and anything smuggled after the pixels.
 */
import sharp, { type Sharp } from 'sharp';
import { LIMITS, POST_TEXTS, PROFILE_LIMITS, PROFILE_TEXTS } from '@civicpulse/shared';
import { HttpError, unsupported } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import type { Storage } from './storage.js';

const ACCEPTED = new Set(['jpeg', 'png', 'webp']);

export interface ProcessedImage {
  display: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

export interface StoredImage {
  key: string;
  thumbKey: string;
  width: number;
  height: number;
}

sharp.cache(false);
sharp.concurrency(1);

/**
 * Checks an upload before decoding its pixels (an accepted format; a tiny file can declare a gigantic
 * canvas, a decompression bomb) and returns it as an upright sharp pipeline to clone from.
 */
async function uprightImage(data: Buffer, typeText: string): Promise<Sharp> {
  let format: string | undefined;
  let pixels = 0;
  try {
    const meta = await sharp(data, { limitInputPixels: false }).metadata();
    format = meta.format;
    pixels = (meta.width ?? 0) * (meta.height ?? 0) * Math.max(1, meta.pages ?? 1);
  } catch {
    throw unsupported(typeText);
  }
  if (!format || !ACCEPTED.has(format)) throw unsupported(typeText);
  if (pixels > LIMITS.imageMaxPixels) throw new HttpError(413, POST_TEXTS.imageTooManyPixels);
  return sharp(data, { limitInputPixels: LIMITS.imageMaxPixels, failOn: 'error' }).rotate();
}

export async function processImage(data: Buffer): Promise<ProcessedImage> {
  const base = await uprightImage(data, POST_TEXTS.imageType);
  try {
    const long = LIMITS.displayImageLongSide;
    const { data: display, info } = await base
      .clone()
      .resize({ width: long, height: long, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    const t = LIMITS.thumbnailLongSide;
    const thumb = await base
      .clone()
      .resize({ width: t, height: t, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer();
    return { display, thumb, width: info.width, height: info.height };
  } catch {
    throw unsupported(POST_TEXTS.imageType);
  }
}

/** Stores processed images under `public/posts/<postId>/`; on any failure removes what it wrote. */
export async function storeImages(storage: Storage, postId: string, images: ProcessedImage[]): Promise<StoredImage[]> {
  const written: string[] = [];
  try {
    const stored: StoredImage[] = [];
    for (const img of images) {
      const id = newId();
      const key = `public/posts/${postId}/${id}.webp`;
      const thumbKey = `public/posts/${postId}/${id}-thumb.webp`;
      await storage.put(key, img.display);
      written.push(key);
      await storage.put(thumbKey, img.thumb);
      written.push(thumbKey);
      stored.push({ key, thumbKey, width: img.width, height: img.height });
    }
    return stored;
  } catch (err) {
    await Promise.all(written.map((k) => storage.delete(k)));
    throw err;
  }
}

/** The post_images rows for stored images of one kind, in upload order. */
export function imageRows(stored: StoredImage[], kind: 'report' | 'final' | 'reopen', createdAt: string, historyId: string | null = null) {
  return stored.map((s, position) => ({
    id: newId(),
    kind,
    position,
    key: s.key,
    thumb_key: s.thumbKey,
    width: s.width,
    height: s.height,
    history_id: historyId,
    created_at: createdAt,
  }));
}

export async function removeImages(storage: Storage, images: Array<{ key: string; thumb_key: string }>): Promise<void> {
  await Promise.all(images.flatMap((i) => [storage.delete(i.key), storage.delete(i.thumb_key)]));
}

export interface ProcessedAvatar {
  large: Buffer;
  small: Buffer;
}

/**
 * A profile photo: checked like report photos (type, pixel bomb), turned upright, cropped to a square
 * on its centre of interest and written as 256 px and 64 px WebP. Re-encoding drops EXIF (location).
 */
export async function processAvatar(data: Buffer): Promise<ProcessedAvatar> {
  const base = await uprightImage(data, PROFILE_TEXTS.photoType);
  try {
    const square = (size: number) => base.clone().resize({ width: size, height: size, fit: 'cover', position: sharp.strategy.attention }).webp({ quality: 80 }).toBuffer();
    return { large: await square(PROFILE_LIMITS.photoLarge), small: await square(PROFILE_LIMITS.photoSmall) };
  } catch {
    throw unsupported(PROFILE_TEXTS.photoType);
  }
}
