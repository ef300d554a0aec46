/** Hindi for locales/en/create.ts: the same keys (a missing or extra key fails to compile and fails i18n.test). */
import type { Localized } from '@civicpulse/shared';
import type { create as en } from '../en/create';

export const create: Localized<typeof en> = {
};
