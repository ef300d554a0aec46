/** Hindi for ../assistant.ts: the assistant panel, its suggestions and the help pages' list. */
import { ASSISTANT_SUGGESTIONS, HELP_UI } from '../../assistant.js';
import { PRODUCT_NAME } from '../../constants.js';
import type { Localized } from '../localized.js';

/** The same five questions, in the same order (the panel sends the English one: the help is matched in English). */
export const ASSISTANT_SUGGESTIONS_HI: Localized<typeof ASSISTANT_SUGGESTIONS> = [
  `${PRODUCT_NAME} क्या है?`,
  'मैं शिकायत कैसे दर्ज करूँ?',
  'क्या मेरी शिकायत की स्थिति देखी जा सकती है?',
  'दर्ज शिकायतों की जाँच कौन करता है?',
  'मैं अपनी प्रोफ़ाइल कैसे बदलूँ?',
];

export const HELP_UI_HI: Localized<typeof HELP_UI> = {
  articlesHeading: 'सहायता लेख',
  loadingArticles: 'सहायता लेख लोड हो रहे हैं...',
  failedArticles: 'सहायता लेख लोड नहीं हो सके',
  loadingArticle: 'लेख लोड हो रहा है...',
  failedArticle: 'लेख लोड नहीं हो सका',
  tryAgain: 'फिर से कोशिश करें',
  backToHelp: 'सहायता केंद्र पर वापस जाएँ',
};

export { ASSISTANT_TEXTS_HI } from './assistantTexts.js';
