/** Internal notes on a report (see internalNotesUi.ts): the routes' bodies and answers. */
import { z } from 'zod';
import { ROLES } from './constants.js';
import { INTERNAL_NOTES_TEXTS } from './internalNotesUi.js';

export const INTERNAL_NOTE_LIMITS = { bodyMaxChars: 2000, pageSize: 20 } as const;

export const internalNoteBody = z.object({
  body: z
    .string({ error: INTERNAL_NOTES_TEXTS.bodyRequired })
    .trim()
    .min(1, INTERNAL_NOTES_TEXTS.bodyRequired)
    .max(INTERNAL_NOTE_LIMITS.bodyMaxChars, INTERNAL_NOTES_TEXTS.bodyTooLong),
});

export const internalNoteSchema = z.object({
  _id: z.string(),
  body: z.string(),
  /** Who wrote it as it was then (an account deleted since keeps its name here, with a null id). */
  author: z.object({ _id: z.string().nullable(), name: z.string(), role: z.enum(ROLES) }),
  createdAt: z.string(),
});
export type InternalNote = z.infer<typeof internalNoteSchema>;

export const internalNotesQuery = z.object({ cursor: z.string().max(300).optional() });
/** Newest first, INTERNAL_NOTE_LIMITS.pageSize a page. */
export const internalNotesAnswer = z.object({ notes: z.array(internalNoteSchema), nextCursor: z.string().nullable() });
export const internalNoteAnswer = z.object({ note: internalNoteSchema, message: z.string() });
