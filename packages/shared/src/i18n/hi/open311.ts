/**
 * Hindi for ../open311.ts (OPEN_DATA_TEXTS): the open data page's name and the export's refusals. The
 * query parameters they name (state, category, from, to, city) stay as written in the URL.
 */
import { OPEN_DATA_LIMITS, OPEN_DATA_TEXTS } from '../../open311Texts.js';
import type { Localized } from '../localized.js';
import { hiNumber } from './format.js';

const n = hiNumber;

export const OPEN_DATA_TEXTS_HI: Localized<typeof OPEN_DATA_TEXTS> = {
  linkLabel: 'ओपन डेटा',
  title: 'ओपन डेटा',
  invalidState: 'state भारत के किसी राज्य या केंद्र शासित प्रदेश का नाम होना चाहिए',
  invalidCategory: 'category श्रेणी कोड में से कोई एक होनी चाहिए',
  invalidDate: 'from और to तारीख़ (YYYY-MM-DD) या ISO 8601 date-time होने चाहिए',
  invalidRange: 'from की तारीख़ to से पहले होनी चाहिए',
  cityTooLong: `city अधिकतम ${n(OPEN_DATA_LIMITS.filterMaxChars)} अक्षरों का हो सकता है`,
  rateLimited: 'इस पते से बहुत ज़्यादा डाउनलोड हुए हैं; एक मिनट बाद फिर कोशिश करें',
};
