/** Hindi for locales/en/pages.ts: the same keys (a missing or extra key fails to compile and fails i18n.test). */
import type { Localized } from '@civicpulse/shared';
import type { pages as en } from '../en/pages';

export const pages: Localized<typeof en> = {
};
