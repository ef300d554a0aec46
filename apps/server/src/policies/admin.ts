/** The admin console: only admins, plus the state rules of verification and account deletion. */
import { ADMIN_TEXTS, TEXTS } from '@civicpulse/shared';
import { badRequest, conflict, forbidden } from '../lib/errors.js';
import { ADMIN, gate, type Rule } from './rule.js';

export interface TargetAccount {
  id: string;
  is_verified: number;
}

export const adminRules = {
  /** Lists, figures, heatmap, exports, the audit log, contact messages, service levels, partner keys. */
  'admin.read': gate(ADMIN),
  'admin.deletePost': gate(ADMIN),
  'admin.verifyGovernment': gate(ADMIN),
  /** Revoking needs a verified department (409 otherwise; of simultaneous revocations one wins). */
  'admin.unverifyGovernment': {
    roles: ADMIN,
    check: (_actor, { government }) => (government.is_verified !== 1 ? conflict(ADMIN_TEXTS.notVerified) : null),
  } satisfies Rule<{ government: TargetAccount }>,
  'admin.deleteUser': gate(ADMIN),
  'admin.deleteGovernment': gate(ADMIN),
  /** An admin removes other accounts, never their own (the last admin is the repository's rule). */
  'admin.deleteAccount': {
    roles: ADMIN,
    check: (actor, { account }) => (account.id === actor.id ? badRequest(ADMIN_TEXTS.cannotDeleteSelf) : null),
  } satisfies Rule<{ account: Pick<TargetAccount, 'id'> }>,
  'admin.editServiceLevels': gate(ADMIN),
  'admin.issueApiKey': gate(ADMIN),
  'admin.revokeApiKey': gate(ADMIN),
  /** A department's proof document: admins and that department itself, nobody else. */
  'government.proofDocument': {
    roles: ['admin', 'government'],
    check: (actor, { departmentId }) => (actor.role !== 'admin' && actor.id !== departmentId ? forbidden(TEXTS.auth.forbidden) : null),
  } satisfies Rule<{ departmentId: string }>,
};
