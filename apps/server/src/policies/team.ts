/** A department's team: every member reads it; only a head invites, withdraws invitations and removes members. */
import { TEAM_TEXTS } from '@civicpulse/shared';
import { forbidden } from '../lib/errors.js';
import { GOVERNMENT, gate, isHead, type Rule } from './rule.js';

export interface MemberSubject {
  /** The member to remove: whether it is the department's own account. */
  member: { isDepartment: boolean };
}

export const teamRules = {
  'team.read': gate(GOVERNMENT),
  'team.manage': {
    roles: GOVERNMENT,
    check: (actor) => (isHead(actor) ? null : forbidden(TEAM_TEXTS.onlyHead)),
  } satisfies Rule<Record<string, never>>,
  'team.removeMember': {
    roles: GOVERNMENT,
    check: (actor, { member }) => (!isHead(actor) ? forbidden(TEAM_TEXTS.onlyHead) : member.isDepartment ? forbidden(TEAM_TEXTS.cannotRemoveSelf) : null),
  } satisfies Rule<MemberSubject>,
};
