/** Hindi for locales/en/admin.ts: the same keys (a missing or extra key fails to compile and fails i18n.test). */
import type { Localized } from '@civicpulse/shared';
import type { admin as en } from '../en/admin';

export const admin: Localized<typeof en> = {
};
