import { DASHBOARD_PATH, type Role } from '@civicpulse/shared';
import { i18next } from '../i18n';
import type { common } from '../i18n/locales/en/common';

export interface MenuEntry {
  readonly label: string;
  to: string;
}

type MenuTexts = typeof common.menus;

/** The menus' texts in the current language (namespace 'common', bundled: every dashboard shows a menu). */
const texts = (): MenuTexts => i18next.t('menus', { ns: 'common', returnObjects: true }) as MenuTexts;

/** A menu whose title and labels are read when shown, so they follow a language switch. */
function menu<R extends Role>(role: R, entries: Array<[key: Exclude<keyof MenuTexts[R], 'title'>, to: string]>): { readonly title: string; entries: MenuEntry[] } {
  const of = () => texts()[role] as Record<string, string>;
  return {
    get title() {
      return of().title ?? '';
    },
    entries: entries.map(([key, to]) => ({
      get label() {
        return of()[key as string] ?? String(key);
      },
      to,
    })),
  };
}

const u = DASHBOARD_PATH.user;
const g = DASHBOARD_PATH.government;
const a = DASHBOARD_PATH.admin;

/**
 * The three side menus of spec 2.5, in order; the admin's also reaches the screens added since (triage,
 * appeals, moderation, the audit log, service levels, API keys), so none is found only from the home.
 */
export const DASHBOARD_MENUS: Record<Role, { readonly title: string; entries: MenuEntry[] }> = {
  user: menu('user', [
    ['home', u],
    ['createPost', `${u}/createPost`],
    ['userPosts', `${u}/userPosts`],
    ['otherIssues', '/'],
    ['upvotedIssues', `${u}/upvotedIssues`],
    ['downvotedIssues', `${u}/downvotedIssues`],
    ['communityChat', `${u}/communityChat`],
    ['profile', `${u}/userProfile`],
    ['settings', `${u}/settings`],
  ]),
  government: menu('government', [
    ['home', g],
    ['viewPosts', `${g}/viewPosts`],
    ['viewProgress', `${g}/viewProgress`],
    ['resolvedIssues', `${g}/resolvedIssues`],
    ['profile', `${g}/governmentProfile`],
    ['settings', `${g}/settings`],
  ]),
  admin: menu('admin', [
    ['home', a],
    ['managePosts', `${a}/managePosts`],
    ['manageUsers', `${a}/manageUsers`],
    ['manageGovernment', `${a}/manageGovernment`],
    ['triage', `${a}/triage`],
    ['appeals', `${a}/appeals`],
    ['moderation', `${a}/moderation`],
    ['auditLog', `${a}/auditLog`],
    ['serviceLevels', `${a}/serviceLevels`],
    ['apiKeys', `${a}/apiKeys`],
    ['profile', `${a}/profile`],
  ]),
};
