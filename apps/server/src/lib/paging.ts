import { z } from 'zod';
import { LIMITS } from '@civicpulse/shared';

/** `?limit=&cursor=`: both optional; without limit a list answers whole, as the spec's clients expect. */
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).optional(),
  cursor: z.string().max(200).optional(),
});

export function encodeCursor(parts: Array<string | number>): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): Array<string | number> | null {
  if (!cursor) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return Array.isArray(parsed) && parsed.every((p) => typeof p === 'string' || typeof p === 'number') ? parsed : null;
  } catch {
    return null;
  }
}
