/** Reports: who files, reads, lists, edits and deletes them. */
import { POST_TEXTS, type ProgressState } from '@civicpulse/shared';
import { conflict, forbidden } from '../lib/errors.js';
import { ALL_ROLES, CITIZEN, gate, type Rule } from './rule.js';

/** What a post rule reads of a post row. */
export interface PostSubject {
  author_id: string;
  progress_state: ProgressState;
  assigned_government: string | null;
}

const own: Rule<{ post: PostSubject }>['check'] = (actor, { post }) =>
  post.author_id !== actor.id ? forbidden(POST_TEXTS.notYourPost) : null;

export const postRules = {
  /** Spec 2.1: citizens report; departments and admins do not. */
  'post.create': gate(CITIZEN),
  /** The feed, a post with its comments, similar reports: anyone signed in. */
  'post.read': gate(ALL_ROLES),
  /** My Issues. */
  'post.listOwn': gate(CITIZEN),
  /** Only the author edits, and not once the report is Finished. */
  'post.edit': {
    roles: CITIZEN,
    check: (actor, subject) => own(actor, subject) ?? (subject.post.progress_state === 'Finished' ? conflict(POST_TEXTS.finishedNoEdit) : null),
  } satisfies Rule<{ post: PostSubject }>,
  /** Only the author deletes through My Issues (admins through their console: admin.deletePost). */
  'post.delete': { roles: CITIZEN, check: own } satisfies Rule<{ post: PostSubject }>,
};
