/**
 * The admin console (issue 11): answer shapes, queries, texts and the pure rules both sides use.
 * The spec's answers (`{ users }`, `{ governments }`, `{ message }`) are kept; everything else is an
 * addition (API-CONTRACT: additions are backwards compatible).
 */
import { z } from 'zod';
import { PRIORITIES } from './constants.js';
import { PROGRESS_ORDER as PROGRESS_STATES, type ProgressState } from './progress.js';
import { pageQuery } from './schemas.js';
import { listQuery } from './posts.js';
import { ADMIN_LIMITS, ADMIN_TEXTS, AUDIT_ACTIONS } from './adminUi.js';

export { ADMIN_LIMITS, ADMIN_TEXTS, ADMIN_UI, AUDIT_ACTION_LABELS, AUDIT_ACTIONS, durationTicks, formatHours, type AuditAction } from './adminUi.js';

const reason = z
  .string({ error: ADMIN_TEXTS.reasonRequired })
  .trim()
  .min(1, ADMIN_TEXTS.reasonRequired)
  .max(ADMIN_LIMITS.reasonMaxChars, ADMIN_TEXTS.reasonTooLong);

/** Revoking a department's verification needs a reason: it is kept in the audit log and shown to the admins. */
export const unverifyBody = z.object({ reason });
/** Deletions may carry a reason for the audit log; the spec's client sends none. */
export const deleteBody = z.object({ reason: reason.optional() }).nullish();

const search = z.string().max(ADMIN_LIMITS.searchMaxChars, `q must be at most ${ADMIN_LIMITS.searchMaxChars} characters`).optional();

export const adminUsersQuery = pageQuery.pick({ limit: true, cursor: true }).extend({
  q: search,
  role: z.enum(['user', 'government', 'admin'], { error: ADMIN_TEXTS.invalidRole }).optional(),
});
export const adminGovernmentsQuery = pageQuery.pick({ limit: true, cursor: true }).extend({
  q: search,
  status: z.enum(['pending', 'verified'], { error: ADMIN_TEXTS.invalidStatus }).optional(),
});
/** The audit log, newest first; `actor`: only that account's actions (an admin's id, e.g. the caller's own). */
export const auditQuery = pageQuery.pick({ limit: true, cursor: true }).extend({ actor: z.string().max(64).optional() });
/** Manage Posts: the list's sort and filters, plus text in the caption and one progress state. */
export const adminPostsQuery = listQuery.extend({ q: search, progress: z.string().max(40).optional() });
export const exportQuery = z.object({ priority: z.string().max(20).optional(), progress: z.string().max(40).optional() });

export const adminUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['user', 'government', 'admin']),
  createdAt: z.string(),
  postCount: z.number(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersAnswer = z.object({ users: z.array(adminUserSchema), nextCursor: z.string().nullable().optional() });

export const adminGovernmentSchema = z.object({
  _id: z.string(),
  authorityName: z.string(),
  department: z.string().nullable(),
  email: z.string(),
  officialEmail: z.string(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  isVerified: z.boolean(),
  createdAt: z.string(),
  resolvedIssuesCount: z.number(),
  /** Opens only with an admin's (or the department's own) token: `GET /api/gov/proofDocument/{id}`. */
  proofDocumentUrl: z.string().nullable(),
  proofDocumentType: z.string().nullable(),
  /** Why an admin last revoked the verification, while it stays revoked. */
  revokedReason: z.string().nullable(),
  role: z.literal('government'),
});
export type AdminGovernment = z.infer<typeof adminGovernmentSchema>;
export const adminGovernmentsAnswer = z.object({
  governments: z.array(adminGovernmentSchema),
  nextCursor: z.string().nullable().optional(),
});

export const auditEntrySchema = z.object({
  _id: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.enum(['user', 'government', 'admin', 'post', 'comment', 'reply', 'chat', 'serviceLevel', 'apiKey', 'category']),
  targetId: z.string(),
  /** What the target was called when the action happened (a deleted account's name and email). */
  targetLabel: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditAnswer = z.object({ entries: z.array(auditEntrySchema), nextCursor: z.string().nullable() });
/** The signed-in admin's own account, for the admin's Profile screen. */
export const adminMeAnswer = z.object({ _id: z.string(), name: z.string(), email: z.string(), role: z.literal('admin'), createdAt: z.string() });
export type AdminMe = z.infer<typeof adminMeAnswer>;

const timing = z.object({ count: z.number(), medianHours: z.number().nullable(), p90Hours: z.number().nullable() });
export type Timing = z.infer<typeof timing>;

export const statsAnswer = z.object({
  totals: z.object({
    posts: z.number(),
    open: z.number(),
    resolved: z.number(),
    users: z.number(),
    governments: z.number(),
    pendingGovernments: z.number(),
  }),
  byProgress: z.array(z.object({ progressState: z.enum(PROGRESS_STATES), count: z.number() })),
  byPriority: z.array(z.object({ priority: z.enum(PRIORITIES), count: z.number() })),
  byState: z.array(z.object({ state: z.string(), count: z.number() })),
  /** The last statsDays days (UTC), oldest first, every day present. */
  perDay: z.array(z.object({ day: z.string(), reported: z.number(), resolved: z.number() })),
  timeToTakeOver: timing,
  timeToFinish: timing,
  byDepartment: z.array(
    z.object({ _id: z.string(), authorityName: z.string(), resolved: z.number(), takeOver: timing, finish: timing }),
  ),
  /** Open reports per priority created more than 7 and more than 30 days ago. */
  stale: z.array(z.object({ priority: z.enum(PRIORITIES), over7Days: z.number(), over30Days: z.number() })),
  topDepartments: z.array(z.object({ _id: z.string(), authorityName: z.string(), resolvedIssuesCount: z.number() })),
  generatedAt: z.string(),
});
export type AdminStats = z.infer<typeof statsAnswer>;

export const heatmapQuery = z.object({ bbox: z.string().max(200).optional() });
export const heatmapAnswer = z.object({
  /** Cell edge in degrees: 1, 0.1 or 0.01, the finest whose cells in the box fit heatmapMaxCells. */
  cellSize: z.number(),
  cells: z.array(z.object({ lat: z.number(), lng: z.number(), count: z.number() })),
});
export type Heatmap = z.infer<typeof heatmapAnswer>;

export interface Bbox {
  minLng: number;
  minLat: number;
  maxLng: number;
  maxLat: number;
}

/** `minLng,minLat,maxLng,maxLat` (GeoJSON's order); null when it is not four numbers in range with min <= max. */
export function parseBbox(text: string | undefined): Bbox | null {
  if (text === undefined || text === '') return { minLng: -180, minLat: -90, maxLng: 180, maxLat: 90 };
  const parts = text.split(',');
  if (parts.length !== 4 || parts.some((p) => !/^\s*-?\d+(\.\d+)?\s*$/.test(p))) return null;
  const [minLng, minLat, maxLng, maxLat] = parts.map(Number) as [number, number, number, number];
  const lngOk = (v: number) => v >= -180 && v <= 180;
  const latOk = (v: number) => v >= -90 && v <= 90;
  if (![minLng, maxLng].every(lngOk) || ![minLat, maxLat].every(latOk)) return null;
  if (minLng > maxLng || minLat > maxLat) return null;
  return { minLng, minLat, maxLng, maxLat };
}

/** Heatmap grid levels: cells of 1°, 0.1° and 0.01° (about 110 km, 11 km and 1.1 km). */
export const HEATMAP_SCALES = [1, 10, 100] as const;

/** The finest level whose cells covering the box number at most `maxCells` (the admin heatmap's by default). */
export function heatmapLevel(box: Bbox, maxCells: number = ADMIN_LIMITS.heatmapMaxCells): number {
  let level = 0;
  HEATMAP_SCALES.forEach((scale, i) => {
    const cells = (Math.floor(box.maxLng * scale) - Math.floor(box.minLng * scale) + 1) * (Math.floor(box.maxLat * scale) - Math.floor(box.minLat * scale) + 1);
    if (cells <= maxCells) level = i;
  });
  return level;
}

/**
 * Durations are kept as log-scale buckets (10% wide) so a median over a million reports is a walk
 * over about a hundred kept counters. Bucket b holds durations whose minutes m satisfy
 * 1.1^b <= m + 1 < 1.1^(b+1).
 */
const BUCKET_GROWTH = 1.1;
export function durationBucket(ms: number): number {
  const minutes = Math.max(0, ms) / 60_000;
  return Math.floor(Math.log(minutes + 1) / Math.log(BUCKET_GROWTH));
}
/** The bounds of a bucket in hours: [low, high). */
export function bucketBounds(bucket: number): [number, number] {
  return [(BUCKET_GROWTH ** bucket - 1) / 60, (BUCKET_GROWTH ** (bucket + 1) - 1) / 60];
}

/**
 * The value at quantile q (0..1) of a bucketed distribution, as the geometric middle of the bucket
 * it falls in (within 5% of the exact value), in hours to three decimals (under a minute shows); null when empty.
 */
export function bucketQuantile(buckets: ReadonlyArray<{ bucket: number; n: number }>, q: number): number | null {
  const sorted = [...buckets].filter((b) => b.n > 0).sort((a, b) => a.bucket - b.bucket);
  const total = sorted.reduce((s, b) => s + b.n, 0);
  if (total === 0) return null;
  // The smallest value with at least q of the values at or below it (nearest rank).
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (const b of sorted) {
    seen += b.n;
    if (seen >= rank) {
      const [low, high] = bucketBounds(b.bucket);
      const mid = low === 0 ? high / 2 : Math.sqrt(low * high);
      return Math.round(mid * 1000) / 1000;
    }
  }
  return null;
}

/** Query values of the admin posts filter (the spec's admin words, or the citizen words). */
export function parseProgressFilter(value: string | undefined): ProgressState | undefined | null {
  if (value === undefined || value === '' || value === 'all') return undefined;
  return (PROGRESS_STATES as readonly string[]).includes(value) ? (value as ProgressState) : null;
}
