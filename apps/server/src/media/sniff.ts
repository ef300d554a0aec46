import sharp from 'sharp';
import { LIMITS } from '@civicpulse/shared';

export type SniffedType = { mime: string; ext: string; kind: 'image' | 'pdf' };

const IMAGE_FORMATS: Record<string, { mime: string; ext: string }> = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  webp: { mime: 'image/webp', ext: 'webp' },
  gif: { mime: 'image/gif', ext: 'gif' },
};

/** Decides what a file is from its bytes, never from its name or the browser's claim. */
export async function sniffFile(data: Buffer): Promise<SniffedType | null> {
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return { mime: 'application/pdf', ext: 'pdf', kind: 'pdf' };
  try {
    const meta = await sharp(data, { limitInputPixels: LIMITS.imageMaxPixels }).metadata();
    const known = meta.format ? IMAGE_FORMATS[meta.format] : undefined;
    return known ? { ...known, kind: 'image' } : null;
  } catch {
    return null;
  }
}
