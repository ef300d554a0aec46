/** Hindi for locales/en/user.ts: the same keys (a missing or extra key fails to compile and fails i18n.test). */
import type { Localized } from '@civicpulse/shared';
import type { user as en } from '../en/user';

export const user: Localized<typeof en> = {
};
