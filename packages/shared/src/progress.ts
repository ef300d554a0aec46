/**
 * The progress workflow (API-CONTRACT "Progress workflow") as pure functions, so the server, the web
 * app and the tests agree on one state machine.
 */
export const PROGRESS_ORDER = [
  'Unseen',
  'Problem Seen',
  'Verified',
  'Work Started',
  'Work Near Completion',
  'Waiting for User Verification',
  'Finished',
] as const;
export type ProgressState = (typeof PROGRESS_ORDER)[number];

export const CURRENT_STATES = ['In Progress', 'Resolved'] as const;
export type CurrentState = (typeof CURRENT_STATES)[number];

export type ProgressActor =
  | { role: 'government'; id: string; verified: boolean }
  | { role: 'user'; id: string }
  | { role: 'admin'; id: string };

export interface ProgressSubject {
  progressState: ProgressState;
  assignedGovernment: string | null;
  authorId: string;
}

export type ProgressMove = 'advance' | 'regress' | 'verify' | 'reject';

export interface TransitionResult {
  to: ProgressState;
  currentState: CurrentState;
  assignedGovernment: string | null;
}

export type TransitionOutcome =
  | { ok: true; value: TransitionResult }
  | { ok: false; status: 403 | 409; message: string };

export const PROGRESS_TEXTS = {
  pendingVerification: 'Your account is pending verification',
  notAssigned: 'This issue is assigned to another department',
  onlyGovernment: 'Only government accounts can update progress',
  onlyAuthor: 'Only the person who reported this issue can do that',
  alreadyTaken: 'This issue has already been taken over by another department',
  finalUpdateRequired: 'A final update with a caption and at least one image is required',
  awaitingUser: 'This issue is waiting for the reporter to verify the work',
  alreadyFinished: 'This issue is already finished',
  cannotGoBack: 'This issue cannot go back from its current step',
  notWaiting: 'This issue is not waiting for your verification',
  finalOnlyAtNearCompletion: 'A final update can only be submitted at Work Near Completion',
  concurrentChange: 'This issue was just updated by someone else. Reload and try again.',
} as const;

/**
 * What people read for a progress state. A report no department has looked at yet is "Open": the
 * wire value stays 'Unseen' (API-CONTRACT), but "Unseen" next to a new report read as if nobody
 * would ever look at it.
 */
export function progressLabel(state: ProgressState): string {
  return state === 'Unseen' ? PROGRESS_UNSEEN_LABEL : state;
}

/** The status people read: "Open" until a department takes the report over, then In Progress / Resolved. */
export function statusLabel(post: { currentState: CurrentState; progressState: ProgressState }): string {
  return post.progressState === 'Unseen' ? PROGRESS_UNSEEN_LABEL : post.currentState;
}

export const PROGRESS_UNSEEN_LABEL = 'Open';

export function currentStateFor(state: ProgressState): CurrentState {
  return state === 'Finished' ? 'Resolved' : 'In Progress';
}

function next(state: ProgressState): ProgressState | null {
  const i = PROGRESS_ORDER.indexOf(state);
  return i >= 0 && i < PROGRESS_ORDER.length - 1 ? PROGRESS_ORDER[i + 1]! : null;
}

function prev(state: ProgressState): ProgressState | null {
  const i = PROGRESS_ORDER.indexOf(state);
  return i > 0 ? PROGRESS_ORDER[i - 1]! : null;
}

const ok = (to: ProgressState, assignedGovernment: string | null): TransitionOutcome => ({
  ok: true,
  value: { to, currentState: currentStateFor(to), assignedGovernment },
});
const fail = (status: 403 | 409, message: string): TransitionOutcome => ({ ok: false, status, message });

/**
 * Decides one move. `hasFinalUpdate` says whether the request carries (or the post already has, for
 * this round) a final update: the only way into Waiting for User Verification.
 */
export function transition(
  subject: ProgressSubject,
  actor: ProgressActor,
  move: ProgressMove,
  opts: { hasFinalUpdate?: boolean } = {},
): TransitionOutcome {
  const from = subject.progressState;

  if (move === 'verify' || move === 'reject') {
    if (actor.role !== 'user' || actor.id !== subject.authorId) return fail(403, PROGRESS_TEXTS.onlyAuthor);
    if (from !== 'Waiting for User Verification') return fail(409, PROGRESS_TEXTS.notWaiting);
    return move === 'verify' ? ok('Finished', subject.assignedGovernment) : ok('Work Started', subject.assignedGovernment);
  }

  if (actor.role !== 'government') return fail(403, PROGRESS_TEXTS.onlyGovernment);
  if (!actor.verified) return fail(403, PROGRESS_TEXTS.pendingVerification);

  if (from === 'Unseen') {
    if (move === 'regress') return fail(409, PROGRESS_TEXTS.cannotGoBack);
    if (opts.hasFinalUpdate) return fail(409, PROGRESS_TEXTS.finalOnlyAtNearCompletion);
    if (subject.assignedGovernment && subject.assignedGovernment !== actor.id) return fail(409, PROGRESS_TEXTS.alreadyTaken);
    return ok('Problem Seen', actor.id);
  }

  if (subject.assignedGovernment !== actor.id) {
    // Advancing a post another department has taken is a lost take-over (409, whether the other
    // department was a millisecond or a month earlier); any other move on it is not yours (403).
    return move === 'advance' && !opts.hasFinalUpdate && subject.assignedGovernment
      ? fail(409, PROGRESS_TEXTS.alreadyTaken)
      : fail(403, PROGRESS_TEXTS.notAssigned);
  }
  if (from === 'Finished') return fail(409, PROGRESS_TEXTS.alreadyFinished);
  if (from === 'Waiting for User Verification') {
    return fail(409, move === 'regress' ? PROGRESS_TEXTS.cannotGoBack : PROGRESS_TEXTS.awaitingUser);
  }

  if (move === 'regress') {
    const to = prev(from)!;
    return ok(to, to === 'Unseen' ? null : actor.id);
  }

  const to = next(from)!;
  if (to === 'Waiting for User Verification' && !opts.hasFinalUpdate) return fail(409, PROGRESS_TEXTS.finalUpdateRequired);
  if (to !== 'Waiting for User Verification' && opts.hasFinalUpdate) return fail(409, PROGRESS_TEXTS.finalOnlyAtNearCompletion);
  return ok(to, actor.id);
}
