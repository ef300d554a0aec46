/**
 * The vote toggle on its own (re-exported by postRules.ts): the web app's frame (apps/web/src/api/posts.ts)
 * uses it on every page, and a module the frame imports lands whole in the first paint's chunk, which
 * postRules.ts with its texts and checks would make larger (e2e/tests/perf.spec.ts).
 */
import type { VoteType } from './postRules.js';

/** Votes (API-CONTRACT "Votes"): the same vote again removes it; the opposite replaces it. */
export function toggleVote(current: VoteType | null, requested: VoteType): VoteType | null {
  return current === requested ? null : requested;
}
