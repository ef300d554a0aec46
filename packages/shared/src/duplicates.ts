/** Duplicate reports over the wire (texts in duplicatesUi.ts, which the web app loads without zod). */
import { z } from 'zod';
import { DUPLICATE_LIMITS, DUPLICATE_TEXTS } from './duplicatesUi.js';

/** `POST /api/posts/post/{id}/duplicate`: the original, by reference number, link or id. */
export const markDuplicateBody = z.object({
  originalId: z
    .string({ error: DUPLICATE_TEXTS.originalRequired })
    .trim()
    .min(1, DUPLICATE_TEXTS.originalRequired)
    .max(DUPLICATE_LIMITS.originalMaxChars, DUPLICATE_TEXTS.originalTooLong),
});
export type MarkDuplicateBody = z.infer<typeof markDuplicateBody>;

/** A report's original, on a duplicate only (an addition to Post). */
export const duplicateOfSchema = z.object({ _id: z.string(), reference: z.string() });
