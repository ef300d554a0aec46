/**
 * Row types as the repositories answer them, beside the table types they are made of (db/types.ts).
 * Every module imports rows from here, never from another module's repository.
 */
import type { Insertable, Selectable } from 'kysely';
import type { Category, CurrentState, Priority, ProgressState, Role, RoutableReport, VoteType } from '@civicpulse/shared';
import type { AccountTable, CommentTable, PostImageTable, PostTable, ProgressHistoryTable } from './types.js';

export type AccountRow = Selectable<AccountTable>;
export type NewAccount = Insertable<AccountTable>;

/** A post with its author's public columns (posts CROSS JOIN accounts, see PostsRepo). */
export type PostRow = Selectable<PostTable> & {
  author_name: string;
  author_email: string;
  author_role: Role;
  author_photo: string | null;
};
export type ImageRow = Selectable<PostImageTable>;
export type CommentRow = Omit<Selectable<CommentTable>, 'hidden_at'> & { hidden_at?: string | null };
/**
 * A comment as read for presenting: with whether its author is a department still pending verification,
 * read from accounts at read time so the mark goes away the moment an admin verifies.
 */
export type ListedCommentRow = CommentRow & { author_pending: boolean };
export type VoteRow = { post_id: string; account_id: string; type: VoteType };
export type HistoryRow = Selectable<ProgressHistoryTable>;

/** A report in the admin's CSV/GeoJSON export, with its department's name. */
export interface ExportRow {
  id: string;
  reference: string;
  caption: string;
  priority: Priority;
  progress_state: ProgressState;
  current_state: string;
  state: string;
  address: string;
  landmark: string;
  pincode: string;
  lat: number;
  lng: number;
  upvote_count: number;
  downvote_count: number;
  comment_count: number;
  created_at: string;
  resolved_at: string | null;
  assigned_government: string | null;
  department_name: string | null;
}

/** A report in the public, anonymised open data export. */
export interface OpenDataRow {
  id: string;
  created_at: string;
  category: Category;
  caption: string;
  priority: Priority;
  progress_state: ProgressState;
  finished: number;
  state: string;
  city: string;
  pincode: string;
  lat: number;
  lng: number;
  department_name: string | null;
  upvote_count: number;
  downvote_count: number;
  comment_count: number;
  resolved_at: string | null;
}

/** A report as an Open311 service request. */
export interface RequestRow {
  id: string;
  reference: string;
  caption: string;
  category: Category;
  progress_state: ProgressState;
  finished: number;
  address: string;
  pincode: string;
  lat: number;
  lng: number;
  created_at: string;
  updated_at: string;
  department_name: string | null;
}

/** A report's service-level columns, as the sweeper and the recompute read them. */
export interface SlaRow {
  id: string;
  caption: string;
  created_at: string;
  progress_state: ProgressState;
  assigned_government: string | null;
  response_due_at: string | null;
  resolution_due_at: string | null;
  sla_stage: number;
  sla_next_at: string | null;
}

/** An open, unassigned report with what routing matches it on. */
export type OpenPostRow = RoutableReport & { id: string };

/** One of the caller's own reports, as the assistant describes it. */
export interface OwnPost {
  id: string;
  caption: string;
  progress_state: ProgressState;
  current_state: CurrentState;
  department: string | null;
}
