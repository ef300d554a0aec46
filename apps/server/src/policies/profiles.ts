/** Profiles: anyone signed in reads one; each role edits its own; private fields are the owner's and the admins'. */
import { PROFILE_TEXTS, TEXTS } from '@civicpulse/shared';
import { forbidden, notFound } from '../lib/errors.js';
import { ALL_ROLES, CITIZEN, GOVERNMENT, gate, type Rule } from './rule.js';

export const profileRules = {
  'profile.read': gate(ALL_ROLES),
  'profile.editCitizen': gate(CITIZEN),
  'profile.editGovernment': gate(GOVERNMENT),
  /** An admin has no profile to edit: 'Profile not found'. */
  'profile.edit': {
    roles: ['user', 'government'],
    refuse: () => notFound(PROFILE_TEXTS.notFound),
  } satisfies Rule<Record<string, never>>,
  /** Fields a person keeps private are shown to themselves and to admins only. */
  'profile.seePrivate': {
    roles: ALL_ROLES,
    check: (actor, { account }) => (actor.id === account.id || actor.role === 'admin' ? null : forbidden(TEXTS.auth.forbidden)),
  } satisfies Rule<{ account: { id: string } }>,
};
