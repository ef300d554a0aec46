/**
 * The progress workflow's who-may-move-what. The state machine itself is the pure `transition` in
 * packages/shared (shared with the web app); these rules name each kind of move as an action and ask
 * it, so a refusal is the workflow's own status and text (403 not yours / pending, 409 wrong state).
 */
import { PROGRESS_TEXTS, transition, type ProgressActor, type ProgressMove, type ProgressState } from '@civicpulse/shared';
import { HttpError, forbidden } from '../lib/errors.js';
import { CITIZEN, GOVERNMENT, gate, type Actor, type Rule } from './rule.js';

export interface ProgressPost {
  author_id: string;
  progress_state: ProgressState;
  assigned_government: string | null;
}

export interface ProgressSubjectOf {
  post: ProgressPost;
  /** The request carries a final update (caption and photos): the only way into Waiting for User Verification. */
  hasFinalUpdate?: boolean;
}

export function progressActor(actor: Actor): ProgressActor {
  if (actor.role === 'government') return { role: 'government', id: actor.id, verified: actor.is_verified === 1 };
  return { role: actor.role, id: actor.id };
}

/** Asks the shared state machine; a refusal becomes the HttpError the workflow has always answered. */
export function askTransition(actor: Actor, move: ProgressMove, { post, hasFinalUpdate }: ProgressSubjectOf) {
  return transition(
    { progressState: post.progress_state, assignedGovernment: post.assigned_government, authorId: post.author_id },
    progressActor(actor),
    move,
    { hasFinalUpdate: hasFinalUpdate === true },
  );
}

function moveRule(move: ProgressMove): Rule<ProgressSubjectOf> {
  const byDepartment = move === 'advance' || move === 'regress';
  return {
    roles: byDepartment ? GOVERNMENT : CITIZEN,
    refuse: () => forbidden(byDepartment ? PROGRESS_TEXTS.onlyGovernment : PROGRESS_TEXTS.onlyAuthor),
    check: (actor, subject) => {
      const outcome = askTransition(actor, move, subject);
      return outcome.ok ? null : new HttpError(outcome.status, outcome.message);
    },
  };
}

export const progressRules = {
  /** A verified department takes an Unseen report over (409 when another one was first). */
  'progress.takeOver': moveRule('advance'),
  /** The department that took it moves it one step on. */
  'progress.advance': moveRule('advance'),
  /** The final update (caption and photos) at Work Near Completion, by the department that took it. */
  'progress.finish': moveRule('advance'),
  /** One step back, by the department that took it. */
  'progress.regress': moveRule('regress'),
  /** The reporter confirms the fix... */
  'progress.verify': moveRule('verify'),
  /** ...optionally rating it with the confirmation (the same rule: only the reporter, only when waiting). */
  'progress.rate': moveRule('verify'),
  /** The reporter rejects the fix: back to Work Started. */
  'progress.reject': moveRule('reject'),
  /** A department's lists (View Issues, My Issues, resolved), its status and its route map. */
  'department.listPosts': gate(GOVERNMENT),
  'department.status': gate(GOVERNMENT),
  'department.route': gate(GOVERNMENT),
};

export type ProgressAction = 'progress.takeOver' | 'progress.advance' | 'progress.finish' | 'progress.regress' | 'progress.verify' | 'progress.rate' | 'progress.reject';

/** The action a move is, for the post as it is now. */
export function progressActionOf(move: ProgressMove, post: ProgressPost, opts: { hasFinalUpdate?: boolean; rated?: boolean } = {}): ProgressAction {
  if (move === 'verify') return opts.rated ? 'progress.rate' : 'progress.verify';
  if (move === 'reject') return 'progress.reject';
  if (move === 'regress') return 'progress.regress';
  if (opts.hasFinalUpdate) return 'progress.finish';
  return post.progress_state === 'Unseen' ? 'progress.takeOver' : 'progress.advance';
}
