/** Votes: anyone signed in votes; the lists of one's own votes are a citizen's. */
import { ALL_ROLES, CITIZEN, gate } from './rule.js';

export const voteRules = {
  'vote.cast': gate(ALL_ROLES),
  'vote.listOwn': gate(CITIZEN),
};
