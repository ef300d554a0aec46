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

export const ADMIN_TEXTS = {
  heading: 'Hello Admin',
  panelTitle: 'Admin Panel',
  userNotFound: 'User not found',
  cannotDeleteSelf: 'You cannot delete your own account',
  lastAdmin: 'The last admin account cannot be deleted',
  /** The system account that holds deleted accounts' resolved reports (anonymised). */
  formerResidentsKept: "This account holds the resolved reports of deleted accounts, so it cannot be deleted",
  governmentRevoked: 'Government verification revoked',
  notVerified: 'Government account is not verified',
  reasonRequired: 'Please give a reason',
  reasonTooLong: 'The reason must be at most 500 characters',
  invalidBbox: 'bbox must be minLng,minLat,maxLng,maxLat',
  invalidRole: 'role must be user, government or admin',
  invalidStatus: 'status must be pending or verified',
  invalidProgress: 'Unknown progress state',
  proofNotFound: 'Proof document not found',
  // Spec 8's toasts of the admin screens.
  fetchUsersFailed: 'Failed to fetch users',
  deleteUserFailed: 'Failed to delete user',
  fetchGovernmentsFailed: 'Failed to fetch governments',
  verifyGovernmentFailed: 'Failed to verify government',
  deleteGovernmentFailed: 'Failed to delete government',
  revokeGovernmentFailed: 'Failed to revoke verification',
  fetchStatsFailed: 'Failed to load statistics',
  fetchAuditFailed: 'Failed to load the audit log',
  deletePostFailed: 'Failed to delete post',
} as const;

export const ADMIN_LIMITS = {
  reasonMaxChars: 500,
  searchMaxChars: 100,
  /** Reports per day are shown for this many days, today included. */
  statsDays: 90,
  /** Per-department times are given for this many departments, most resolved first. */
  statsDepartments: 20,
  /** Departments in the "top by resolved" list. */
  topDepartments: 10,
  /** A heatmap answer holds at most this many cells: the grid level is chosen to fit the box. */
  heatmapMaxCells: 2500,
  /** Rows read per batch while an export streams. */
  exportBatch: 1000,
} as const;

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
export const auditQuery = pageQuery.pick({ limit: true, cursor: true });
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

export const AUDIT_ACTIONS = [
  'verifyGovernment',
  'unverifyGovernment',
  'deleteUser',
  'deleteGovernment',
  'deletePost',
  'deleteComment',
  'deleteReply',
  'editServiceLevel',
  'issueApiKey',
  'revokeApiKey',
  'editJurisdiction',
  'redactPhoto',
  'editCategory',
  'hideContent',
  'restoreContent',
  'dismissFlags',
  'suspendAccount',
  'unsuspendAccount',
  'deleteChatMessage',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  verifyGovernment: 'Verified department',
  unverifyGovernment: 'Revoked verification',
  deleteUser: 'Deleted user',
  deleteGovernment: 'Deleted department',
  deletePost: 'Deleted post',
  deleteComment: 'Deleted comment',
  deleteReply: 'Deleted reply',
  editServiceLevel: 'Changed service level',
  issueApiKey: 'Issued Open311 API key',
  revokeApiKey: 'Revoked Open311 API key',
  editJurisdiction: 'Edited department jurisdiction',
  redactPhoto: 'Blurred parts of a photo',
  editCategory: 'Changed a category setting',
  hideContent: 'Hid content',
  restoreContent: 'Restored content',
  dismissFlags: 'Dismissed flags',
  suspendAccount: 'Suspended account',
  unsuspendAccount: 'Lifted suspension',
  deleteChatMessage: 'Deleted chat message',
};

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

/** A duration in hours as people say it: minutes under an hour, hours under two days, then days. */
export function formatHours(hours: number | null): string {
  if (hours === null) return '—';
  if (hours === 0) return '0';
  if (hours < 1) return `${Math.max(1, Math.round(hours * 60))} min`;
  if (hours < 48) return `${Math.round(hours * 10) / 10} h`;
  return `${Math.round((hours / 24) * 10) / 10} days`;
}

/** Texts of the admin screens (spec 2.13 names the screens; the rest is ours). */
export const ADMIN_UI = {
  homeIntro: 'Keep CivicPulse trustworthy: moderate posts, manage accounts, verify departments and watch how the city is doing.',
  statCards: {
    posts: 'Reports',
    open: 'Open',
    resolved: 'Resolved',
    users: 'Citizens',
    governments: 'Departments',
    pendingGovernments: 'Awaiting verification',
  },
  reportsPerDay: 'Reports per day (last 90 days)',
  reported: 'Reported',
  resolvedSeries: 'Resolved',
  byState: 'Reports by state',
  byProgress: 'Reports by progress',
  timeToResolve: 'Time to take over and to finish, per department (median hours)',
  takeOver: 'Take-over',
  finish: 'Finished',
  overallTimes: (take: number | null, finish: number | null) =>
    `Median time to take-over: ${formatHours(take)} · median time to Finished: ${formatHours(finish)}`,
  stale: 'Open for too long',
  over7: 'Over 7 days',
  over30: 'Over 30 days',
  topDepartments: 'Most resolved',
  heatmap: 'Open reports on the map',
  heatmapHint: 'Each circle is a grid cell; its size and colour grow with the open reports in it. Zoom in for finer cells.',
  heatmapCell: (n: number) => `${n} open report${n === 1 ? '' : 's'}`,
  exportCsv: 'Export CSV',
  exportGeoJson: 'Export GeoJSON',
  exporting: 'Preparing…',
  exportFailed: 'Export failed',
  noData: 'No reports yet.',
  chartsLoading: 'Loading charts…',
  search: 'Search',
  searchPosts: 'Search captions or reference numbers',
  searchingOlder: 'Searching older posts…',
  searchUsers: 'Search name or email',
  searchGovernments: 'Search department, email or city',
  priority: 'Priority',
  progress: 'Progress',
  role: 'Role',
  status: 'Status',
  all: 'All',
  allRoles: 'All roles',
  pending: 'Pending',
  verified: 'Verified',
  pendingVerification: 'Pending Verification',
  roleNames: { user: 'Citizen', government: 'Department', admin: 'Admin' } as Record<'user' | 'government' | 'admin', string>,
  deletePost: 'Delete post',
  deletePostTitle: 'Delete this post?',
  deletePostBody: (comments: number, upvotes: number, downvotes: number) =>
    `The report, its photos, ${comments} comment${comments === 1 ? '' : 's'} with their replies, ${upvotes + downvotes} vote${upvotes + downvotes === 1 ? '' : 's'} and its progress history are removed for good.`,
  deleteUser: 'Delete',
  deleteUserTitle: (name: string) => `Delete ${name}?`,
  deleteUserBody: (reports: number) =>
    `The account, its ${reports} report${reports === 1 ? '' : 's'} with their photos, and every vote, comment and reply it made are removed for good. Counts on other reports are corrected.`,
  deleteGovernmentTitle: (name: string) => `Delete ${name}?`,
  deleteGovernmentBody:
    'The department account and its proof document are removed. Reports it was working on go back to Open for another department; its final-update photos are removed.',
  deleting: 'Deleting…',
  verify: 'Verify',
  verifying: 'Verifying…',
  revoke: 'Revoke',
  revokeTitle: (name: string) => `Revoke verification of ${name}?`,
  revokeBody: 'The department keeps the reports it holds but cannot move them until it is verified again. The reason is kept in the audit log.',
  reason: 'Reason',
  revoking: 'Revoking…',
  revokedBecause: (reason: string) => `Verification revoked: ${reason}`,
  viewProof: 'View proof document',
  proofTitle: (name: string) => `Proof document of ${name}`,
  proofLoading: 'Loading document…',
  proofFailed: 'The proof document could not be loaded.',
  openPdf: 'Open PDF in a new tab',
  download: 'Download',
  close: 'Close',
  noProof: 'No proof document',
  viewProfile: 'View profile',
  joined: 'Joined',
  reports: 'Reports',
  resolvedCount: 'Resolved',
  you: '(you)',
  emptyPosts: 'No posts match these filters.',
  emptyUsers: 'No accounts match this search.',
  emptyGovernments: 'No departments match this search.',
  emptyAudit: 'No admin actions yet.',
  loadMore: 'Load more',
  loadingMore: 'Loading…',
  retry: 'Try again',
  auditTitle: 'Audit Log',
  auditIntro: 'Every verification, revocation and deletion an admin made, newest first.',
  auditBy: (name: string) => `by ${name}`,
  /** What each audit action reads as (AUDIT_ACTION_LABELS, per language). */
  auditActions: AUDIT_ACTION_LABELS,
  /** A duration in hours as people say it (formatHours, per language). */
  hours: (hours: number | null) => formatHours(hours),
  manageGovernmentIntro: 'Departments awaiting verification come first. Check the proof document, then verify, revoke or delete.',
  manageUsersIntro: 'Every account on CivicPulse. Deleting one removes its reports, votes and comments.',
  managePostsIntro: 'Every report. Open the comments to remove any comment or reply.',
} as const;
