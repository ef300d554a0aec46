/** Rows → the contract's InternalNote. */
import type { InternalNote } from '@civicpulse/shared';
import type { NoteRow } from './repo.js';

export function presentNote(row: NoteRow): InternalNote {
  return { _id: row.id, body: row.body, author: { _id: row.author_id, name: row.author_name, role: row.author_role }, createdAt: row.created_at };
}
