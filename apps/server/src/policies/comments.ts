/** Comments and replies: anyone signed in writes them; their author or an admin deletes them. */
import { POST_TEXTS } from '@civicpulse/shared';
import { forbidden } from '../lib/errors.js';
import { ALL_ROLES, gate, type Actor, type Rule } from './rule.js';

export interface CommentSubject {
  author_id: string;
}

const mayDelete = (actor: Actor, comment: CommentSubject): boolean => actor.role === 'admin' || actor.id === comment.author_id;

export const commentRules = {
  'comment.create': gate(ALL_ROLES),
  'reply.create': gate(ALL_ROLES),
  'comment.delete': {
    roles: ALL_ROLES,
    check: (actor, { comment }) => (mayDelete(actor, comment) ? null : forbidden(POST_TEXTS.notYourComment)),
  } satisfies Rule<{ comment: CommentSubject }>,
  'reply.delete': {
    roles: ALL_ROLES,
    check: (actor, { reply }) => (mayDelete(actor, reply) ? null : forbidden(POST_TEXTS.notYourReply)),
  } satisfies Rule<{ reply: CommentSubject }>,
};
