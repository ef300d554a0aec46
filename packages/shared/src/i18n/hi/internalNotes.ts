/** Hindi for ../internalNotesUi.ts. */
import type { INTERNAL_NOTES_TEXTS, INTERNAL_NOTES_UI } from '../../internalNotesUi.js';
import type { Localized } from '../localized.js';

export const INTERNAL_NOTES_TEXTS_HI: Localized<typeof INTERNAL_NOTES_TEXTS> = {
  bodyRequired: 'पहले नोट लिखें।',
  bodyTooLong: 'नोट अधिकतम 2000 अक्षरों का हो सकता है।',
  notYours: 'इस शिकायत के आंतरिक नोट केवल उसे संभाल रहा विभाग और एडमिन पढ़ या लिख सकते हैं।',
  added: 'नोट जोड़ा गया।',
};

export const INTERNAL_NOTES_UI_HI: Localized<typeof INTERNAL_NOTES_UI> = {
  heading: 'आंतरिक नोट',
  hint: 'ये नोट केवल आपका विभाग और एडमिन देखते हैं। शिकायतकर्ता और जनता नहीं।',
  label: 'नया आंतरिक नोट',
  add: 'नोट जोड़ें',
  adding: 'जोड़ा जा रहा है…',
  empty: 'अभी कोई आंतरिक नोट नहीं।',
  loadMore: 'पुराने नोट दिखाएँ',
  failed: 'नोट लोड नहीं हो सके। कृपया फिर से कोशिश करें।',
  byline: (name: string) => `${name} द्वारा`,
};
