/** Area alerts: every signed-in person keeps their own; someone else's alert is not found (its place stays private). */
import { ALERT_TEXTS } from '@civicpulse/shared';
import { notFound } from '../lib/errors.js';
import { ALL_ROLES, gate, type Actor, type Rule } from './rule.js';

export const alertRules = {
  'alert.read': gate(ALL_ROLES),
  'alert.create': gate(ALL_ROLES),
  'alert.delete': {
    roles: ALL_ROLES,
    check: (actor: Actor, s: { alert: { account_id: string } }) => (s.alert.account_id === actor.id ? null : notFound(ALERT_TEXTS.notFound)),
  } satisfies Rule<{ alert: { account_id: string } }>,
};
