/** Hindi for locales/en/posts.ts: the same keys (a missing or extra key fails to compile and fails i18n.test). */
import type { Localized } from '@civicpulse/shared';
import type { posts as en } from '../en/posts';

export const posts: Localized<typeof en> = {
  titles: {
    upvoted: 'अपवोट की गई शिकायतें',
    downvoted: 'डाउनवोट की गई शिकायतें',
  },
  postsScreen: {
    title: 'पोस्ट',
    purpose: 'पूरे समुदाय की पोस्ट।',
  },
  timeline: {
    someone: 'अज्ञात व्यक्ति',
    aCitizen: 'एक नागरिक',
    photoAlt: '{{label}}: {{total}} में से फ़ोटो {{index}}',
  },
  rating: {
    satisfied: 'संतुष्ट',
    neutral: 'सामान्य',
    notSatisfied: 'संतुष्ट नहीं',
  },
};
