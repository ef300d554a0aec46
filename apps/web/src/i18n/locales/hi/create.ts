/** Hindi for locales/en/create.ts: the same keys (a missing or extra key fails to compile and fails i18n.test). */
import type { Localized } from '@civicpulse/shared';
import type { create as en } from '../en/create';

export const create: Localized<typeof en> = {
  photos: {
    add: 'फ़ोटो जोड़ें',
    chosen_zero: 'अभी कोई फ़ोटो नहीं जोड़ी गई।',
    chosen_one: '{{count}} फ़ोटो जोड़ी गई।',
    chosen_other: '{{count}} फ़ोटो जोड़ी गईं।',
    attached: 'जोड़ी गई फ़ोटो',
    previewAlt: '{{total}} में से फ़ोटो {{index}}: {{name}}',
    remove: '{{name}} हटाएँ',
    preparing_one: '{{count}} फ़ोटो तैयार की जा रही है…',
    preparing_other: '{{count}} फ़ोटो तैयार की जा रही हैं…',
  },
};
