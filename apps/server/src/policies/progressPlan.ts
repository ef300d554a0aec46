/** The progress service's one question: may this actor make this move on this post, and to where. */
import type { ProgressMove, TransitionResult } from '@civicpulse/shared';
import { authorize } from './authorize.js';
import { askTransition, progressActionOf, type ProgressPost } from './progress.js';
import type { Actor } from './rule.js';

/** Authorizes the move (throwing the workflow's refusal) and answers where it takes the post. */
export function planMove(actor: Actor, post: ProgressPost, move: ProgressMove, opts: { hasFinalUpdate: boolean; rated?: boolean }): TransitionResult {
  authorize(actor, progressActionOf(move, post, opts), { post, hasFinalUpdate: opts.hasFinalUpdate });
  const outcome = askTransition(actor, move, { post, hasFinalUpdate: opts.hasFinalUpdate });
  if (!outcome.ok) throw new Error('progress policy allowed a move the state machine refuses');
  return outcome.value;
}
