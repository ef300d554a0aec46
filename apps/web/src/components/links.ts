import { DASHBOARD_PATH, type Role } from '@civicpulse/shared';

/** Where "Profile Settings" leads for each role (none for admin: spec 2.2 and 6). */
export function profileSettingsPath(role: Role): string | null {
  if (role === 'user') return `${DASHBOARD_PATH.user}/userProfile`;
  if (role === 'government') return `${DASHBOARD_PATH.government}/governmentProfile`;
  return null;
}

/** Spec 2.1: the active link matches / exactly and every other path by prefix. */
export function isActivePath(current: string, to: string): boolean {
  if (to === '/') return current === '/';
  return current === to || current.startsWith(to.endsWith('/') ? to : `${to}/`);
}
