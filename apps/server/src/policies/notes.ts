/** Internal notes: the department a report is assigned to, and admins; nobody else reads or writes them. */
import { INTERNAL_NOTES_TEXTS } from '@civicpulse/shared';
import { forbidden } from '../lib/errors.js';
import type { Role } from '@civicpulse/shared';
import { departmentOf, type Rule } from './rule.js';

export interface NoteSubject {
  assigned_government: string | null;
}

const STAFF: readonly Role[] = ['government', 'admin'];

export const noteRules = {
  'note.internal': {
    roles: STAFF,
    check: (actor, { post }) => (actor.role === 'admin' || (actor.role === 'government' && post.assigned_government === departmentOf(actor)) ? null : forbidden(INTERNAL_NOTES_TEXTS.notYours)),
  } satisfies Rule<{ post: NoteSubject }>,
};
