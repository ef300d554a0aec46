/** Hindi for locales/en/posts.ts: the same keys (a missing or extra key fails to compile and fails i18n.test). */
import type { Localized } from '@civicpulse/shared';
import type { posts as en } from '../en/posts';

export const posts: Localized<typeof en> = {
};
