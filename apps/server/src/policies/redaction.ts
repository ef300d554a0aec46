/**
 * Photo redaction: who may blur parts of a report's photos. Admins (the moderators) always; a verified
 * department (the department account or one of its members) only on a report assigned to it. Pure.
 */
import { PROGRESS_TEXTS, REDACTION_TEXTS, type Role } from '@civicpulse/shared';
import { forbidden } from '../lib/errors.js';
import { departmentOf, type Rule } from './rule.js';

export interface RedactionSubject {
  post: { assigned_government: string | null };
}

const STAFF: readonly Role[] = ['government', 'admin'];

export const redactionRules = {
  'photo.redact': {
    roles: STAFF,
    check: (actor, { post }) => {
      if (actor.role === 'admin') return null;
      if (actor.is_verified !== 1) return forbidden(PROGRESS_TEXTS.pendingVerification);
      return post.assigned_government !== null && post.assigned_government === departmentOf(actor) ? null : forbidden(REDACTION_TEXTS.notAllowed);
    },
  } satisfies Rule<RedactionSubject>,
};
