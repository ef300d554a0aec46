/** Hindi for locales/en/common.ts: the same keys (a missing or extra key fails to compile and fails i18n.test). */
import type { Localized } from '@civicpulse/shared';
import type { common as en } from '../en/common';

export const common: Localized<typeof en> = {
  language: {
    label: 'भाषा',
  },
  header: {
    skipToContent: 'मुख्य सामग्री पर जाएँ',
    home: 'होम',
    homeLink: 'CivicPulse होम',
    login: 'लॉग इन',
    signup: 'साइन अप',
    dashboard: 'डैशबोर्ड',
    mainNav: 'मुख्य',
    openMenu: 'मेनू खोलें',
  },
};
