import { NAMES, progressLabel, statusLabel, type AdminGovernment, type AdminMe, type AdminUser, type AuditEntry, type CurrentState, type ProgressState } from '@civicpulse/shared';
import type { AccountRow, ExportRow } from '../../db/rows.js';
import { proofDocumentUrl } from '../../lib/urls.js';
import type { AuditRow } from './repo.js';

export function presentAdminUser(row: AccountRow): AdminUser {
  return { _id: row.id, name: row.name, email: row.email, role: row.role, createdAt: row.created_at, postCount: Number(row.post_count) };
}

export function presentAdminGovernment(row: AccountRow, origin: string): AdminGovernment {
  return {
    _id: row.id,
    authorityName: row.name,
    department: row.department,
    email: row.email,
    officialEmail: row.email,
    phone: row.phone,
    city: row.city,
    isVerified: row.is_verified === 1,
    createdAt: row.created_at,
    resolvedIssuesCount: Number(row.resolved_issues_count),
    proofDocumentUrl: row.proof_doc_key ? proofDocumentUrl(origin, row.id) : null,
    proofDocumentType: row.proof_doc_key ? row.proof_doc_type : null,
    revokedReason: row.is_verified === 1 ? null : row.revoked_reason,
    role: 'government',
  };
}

/** The admin's own account (its Profile screen); the row is the signed-in admin's. */
export function presentAdminMe(row: AccountRow): AdminMe {
  return { _id: row.id, name: row.name, email: row.email, role: 'admin', createdAt: row.created_at };
}

export function presentAuditEntry(row: AuditRow): AuditEntry {
  return {
    _id: row.id,
    actorId: row.actor_id,
    actorName: row.actor_name,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    targetLabel: row.target_label,
    reason: row.reason,
    createdAt: row.created_at,
  };
}

export const EXPORT_COLUMNS = [
  'id',
  'createdAt',
  'caption',
  'priority',
  'progressState',
  'currentState',
  'state',
  'address',
  'landmark',
  'pincode',
  'lat',
  'lng',
  'upvotes',
  'downvotes',
  'comments',
  'departmentId',
  'departmentName',
  'resolvedAt',
  // Last, so the columns before it keep their places for readers that go by position.
  'reference',
] as const;

function exportValues(row: ExportRow): Array<string | number | null> {
  return [
    row.id,
    row.created_at,
    row.caption,
    row.priority,
    row.progress_state,
    row.current_state,
    row.state,
    row.address,
    row.landmark,
    row.pincode,
    Number(row.lat),
    Number(row.lng),
    Number(row.upvote_count),
    Number(row.downvote_count),
    Number(row.comment_count),
    row.assigned_government,
    row.department_name,
    row.resolved_at,
    row.reference,
  ];
}

/**
 * RFC 4180 field: quoted when it holds a quote, comma or line break. A text a citizen typed that
 * starts with = + - @ (or a tab/CR) gets a leading apostrophe, so a spreadsheet shows it instead of
 * running it as a formula (CSV injection).
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The display names the CSV prints (`NAMES` or its Hindi twin, by the request's Accept-Language). */
export type ExportNames = Pick<typeof NAMES, 'progress' | 'currentStates'>;

/**
 * A CSV row is read by people in a spreadsheet, so its progressState and currentState columns carry
 * the words the screens show (progressLabel / statusLabel: an untouched report reads "Open", not
 * "Unseen" / "In Progress"), in the requester's language. The GeoJSON export and its `progress`
 * filter keep the English wire values (API-CONTRACT), as machine-read data.
 */
export function csvLine(row: ExportRow, names: ExportNames = NAMES): string {
  const values = exportValues(row);
  const progress = row.progress_state as ProgressState;
  const status = statusLabel({ progressState: progress, currentState: row.current_state as CurrentState }) as keyof ExportNames['currentStates'];
  values[4] = names.progress[progress] ?? progressLabel(progress);
  values[5] = names.currentStates[status] ?? status;
  return `${values.map(csvField).join(',')}\r\n`;
}

export const CSV_HEADER = `${EXPORT_COLUMNS.join(',')}\r\n`;

/** One GeoJSON Feature (RFC 7946: coordinates are [longitude, latitude]). */
export function geoJsonFeature(row: ExportRow): string {
  const values = exportValues(row);
  const properties = Object.fromEntries(EXPORT_COLUMNS.map((c, i) => [c, values[i]]).filter(([c]) => c !== 'lat' && c !== 'lng'));
  return JSON.stringify({ type: 'Feature', geometry: { type: 'Point', coordinates: [Number(row.lng), Number(row.lat)] }, properties });
}
