/** Hindi for ../serviceLevels.ts: service levels, the reporter's rating and the department figures. */
import { METRICS_TEXTS, RATING_TEXTS, SERVICE_LEVEL_LIMITS } from '../../serviceLevels.js';
import type { Localized } from '../localized.js';
import { hiNumber } from './format.js';

const n = hiNumber;

export const RATING_TEXTS_HI: Localized<typeof RATING_TEXTS> = {
  question: 'आप समाधान से कितने संतुष्ट हैं? (वैकल्पिक)',
  comment: 'टिप्पणी (वैकल्पिक)',
  invalidRating: 'रेटिंग satisfied, neutral या notSatisfied होनी चाहिए',
  commentTooLong: `टिप्पणी अधिकतम ${n(SERVICE_LEVEL_LIMITS.ratingCommentMaxChars)} अक्षरों की हो सकती है`,
  commentWithoutRating: 'टिप्पणी जोड़ने के लिए रेटिंग चुनें',
};

export const METRICS_TEXTS_HI: Localized<typeof METRICS_TEXTS> = {
  heading: 'सेवा रिकॉर्ड',
  responseTime: 'औसत प्रतिक्रिया समय',
  resolutionTime: 'औसत समाधान समय',
  withinLevel: 'सेवा स्तर के भीतर हल',
  satisfaction: 'नागरिक संतुष्टि',
  ratings: 'रेटिंग',
  score: 'स्कोर',
  none: '—',
  rankingHeading: 'विभागों की रैंकिंग',
  rankingCity: 'शहर',
  rankingEmpty: 'इस शहर के किसी विभाग ने अभी तक कोई शिकायत पूरी नहीं की है।',
  rank: 'रैंक',
  rankIn: (city: string) => `${city} में रैंक`,
  department: 'विभाग',
  loadMore: 'और दिखाएँ',
};

export { SERVICE_LEVEL_TEXTS_HI } from './serviceLevelTexts.js';
