/**
 * Hindi for ../../postCardUi.ts: the feed and its cards (./feed.ts). ./postUi.ts, ./govUi.ts, ./myPostsUi.ts
 * and ./serviceLevelTexts.ts include these.
 */
import { PRODUCT_NAME } from '../../constants.js';
import type { OVERDUE_TEXTS, PLACE_UI, POST_CARD_UI, TIMELINE_UI } from '../../postCardUi.js';
import type { Localized } from '../localized.js';
import { hiNumber as num } from './format.js';

export const POST_CARD_UI_HI: Localized<typeof POST_CARD_UI> = {
  feedHeading: 'समुदाय की पोस्ट',
  feedIntro: 'आपके समुदाय के लोगों की दर्ज की गई नागरिक समस्याएँ। इन्हें ठीक करवाने में मदद के लिए वोट और टिप्पणी करें।',
  reportIssue: 'समस्या दर्ज करें',
  loadMore: 'और दिखाएँ',
  loadingMore: 'और पोस्ट लोड हो रही हैं...',
  loadingPosts: 'पोस्ट लोड हो रही हैं...',
  endOfFeed: 'आपने सभी पोस्ट देख ली हैं।',
  retry: 'फिर से कोशिश करें',
  feedSearch: 'पोस्ट खोजें',
  feedSearchPlaceholder: 'शिकायत के शब्द, या उसका संदर्भ नंबर',
  feedSort: 'क्रम',
  feedSorts: { newest: 'नई पहले', oldest: 'पुरानी पहले', mostUpvotes: 'सबसे ज़्यादा अपवोट' },
  feedNoMatches: 'इस फ़िल्टर से कोई पोस्ट नहीं मिली।',
  clearFilter: 'फ़िल्टर हटाएँ',
  noCaption: 'कोई कैप्शन नहीं',
  postedBy: 'पोस्टकर्ता:',
  unknownAuthor: 'अज्ञात',
  anonymousAuthor: 'एक निवासी',
  nameHidden: 'नाम दूसरों से छिपा है',
  authorEmailLabel: (email: string) => `शिकायतकर्ता को ${email} पर ईमेल करें`,
  priority: 'प्राथमिकता',
  status: 'स्थिति',
  progress: 'प्रगति',
  location: 'स्थान',
  reportedLocation: 'दर्ज किया गया स्थान',
  mapLabel: 'दर्ज किए गए स्थान का नक्शा',
  mapLabelFor: (caption: string) => `दर्ज किए गए स्थान का नक्शा: ${caption}`,
  upvote: 'अपवोट',
  downvote: 'डाउनवोट',
  viewComments: 'टिप्पणियाँ देखें',
  hideComments: 'टिप्पणियाँ छिपाएँ',
  commentsLabel: 'टिप्पणियाँ',
  readMore: 'और पढ़ें',
  reference: (reference: string) => `संदर्भ ${reference}`,
  loadingMoreComments: 'टिप्पणियाँ लोड हो रही हैं...',
  photoAlt: (index: number, total: number) => `${num(total)} में से फ़ोटो ${num(index)}`,
  openPhoto: (index: number, total: number) => `${num(total)} में से फ़ोटो ${num(index)} पूरे आकार में खोलें`,
  share: 'शेयर करें',
  shareTitle: `${PRODUCT_NAME} पर यह पोस्ट देखें!`,
  shareText: `${PRODUCT_NAME} पर शेयर की गई एक नागरिक समस्या। जागरूकता फैलाने में मदद करें!`,
};

export const TIMELINE_UI_HI: Localized<typeof TIMELINE_UI> = {
  timelineHeading: 'प्रगति का क्रम',
  showTimeline: 'प्रगति का क्रम दिखाएँ',
  hideTimeline: 'प्रगति का क्रम छिपाएँ',
  loadingTimeline: 'प्रगति का क्रम लोड हो रहा है...',
  timelineFailed: 'प्रगति का क्रम लोड नहीं हो सका।',
  finalProofHeading: 'काम का अंतिम प्रमाण',
  finalProofPhotos: 'पूरे हुए काम की तस्वीरें',
};

export const PLACE_UI_HI: Localized<typeof PLACE_UI> = {
  countryIndia: 'भारत',
};

export const OVERDUE_TEXTS_HI: Localized<typeof OVERDUE_TEXTS> = {
  overdue: 'समय सीमा पार',
  escalated: 'ऊपर भेजी गई',
};
