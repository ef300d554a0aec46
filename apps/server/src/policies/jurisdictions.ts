/** Jurisdictions: a department declares its own, anyone signed in reads one, admins edit any. */
import { TEAM_TEXTS } from '@civicpulse/shared';
import { forbidden } from '../lib/errors.js';
import { ADMIN, ALL_ROLES, GOVERNMENT, gate, isHead, type Rule } from './rule.js';

export const jurisdictionRules = {
  'jurisdiction.readOwn': gate(GOVERNMENT),
  /** A department's head declares its area; its officers read it. */
  'jurisdiction.editOwn': { roles: GOVERNMENT, check: (actor) => (isHead(actor) ? null : forbidden(TEAM_TEXTS.onlyHead)) } satisfies Rule<Record<string, never>>,
  'jurisdiction.read': gate(ALL_ROLES),
  'jurisdiction.edit': gate(ADMIN),
};
