/** Moderation request bodies (zod). The texts and constants are in moderationUi.ts. */
import { z } from 'zod';
import { FLAG_KINDS, FLAG_REASONS, MODERATION_ACTIONS, MODERATION_FILTERS, MODERATION_LIMITS, MODERATION_TEXTS } from './moderationUi.js';

const id = z.string().min(1).max(64);

export const flagBody = z.object({
  kind: z.enum(FLAG_KINDS, { error: MODERATION_TEXTS.kindInvalid }),
  id: z.string({ error: MODERATION_TEXTS.notFound }).min(1, MODERATION_TEXTS.notFound).max(64, MODERATION_TEXTS.notFound),
  reason: z.enum(FLAG_REASONS, { error: MODERATION_TEXTS.reasonInvalid }),
});
export type FlagBody = z.infer<typeof flagBody>;

const itemRef = z.object({ kind: z.enum(['post', 'comment', 'chat'], { error: MODERATION_TEXTS.itemsInvalid }), id });

export const moderateBody = z.object({
  action: z.enum(MODERATION_ACTIONS, { error: MODERATION_TEXTS.actionInvalid }),
  items: z.array(itemRef, { error: MODERATION_TEXTS.itemsInvalid }).min(1, MODERATION_TEXTS.itemsInvalid).max(MODERATION_LIMITS.bulkMax, MODERATION_TEXTS.itemsInvalid),
});
export type ModerateBody = z.infer<typeof moderateBody>;

export const moderationQuery = z.object({
  status: z.enum(MODERATION_FILTERS, { error: MODERATION_TEXTS.actionInvalid }).default('pending'),
  cursor: z.string().max(200).optional(),
});

export const suspendBody = z.object({
  days: z.coerce.number({ error: MODERATION_TEXTS.daysInvalid }).int(MODERATION_TEXTS.daysInvalid).min(1, MODERATION_TEXTS.daysInvalid).max(MODERATION_LIMITS.suspendDaysMax, MODERATION_TEXTS.daysInvalid),
  reason: z
    .string({ error: MODERATION_TEXTS.reasonRequired })
    .trim()
    .min(1, MODERATION_TEXTS.reasonRequired)
    .max(MODERATION_LIMITS.reasonMaxChars, MODERATION_TEXTS.reasonTooLong),
});

export const reviewBody = z.object({
  kind: z.enum(FLAG_KINDS, { error: MODERATION_TEXTS.kindInvalid }),
  id,
  note: z.string().max(MODERATION_LIMITS.noteMaxChars, MODERATION_TEXTS.noteTooLong).optional(),
});

const moderationItem = z.object({
  kind: z.enum(['post', 'comment', 'chat']),
  shownKind: z.enum(FLAG_KINDS),
  id: z.string(),
  postId: z.string().nullable(),
  excerpt: z.string(),
  status: z.enum(['pending', 'hidden', 'dismissed', 'deleted']),
  flagCount: z.number(),
  reasons: z.object({ spam: z.number(), abusive: z.number(), personal: z.number(), notCivic: z.number() }),
  firstFlaggedAt: z.string(),
  hiddenBy: z.enum(['flags', 'moderator']).nullable(),
  reviewRequestedAt: z.string().nullable(),
  reviewNote: z.string().nullable(),
  author: z.object({ _id: z.string(), name: z.string(), role: z.string(), suspendedUntil: z.string().nullable() }).nullable(),
});
export const moderationPageAnswer = z.object({ items: z.array(moderationItem), nextCursor: z.string().nullable() });
export const moderateAnswer = z.object({ message: z.string(), done: z.number() });
export const suspendAnswer = z.object({ message: z.string(), suspendedUntil: z.string() });
export const noticeQuery = z.object({ kind: z.enum(FLAG_KINDS, { error: MODERATION_TEXTS.kindInvalid }), id });
export const noticeAnswer = z.object({
  excerpt: z.string(),
  notice: z.object({ hiddenBy: z.enum(['flags', 'moderator']), reasons: z.array(z.enum(FLAG_REASONS)), reviewRequestedAt: z.string().nullable() }).nullable(),
});
