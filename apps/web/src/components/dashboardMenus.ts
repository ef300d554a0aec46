import { DASHBOARD_PATH, type Role } from '@civicpulse/shared';

export interface MenuEntry {
  label: string;
  to: string;
}

const u = DASHBOARD_PATH.user;
const g = DASHBOARD_PATH.government;
const a = DASHBOARD_PATH.admin;

/** The three side menus of spec 2.5, in order. */
export const DASHBOARD_MENUS: Record<Role, { title: string; entries: MenuEntry[] }> = {
  user: {
    title: 'Citizen Dashboard',
    entries: [
      { label: 'Home', to: u },
      { label: 'Create Issue', to: `${u}/createPost` },
      { label: 'My Issues', to: `${u}/userPosts` },
      { label: 'Other Issues', to: '/' },
      { label: 'Upvoted Issues', to: `${u}/upvotedIssues` },
      { label: 'Downvoted Issues', to: `${u}/downvotedIssues` },
      { label: 'Community Chat', to: `${u}/communityChat` },
      { label: 'Profile', to: `${u}/userProfile` },
      { label: 'Settings', to: `${u}/settings` },
    ],
  },
  government: {
    title: 'Government Dashboard',
    entries: [
      { label: 'Home', to: g },
      { label: 'View Issues', to: `${g}/viewPosts` },
      { label: 'View Progress', to: `${g}/viewProgress` },
      { label: 'Resolved Issues', to: `${g}/resolvedIssues` },
      { label: 'Profile', to: `${g}/governmentProfile` },
      { label: 'Settings', to: `${g}/settings` },
    ],
  },
  admin: {
    title: 'Admin Panel',
    entries: [
      { label: 'Home', to: a },
      { label: 'Manage Posts', to: `${a}/managePosts` },
      { label: 'Manage Users', to: `${a}/manageUsers` },
      { label: 'Manage Government', to: `${a}/manageGovernment` },
    ],
  },
};
