/** Hindi for ../reportsUi.ts (REPORTS_UI). */
import type { REPORTS_UI } from '../../reportsUi.js';
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
};
