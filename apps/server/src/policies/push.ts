/** Web Push: every signed-in person registers and removes their own browsers. */
import { ALL_ROLES, gate } from './rule.js';

export const pushRules = {
  'push.subscribe': gate(ALL_ROLES),
};
