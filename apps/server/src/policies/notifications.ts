/** The bell: every signed-in person reads and marks their own notifications. */
import { ALL_ROLES, gate } from './rule.js';

export const notificationRules = {
  'notification.read': gate(ALL_ROLES),
  'notification.markRead': gate(ALL_ROLES),
};
