/** Photo redaction (see redactionUi.ts): the route's body and answer. */
import { z } from 'zod';
import { REDACTION_LIMITS, REDACTION_TEXTS } from './redactionUi.js';
import { postImage } from './posts.js';

const fraction = z.number({ error: REDACTION_TEXTS.boxInvalid }).finite({ error: REDACTION_TEXTS.boxInvalid }).min(0, REDACTION_TEXTS.boxInvalid).max(1, REDACTION_TEXTS.boxInvalid);

/** One box, as fractions of the photo; it must lie inside it and be big enough to be a real box. */
export const redactionBox = z
  .object({ x: fraction, y: fraction, w: fraction, h: fraction }, { error: REDACTION_TEXTS.boxInvalid })
  .refine((b) => b.w >= REDACTION_LIMITS.minSide && b.h >= REDACTION_LIMITS.minSide && b.x + b.w <= 1.000001 && b.y + b.h <= 1.000001, { message: REDACTION_TEXTS.boxInvalid });
export type RedactionBox = z.infer<typeof redactionBox>;

export const redactionBody = z.object({
  boxes: z
    .array(redactionBox, { error: REDACTION_TEXTS.boxesRequired })
    .min(1, REDACTION_TEXTS.boxesRequired)
    .max(REDACTION_LIMITS.maxBoxes, REDACTION_TEXTS.tooManyBoxes),
});

export const redactionParams = z.object({ id: z.string().min(1).max(64), imageId: z.string().min(1).max(64) });

/** The blurred photo under its new URLs (the old ones answer 404 from now on). */
export const redactionAnswer = z.object({ message: z.string(), image: postImage });
