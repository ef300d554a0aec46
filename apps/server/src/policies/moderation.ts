/**
 * Moderation: who may flag what, who sees hidden content, who moderates, and what a suspended account
 * may still do. Pure: the services load the items and pass them in.
 */
import { MODERATION_TEXTS, POST_TEXTS, type Role } from '@civicpulse/shared';
import { badRequest, forbidden, notFound, type HttpError } from '../lib/errors.js';
import { ADMIN, ALL_ROLES, gate, type Actor, type Rule } from './rule.js';

/** A flagged item as the rules see it: who wrote it (null: the author's account is gone). */
export interface ModeratedSubject {
  author_id: string | null;
}

/** Hidden content stays visible to its author (with the reason and a review button) and to admins. */
const canSeeHidden = (viewer: Pick<Actor, 'id' | 'role'> | null, authorId: string | null): boolean =>
  viewer !== null && (viewer.role === 'admin' || viewer.id === authorId);

export const moderationRules = {
  /** Anyone signed in flags what others wrote, once per item (the service holds the once). */
  'moderation.flag': {
    roles: ALL_ROLES,
    check: (actor, { item }) => (item.author_id === actor.id ? badRequest(MODERATION_TEXTS.ownItem) : null),
  } satisfies Rule<{ item: ModeratedSubject }>,
  /** Only the author asks for a review of their own hidden item; to anyone else it is not there. */
  'moderation.review': {
    roles: ALL_ROLES,
    check: (actor, { item }) => (item.author_id === actor.id ? null : notFound(MODERATION_TEXTS.notFound)),
  } satisfies Rule<{ item: ModeratedSubject }>,
  'moderation.queue': gate(ADMIN),
  'moderation.act': gate(ADMIN),
  /** Admins suspend citizens and departments, never another admin. */
  'moderation.suspend': {
    roles: ADMIN,
    check: (_actor, { account }) => (account.role === 'admin' ? forbidden(MODERATION_TEXTS.cannotSuspend) : null),
  } satisfies Rule<{ account: { role: Role } }>,
  /** Opening a hidden report: its author and admins; 404 for everyone else, as if it were not there. */
  'moderation.seeHidden': {
    roles: ALL_ROLES,
    check: (actor, { authorId }) => (canSeeHidden(actor, authorId) ? null : notFound(POST_TEXTS.notFound)),
  } satisfies Rule<{ authorId: string | null }>,
};

/**
 * What a suspended account may still do: read (every GET), tidy up what it wrote (delete), its own
 * settings, notifications and push, leave, and ask for a review. Every other write is refused.
 */
export const SUSPENDED_MAY: ReadonlySet<string> = new Set([
  'post.delete',
  'comment.delete',
  'reply.delete',
  'account.edit',
  'account.delete',
  'notification.markRead',
  'push.subscribe',
  'alert.delete',
  'moderation.review',
]);

/** The end of the account's suspension when it is suspended at `nowIso`, else null. */
export function suspendedUntil(account: { suspended_until?: string | null }, nowIso: string): string | null {
  return account.suspended_until && account.suspended_until > nowIso ? account.suspended_until : null;
}

/** The refusal of a write by a suspended account (403 with the date it ends), or null. */
export function suspensionRefusal(account: { suspended_until?: string | null }, action: string, nowIso: string): HttpError | null {
  const until = suspendedUntil(account, nowIso);
  return until && !SUSPENDED_MAY.has(action) ? forbidden(MODERATION_TEXTS.suspended(until.slice(0, 10))) : null;
}
