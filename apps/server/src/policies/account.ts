/** One's own account (settings, password, export, deletion) and which login tab signs whom in. */
import { TEXTS, type Role } from '@civicpulse/shared';
import { forbidden } from '../lib/errors.js';
import { ALL_ROLES, gate, type Rule } from './rule.js';

/** What the login tab for `tab` says to an account of `actual` role whose password was right. */
export function wrongTabText(tab: Role, actual: Role): string {
  if (tab === 'government') return TEXTS.auth.notGovernment;
  return actual === 'user' ? TEXTS.auth.useUserTab : actual === 'government' ? TEXTS.auth.useGovernmentTab : TEXTS.auth.useAdminTab;
}

export const accountRules = {
  'account.read': gate(ALL_ROLES),
  'account.edit': gate(ALL_ROLES),
  /** Citizens and departments delete themselves; an admin is removed by another admin. */
  'account.delete': { roles: ['user', 'government'], guard: ALL_ROLES } satisfies Rule<Record<string, never>>,
  /**
   * Each login tab signs in its own role only; the right password on the wrong tab is told which tab
   * to use (spec 5 for the Government tab). The actor is the account whose password matched.
   */
  'session.start': {
    roles: ALL_ROLES,
    check: (actor, { tab }) => (actor.role !== tab ? forbidden(wrongTabText(tab, actor.role)) : null),
  } satisfies Rule<{ tab: Role }>,
};
