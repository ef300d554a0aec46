/**
 * Photos shrink in the browser before the app keeps or sends them (issue 17 item 8): a 12 MB phone
 * photo becomes a few hundred KB, which is what a report costs on a weak mobile connection. The
 * server still checks and re-encodes whatever arrives, so this step only has to be worth it, never
 * right: a file the browser cannot decode (or a browser without the APIs) is kept as it is.
 *
 * - decode with createImageBitmap (imageOrientation 'from-image': a portrait phone photo stays upright,
 *   and the EXIF that turned it is dropped with the rest of the metadata by re-encoding);
 * - scale so the long side is at most PHOTO_MAX_SIDE;
 * - encode WebP where the browser can (Chromium, Firefox), else JPEG (Safari encodes no WebP: its
 *   canvas answers PNG for a WebP request, which is how we notice), at PHOTO_QUALITY;
 * - keep the original when it already fits: within PHOTO_MAX_SIDE and either small (PHOTO_SMALL_BYTES)
 *   or not larger than the re-encoded result.
 */

/** The long side of a photo as sent (issue 17: "long side 1600 px"). */
export const PHOTO_MAX_SIDE = 1600;
/** Encoder quality for WebP and JPEG: visually close to the phone's own, a fraction of its bytes. */
export const PHOTO_QUALITY = 0.82;
/** A photo within PHOTO_MAX_SIDE and at most this size is kept as chosen: re-encoding would trade quality for a few KB. */
export const PHOTO_SMALL_BYTES = 200 * 1024;

type EncodedType = 'image/webp' | 'image/jpeg';

/** A decoded picture: what createImageBitmap answers, reduced to what this module uses. */
export interface DecodedPhoto {
  readonly width: number;
  readonly height: number;
  close(): void;
}

/** How pictures are decoded and encoded: the browser's canvas, or a fake in the unit tests. */
export interface PhotoCodec<D extends DecodedPhoto = DecodedPhoto> {
  decode(file: Blob): Promise<D>;
  /** The picture at width x height as `type`, or null. A browser that cannot encode `type` answers another type (PNG). */
  encode(photo: D, width: number, height: number, type: EncodedType, quality: number): Promise<Blob | null>;
}

function draw(ctx: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D, photo: ImageBitmap, width: number, height: number, type: EncodedType) {
  // JPEG has no transparency: a transparent PNG's clear pixels become white, not black.
  if (type === 'image/jpeg') {
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
  }
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(photo, 0, 0, width, height);
}

/** The browser's codec: an OffscreenCanvas where there is one (no layout, no DOM), else a detached <canvas>. */
export const browserCodec: PhotoCodec<ImageBitmap> = {
  decode: (file) => createImageBitmap(file, { imageOrientation: 'from-image' }),
  async encode(photo, width, height, type, quality) {
    if (typeof OffscreenCanvas !== 'undefined') {
      const canvas = new OffscreenCanvas(width, height);
      const ctx = canvas.getContext('2d');
      if (ctx) {
        draw(ctx, photo, width, height, type);
        return canvas.convertToBlob({ type, quality });
      }
    }
    if (typeof document === 'undefined') return null;
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    draw(ctx, photo, width, height, type);
    return new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
  },
};

/** The picture's name with the extension of what it now is ("IMG_2041.JPG" → "IMG_2041.webp"). */
export function renamePhoto(name: string, type: string): string {
  const base = name.replace(/\.[^./\\]*$/, '').trim() || 'photo';
  return `${base}${type === 'image/webp' ? '.webp' : '.jpg'}`;
}

/** The size that keeps the aspect ratio with the long side at most `max` (never enlarged, never 0). */
export function fitWithin(width: number, height: number, max = PHOTO_MAX_SIDE): { width: number; height: number; scaled: boolean } {
  const long = Math.max(width, height);
  if (long <= max) return { width, height, scaled: false };
  const scale = max / long;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)), scaled: true };
}

/** Whether this browser's canvas encodes WebP; learnt from the first answer, so Safari asks once. */
let webpEncodes: boolean | undefined;

async function encodeSmall<D extends DecodedPhoto>(codec: PhotoCodec<D>, photo: D, width: number, height: number): Promise<Blob | null> {
  if (webpEncodes !== false) {
    const webp = await codec.encode(photo, width, height, 'image/webp', PHOTO_QUALITY);
    if (webp) webpEncodes = webp.type === 'image/webp';
    if (webp?.type === 'image/webp' && webp.size > 0) return webp;
  }
  const jpeg = await codec.encode(photo, width, height, 'image/jpeg', PHOTO_QUALITY);
  return jpeg?.type === 'image/jpeg' && jpeg.size > 0 ? jpeg : null;
}

/**
 * The photo as the app keeps and sends it: at most PHOTO_MAX_SIDE on its long side, WebP (else JPEG),
 * or the original when that is already as small. Never rejects: whatever goes wrong answers `file`.
 */
export async function resizePhoto<D extends DecodedPhoto = ImageBitmap>(file: File, codec: PhotoCodec<D> = browserCodec as unknown as PhotoCodec<D>): Promise<File> {
  let photo: D;
  try {
    photo = await codec.decode(file);
  } catch {
    return file; // not a picture this browser reads (or no createImageBitmap): the server decides
  }
  try {
    const size = fitWithin(photo.width, photo.height);
    if (!size.scaled && file.size <= PHOTO_SMALL_BYTES) return file;
    const blob = await encodeSmall(codec, photo, size.width, size.height);
    if (!blob) return file;
    if (!size.scaled && blob.size >= file.size) return file;
    return new File([blob], renamePhoto(file.name, blob.type), { type: blob.type, lastModified: file.lastModified });
  } catch {
    return file;
  } finally {
    photo.close();
  }
}

/**
 * Resizes picked photos one after the other (one decoded photo in memory at a time), in order. The
 * photo picker calls it for every photo added; a draft or queue restoring photos it kept need not
 * (they were resized when picked).
 */
export async function preparePhotos(files: readonly File[]): Promise<File[]> {
  const out: File[] = [];
  for (const file of files) out.push(await resizePhoto(file));
  return out;
}

/** For the unit tests: forget what was learnt about WebP. */
export function resetPhotoCodecMemory(): void {
  webpEncodes = undefined;
}
