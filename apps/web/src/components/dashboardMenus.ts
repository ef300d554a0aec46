import { DASHBOARD_PATH, type Role } from '@civicpulse/shared';
import { useTranslation } from '../i18n';
import type { gov } from '../i18n/locales/en/gov';

export interface MenuEntry {
  label: string;
  to: string;
  /** Active only on its exact path (the dashboard's Home and "Other Issues", which is /). */
  end: boolean;
}

type MenuTexts = typeof gov.menus;

const u = DASHBOARD_PATH.user;
const g = DASHBOARD_PATH.government;
const a = DASHBOARD_PATH.admin;

/** The three side menus of spec 2.5, in order: each entry's text key (namespace 'gov', menus.<role>) and path. */
export const DASHBOARD_MENUS: { [R in Role]: Array<{ key: Exclude<keyof MenuTexts[R], 'title'>; to: string }> } = {
  user: [
    { key: 'home', to: u },
    { key: 'createPost', to: `${u}/createPost` },
    { key: 'userPosts', to: `${u}/userPosts` },
    { key: 'otherIssues', to: '/' },
    { key: 'upvotedIssues', to: `${u}/upvotedIssues` },
    { key: 'downvotedIssues', to: `${u}/downvotedIssues` },
    { key: 'communityChat', to: `${u}/communityChat` },
    { key: 'profile', to: `${u}/userProfile` },
    { key: 'settings', to: `${u}/settings` },
  ],
  government: [
    { key: 'home', to: g },
    { key: 'viewPosts', to: `${g}/viewPosts` },
    { key: 'viewProgress', to: `${g}/viewProgress` },
    { key: 'resolvedIssues', to: `${g}/resolvedIssues` },
    { key: 'profile', to: `${g}/governmentProfile` },
    { key: 'settings', to: `${g}/settings` },
  ],
  admin: [
    { key: 'home', to: a },
    { key: 'managePosts', to: `${a}/managePosts` },
    { key: 'manageUsers', to: `${a}/manageUsers` },
    { key: 'manageGovernment', to: `${a}/manageGovernment` },
  ],
};

/** A role's side menu in the current language: its title ("Citizen Dashboard") and entries. */
export function useDashboardMenu(role: Role): { title: string; entries: MenuEntry[] } {
  const { t } = useTranslation('gov');
  const texts = t(`menus.${role}`, { returnObjects: true }) as Record<string, string>;
  return {
    title: texts.title ?? '',
    entries: DASHBOARD_MENUS[role].map(({ key, to }) => ({ label: texts[key] ?? key, to, end: to === '/' || key === 'home' })),
  };
}
