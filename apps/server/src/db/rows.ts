/**
 * Row types as the repositories answer them, beside the table types they are made of (db/types.ts).
 * Every module imports rows from here, never from another module's repository.
 */
import type { Insertable, Selectable } from 'kysely';
import type { Role, VoteType } from '@civicpulse/shared';
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
export type CommentRow = Selectable<CommentTable>;
/**
 * A comment as read for presenting: with whether its author is a department still pending verification,
 * read from accounts at read time so the mark goes away the moment an admin verifies.
 */
export type ListedCommentRow = CommentRow & { author_pending: boolean };
export type VoteRow = { post_id: string; account_id: string; type: VoteType };
export type HistoryRow = Selectable<ProgressHistoryTable>;
