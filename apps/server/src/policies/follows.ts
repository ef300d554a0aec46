/** Following a report: every signed-in person may follow any report they can read. */
import { ALL_ROLES, gate } from './rule.js';

export const followRules = {
  'follow.set': gate(ALL_ROLES),
};
