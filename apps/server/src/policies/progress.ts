/**
 * The progress workflow's who-may-move-what. The state machine itself is the pure `transition` in
 * packages/shared (shared with the web app); these rules name each kind of move as an action and ask
 * it, so a refusal is the workflow's own status and text (403 not yours / pending, 409 wrong state).
 */
import { PROGRESS_TEXTS, TEAM_TEXTS, transition, type ProgressActor, type ProgressMove, type ProgressState } from '@civicpulse/shared';
import { HttpError, forbidden } from '../lib/errors.js';
import { CITIZEN, GOVERNMENT, departmentOf, gate, isHead, type Actor, type Rule } from './rule.js';

export interface ProgressPost {
  author_id: string;
  progress_state: ProgressState;
  assigned_government: string | null;
  /** The member of that department it is assigned to (department teams); absent: nobody. */
  assigned_officer?: string | null;
}

export interface ProgressSubjectOf {
  post: ProgressPost;
  /** The request carries a final update (caption and photos): the only way into Waiting for User Verification. */
  hasFinalUpdate?: boolean;
}

export function progressActor(actor: Actor): ProgressActor {
  // A member acts for its department: the workflow sees the department (an officer's is_verified is its department's).
  if (actor.role === 'government') return { role: 'government', id: departmentOf(actor), verified: actor.is_verified === 1 };
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
      if (!outcome.ok) return new HttpError(outcome.status, outcome.message);
      // Within the department: an officer works on the reports assigned to them or to nobody; a head on all.
      const officer = subject.post.assigned_officer;
      if (byDepartment && officer && officer !== actor.id && !isHead(actor)) return forbidden(TEAM_TEXTS.assignedToOther);
      return null;
    },
  };
}

export interface AssignSubject {
  post: ProgressPost;
  /** The member asked for (null: back to the unassigned queue), and the department it belongs to. */
  officer: { id: string; department: string } | null;
}

/**
 * Assigning a taken-over report within its department: a head to any member (or to nobody); an officer
 * only to themself, and only a report assigned to nobody.
 */
const assignRule: Rule<AssignSubject> = {
  roles: GOVERNMENT,
  check: (actor, { post, officer }) => {
    const dept = departmentOf(actor);
    if (post.assigned_government !== dept) return post.assigned_government === null ? new HttpError(409, TEAM_TEXTS.assignNotTaken) : forbidden(PROGRESS_TEXTS.notAssigned);
    if (officer && officer.department !== dept) return badRequestOf(TEAM_TEXTS.officerNotInTeam);
    if (isHead(actor)) return null;
    if (!officer || officer.id !== actor.id) return forbidden(TEAM_TEXTS.assignOthers);
    return post.assigned_officer && post.assigned_officer !== actor.id ? forbidden(TEAM_TEXTS.assignedToOther) : null;
  },
};

const badRequestOf = (message: string) => new HttpError(400, message);

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
  /** Assigning a report to a member of the department handling it (department teams). */
  'progress.assign': assignRule,
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
