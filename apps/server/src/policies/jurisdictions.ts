/** Jurisdictions: a department declares its own, anyone signed in reads one, admins edit any. */
import { ADMIN, ALL_ROLES, GOVERNMENT, gate } from './rule.js';

export const jurisdictionRules = {
  'jurisdiction.readOwn': gate(GOVERNMENT),
  'jurisdiction.editOwn': gate(GOVERNMENT),
  'jurisdiction.read': gate(ALL_ROLES),
  'jurisdiction.edit': gate(ADMIN),
};
