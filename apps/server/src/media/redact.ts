/**
 * Photo redaction's pixel work: each box of a stored photo is blurred beyond recovery (the region is
 * shrunk to at most REDACT_CELLS cells on its long side, averaging every pixel of a cell into one,
 * then smoothed back to its size), and the whole photo comes back as a lossless PNG for the normal
 * pipeline (processImage) to re-encode as display and thumbnail, so nothing of the old pixels survives
 * in any variant.
 */
import sharp from 'sharp';
import { LIMITS, POST_TEXTS, type RedactionBox } from '@civicpulse/shared';
import { unsupported } from '../lib/errors.js';

/** Cells on a box's long side after shrinking: a face or a number plate becomes a few smooth blotches. */
export const REDACT_CELLS = 6;

/** A box in whole pixels, rounded outward so its edge pixels are covered too, and clamped to the photo. */
export function boxPixels(box: RedactionBox, width: number, height: number): { left: number; top: number; width: number; height: number } {
  const left = Math.max(0, Math.min(width - 1, Math.floor(box.x * width)));
  const top = Math.max(0, Math.min(height - 1, Math.floor(box.y * height)));
  const right = Math.max(left + 1, Math.min(width, Math.ceil((box.x + box.w) * width)));
  const bottom = Math.max(top + 1, Math.min(height, Math.ceil((box.y + box.h) * height)));
  return { left, top, width: right - left, height: bottom - top };
}

export async function blurBoxes(data: Buffer, boxes: RedactionBox[]): Promise<Buffer> {
  try {
    const base = sharp(data, { limitInputPixels: LIMITS.imageMaxPixels, failOn: 'error' });
    const meta = await base.metadata();
    const width = meta.width ?? 0;
    const height = meta.height ?? 0;
    if (width < 1 || height < 1) throw new Error('no pixels');
    // Decoded once; every region is cut from the same pixels (overlapping boxes are each blurred from the original).
    const { data: pixels, info } = await base.clone().removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
    const overlays = [];
    for (const box of boxes) {
      const r = boxPixels(box, width, height);
      const long = Math.max(r.width, r.height);
      const scale = Math.min(1, REDACT_CELLS / long);
      const small = await sharp(pixels, raw)
        .extract(r)
        .resize({ width: Math.max(1, Math.round(r.width * scale)), height: Math.max(1, Math.round(r.height * scale)), kernel: 'linear', fit: 'fill' })
        .raw()
        .toBuffer({ resolveWithObject: true });
      // Back to the box's size, smoothed so no cell edge is left to read; then softened once more.
      const sigma = Math.max(0.5, Math.min(r.width, r.height) / 8);
      const region = await sharp(small.data, { raw: { width: small.info.width, height: small.info.height, channels: small.info.channels } })
        .resize({ width: r.width, height: r.height, kernel: 'cubic', fit: 'fill' })
        .blur(sigma)
        .png({ compressionLevel: 1 })
        .toBuffer();
      overlays.push({ input: region, left: r.left, top: r.top });
    }
    return await sharp(pixels, raw).composite(overlays).png({ compressionLevel: 1 }).toBuffer();
  } catch {
    throw unsupported(POST_TEXTS.imageType);
  }
}
