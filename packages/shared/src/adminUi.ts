/**
 * The admin console's texts and limits (see admin.ts for its answer shapes and queries). No zod here:
 * the texts' Hindi (i18n/hi) and the admin screens load these without the schemas.
 */

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

/** Steps a duration chart's axis may take, in hours: whole minutes, hours, days, weeks, months, years. */
const DURATION_STEPS_HOURS = [1 / 60, 2 / 60, 5 / 60, 10 / 60, 15 / 60, 0.5, 1, 2, 3, 6, 12, 24, 48, 72, 168, 336, 720, 1440, 2160, 4320, 8760];

/**
 * The ticks (in hours, from 0) of a chart axis of durations up to `maxHours`: at most `most`, a round
 * step apart (1, 2, 5, 10, 15 or 30 minutes, 1 to 12 hours, days, weeks, months), the last at or above
 * the maximum. Each reads differently through formatHours, which rounds to whole minutes under an hour:
 * an axis left to the chart library put 0.005, 0.01, 0.015… hours there and read "1 min" four times.
 */
export function durationTicks(maxHours: number, most = 5): number[] {
  const top = Number.isFinite(maxHours) && maxHours > 1 / 60 ? maxHours : 1 / 60;
  const spans = Math.max(1, most - 1);
  const step = DURATION_STEPS_HOURS.find((s) => top / s <= spans + 1e-9) ?? Math.ceil(top / spans / 8760) * 8760;
  const count = Math.ceil(top / step - 1e-9);
  return Array.from({ length: count + 1 }, (_, i) => i * step);
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
