/** Reports: who files, reads, lists, edits and deletes them. */
import { POST_TEXTS, RESOLVED_POST_TEXTS, type ProgressState } from '@civicpulse/shared';
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
  /**
   * Only the author edits, and not once the report is Finished (resolved: the reporter confirmed the
   * fix). Up to Waiting for User Verification the reporter may still correct it. The write itself is
   * also conditional on `finished = 0` (posts/repo.ts update), so a confirmation landing between the
   * check and the write still wins.
   */
  'post.edit': {
    roles: CITIZEN,
    check: (actor, subject) => own(actor, subject) ?? (subject.post.progress_state === 'Finished' ? conflict(POST_TEXTS.finishedNoEdit) : null),
  } satisfies Rule<{ post: PostSubject }>,
  /**
   * Only the author deletes through My Issues (admins through their console: admin.deletePost), and not
   * once the report is Finished: a resolved report is the public record of the department's work (its
   * reporter deleting the account anonymises it instead, accounts/repo.ts deleteCascade).
   */
  'post.delete': {
    roles: CITIZEN,
    check: (actor, subject) => own(actor, subject) ?? (subject.post.progress_state === 'Finished' ? conflict(RESOLVED_POST_TEXTS.noDelete) : null),
  } satisfies Rule<{ post: PostSubject }>,
};
