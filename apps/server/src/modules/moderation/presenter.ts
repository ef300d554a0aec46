import type { ModerationItem } from '@civicpulse/shared';
import type { QueueRow } from './repo.js';

/** One queue row as the moderators' page shows it (the author's name and suspension, never their contact details). */
export function presentQueueItem(row: QueueRow): ModerationItem {
  return {
    kind: row.item_kind,
    shownKind: row.shown_kind,
    id: row.item_id,
    postId: row.post_id,
    excerpt: row.excerpt,
    status: row.status,
    flagCount: Number(row.flag_count),
    reasons: { spam: Number(row.spam), abusive: Number(row.abusive), personal: Number(row.personal), notCivic: Number(row.not_civic) },
    firstFlaggedAt: row.first_flagged_at,
    hiddenBy: row.hidden_by,
    reviewRequestedAt: row.review_requested_at,
    reviewNote: row.review_note,
    author: row.author_id && row.author_name !== null ? { _id: row.author_id, name: row.author_name, role: row.author_role ?? 'user', suspendedUntil: row.author_suspended_until } : null,
  };
}
