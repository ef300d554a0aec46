/** Hindi for ../reportsUi.ts (REPORTS_UI). */
import type { REPORTS_TEXTS, REPORTS_UI } from '../../reportsUi.js';
import type { Localized } from '../localized.js';

export const REPORTS_UI_HI: Localized<typeof REPORTS_UI> = {
  heading: 'शिकायतें',
  intro: 'CivicPulse पर दर्ज हर शिकायत, सबके पढ़ने के लिए। शिकायत दर्ज करने, वोट या टिप्पणी के लिए साइन इन करें।',
  search: 'खोजें',
  searchPlaceholder: 'शिकायत के शब्द, या उसका संदर्भ नंबर',
  category: 'श्रेणी',
  anyCategory: 'सभी श्रेणियाँ',
  progress: 'प्रगति',
  anyProgress: 'कोई भी प्रगति',
  sort: 'क्रम',
  sorts: { newest: 'नई पहले', oldest: 'पुरानी पहले', mostUpvotes: 'सबसे ज़्यादा अपवोट' },
  apply: 'खोजें',
  loadMore: 'और देखें',
  loading: 'शिकायतें लोड हो रही हैं…',
  empty: 'इन फ़िल्टर से कोई शिकायत नहीं मिली।',
  clearFilters: 'फ़िल्टर हटाएँ',
  failed: 'शिकायतें लोड नहीं हो सकीं। कृपया फिर से कोशिश करें।',
  listLabel: 'शिकायतें',
  allReports: 'सभी शिकायतें देखें',
  state: 'राज्य',
  anyState: 'सभी राज्य',
  city: 'शहर या कस्बा',
  pincode: 'पिनकोड',
  pincodeInvalid: '6 अंकों का पिनकोड लिखें।',
  searchedSoFar: 'अब तक खोजी गई शिकायतों में कुछ नहीं मिला।',
  searchFurther: 'आगे खोजें',
  map: 'शिकायतों का नक्शा',
  mapHint: 'संख्याएँ शिकायतों के समूह हैं: ज़ूम करने के लिए किसी एक को चुनें। नक्शा चुनी गई श्रेणी और प्रगति दिखाता है; शब्द और जगह नीचे की सूची को छोटा करते हैं।',
  mapCluster: (n: number) => `यहाँ ${n} शिकायतें। ज़ूम करें`,
  mapTruncated: (n: number) => `इस हिस्से की ${n} शिकायतें दिख रही हैं। सभी देखने के लिए ज़ूम करें।`,
  mapFailed: 'नक्शा लोड नहीं हो सका। नीचे की सूची काम करती है।',
  openReport: 'शिकायत खोलें',
};

export const REPORTS_TEXTS_HI: Localized<typeof REPORTS_TEXTS> = {
  invalidState: 'state भारत के राज्यों और केंद्र शासित प्रदेशों में से एक होना चाहिए',
  cityTooLong: 'city अधिकतम 100 अक्षरों का हो सकता है',
  invalidPincode: 'pincode 6 अंकों का होना चाहिए और 0 से शुरू नहीं हो सकता',
  invalidBbox: 'bbox minLng,minLat,maxLng,maxLat होना चाहिए',
};
