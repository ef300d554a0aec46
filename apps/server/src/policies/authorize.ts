/**
 * authorize(actor, action, subject): every role, ownership and state rule the routes and services
 * apply, in one table (one file of rules per area). Called without a subject it answers the route's
 * question, before anything is loaded: may this kind of caller call it at all (401 anonymous, 403 the
 * guard's text). With the subject the service loaded, it applies the whole rule and refuses with the
 * exact status and text the client has always read (the error handler translates it for Hindi readers).
 */
import { TEXTS } from '@civicpulse/shared';
import { unauthorized, type HttpError } from '../lib/errors.js';
import { accountRules } from './account.js';
import { adminRules } from './admin.js';
import { alertRules } from './alerts.js';
import { pushRules } from './push.js';
import { followRules } from './follows.js';
import { noteRules } from './notes.js';
import { redactionRules } from './redaction.js';
import { anonymityRules } from './anonymity.js';
import { teamRules } from './team.js';
import { moderationRules } from './moderation.js';
import { caseworkRules } from './casework.js';
import { duplicateRules } from './duplicates.js';
import { assistantRules } from './assistant.js';
import { chatRules } from './chat.js';
import { commentRules } from './comments.js';
import { jurisdictionRules } from './jurisdictions.js';
import { notificationRules } from './notifications.js';
import { postRules } from './posts.js';
import { profileRules } from './profiles.js';
import { progressRules } from './progress.js';
import { guardRefusal, type Actor, type Rule } from './rule.js';
import { voteRules } from './votes.js';

export const RULES = {
  ...postRules,
  ...voteRules,
  ...commentRules,
  ...progressRules,
  ...teamRules,
  ...moderationRules,
  ...caseworkRules,
  ...duplicateRules,
  ...adminRules,
  ...profileRules,
  ...accountRules,
  ...chatRules,
  ...notificationRules,
  ...jurisdictionRules,
  ...assistantRules,
  ...alertRules,
  ...pushRules,
  ...followRules,
  ...noteRules,
  ...redactionRules,
  ...anonymityRules,
};

export type Action = keyof typeof RULES;
/** What the rule of `A` needs to see once loaded. */
export type SubjectOf<A extends Action> = (typeof RULES)[A] extends Rule<infer S> ? S : never;

export const ACTIONS = Object.keys(RULES) as Action[];

function ruleOf(action: Action): Rule<unknown> {
  return RULES[action] as Rule<unknown>;
}

/** The roles the route guard of `action` lets through. */
export function guardRoles(action: Action): readonly Actor['role'][] {
  const rule = ruleOf(action);
  return rule.guard ?? rule.roles;
}

/** The refusal `authorize` would throw, or null when the actor may. */
export function refusal<A extends Action>(actor: Actor | null, action: A, subject?: SubjectOf<A>): HttpError | null {
  if (!actor) return unauthorized(TEXTS.auth.tokenMissing);
  const rule = ruleOf(action);
  if (subject === undefined) return guardRoles(action).includes(actor.role) ? null : guardRefusal();
  if (!rule.roles.includes(actor.role)) return rule.refuse?.(actor) ?? guardRefusal();
  return rule.check?.(actor, subject) ?? null;
}

/** Throws the rule's refusal (an HttpError with its status and text) unless the actor may. */
export function authorize<A extends Action>(actor: Actor | null, action: A, subject?: SubjectOf<A>): asserts actor is Actor {
  const refused = refusal(actor, action, subject);
  if (refused) throw refused;
}

export function can<A extends Action>(actor: Actor | null, action: A, subject?: SubjectOf<A>): boolean {
  return refusal(actor, action, subject) === null;
}
