/**
 * Duplicate reports: who may mark a report as a duplicate of another, and take the mark back. An admin,
 * or a verified department (its head or a member, `departmentOf`) that one of the two reports is
 * assigned to: the department that holds the duplicate, or the one that holds the original and finds
 * its problem reported again. Then the state: no chains (the original is no duplicate, the duplicate
 * has none of its own), nothing finished. Pure, like every rule here; the repository checks the same
 * again in the write's transaction, so a race turns into a clean 409.
 */
import { DUPLICATE_TEXTS, PROGRESS_TEXTS, type ProgressState } from '@civicpulse/shared';
import { badRequest, conflict, forbidden, type HttpError } from '../lib/errors.js';
import { ADMIN, GOVERNMENT, departmentOf, type Actor, type Rule } from './rule.js';

interface DuplicatePart {
  id: string;
  assigned_government: string | null;
  progress_state: ProgressState;
  duplicate_of: string | null;
}

export interface MarkSubject {
  duplicate: DuplicatePart;
  original: DuplicatePart;
  /** Other reports are marked as duplicates of `duplicate`. */
  hasDuplicates: boolean;
}

export interface UnmarkSubject {
  duplicate: DuplicatePart;
  /** The report it is marked as a duplicate of (null: none, or gone). */
  original: Pick<DuplicatePart, 'assigned_government'> | null;
}

/** Admins; a verified department holding one of the reports. */
function mayHandle(actor: Actor, departments: Array<string | null>): HttpError | null {
  if (actor.role === 'admin') return null;
  if (actor.is_verified !== 1) return forbidden(PROGRESS_TEXTS.pendingVerification);
  return departments.includes(departmentOf(actor)) ? null : forbidden(DUPLICATE_TEXTS.notAllowed);
}

export const duplicateRules = {
  'duplicate.mark': {
    roles: [...GOVERNMENT, ...ADMIN],
    check: (actor, { duplicate, original, hasDuplicates }) => {
      const who = mayHandle(actor, [duplicate.assigned_government, original.assigned_government]);
      if (who) return who;
      if (duplicate.id === original.id) return badRequest(DUPLICATE_TEXTS.self);
      if (duplicate.duplicate_of !== null) return conflict(DUPLICATE_TEXTS.alreadyDuplicate);
      if (original.duplicate_of !== null) return conflict(DUPLICATE_TEXTS.originalIsDuplicate);
      if (hasDuplicates) return conflict(DUPLICATE_TEXTS.hasDuplicates);
      if (duplicate.progress_state === 'Finished' || original.progress_state === 'Finished') return conflict(DUPLICATE_TEXTS.finished);
      return null;
    },
  } satisfies Rule<MarkSubject>,
  'duplicate.unmark': {
    roles: [...GOVERNMENT, ...ADMIN],
    check: (actor, { duplicate, original }) => {
      const who = mayHandle(actor, [duplicate.assigned_government, original?.assigned_government ?? null]);
      if (who) return who;
      return duplicate.duplicate_of === null ? conflict(DUPLICATE_TEXTS.notDuplicate) : null;
    },
  } satisfies Rule<UnmarkSubject>,
};
