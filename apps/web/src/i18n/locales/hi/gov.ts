/** Hindi for locales/en/gov.ts: the same keys (a missing or extra key fails to compile and fails i18n.test). */
import type { Localized } from '@civicpulse/shared';
import type { gov as en } from '../en/gov';

export const gov: Localized<typeof en> = {
};
