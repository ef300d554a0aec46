/** Hindi for ../progress.ts: the progress workflow's refusals (server messages). */
import { PROGRESS_TEXTS } from '../../progress.js';
import type { Localized } from '../localized.js';
import { NAMES_HI } from './names.js';

export const PROGRESS_TEXTS_HI: Localized<typeof PROGRESS_TEXTS> = {
  pendingVerification: 'आपका खाता सत्यापन के लिए लंबित है',
  notAssigned: 'यह शिकायत किसी दूसरे विभाग को सौंपी गई है',
  onlyGovernment: 'केवल सरकारी खाते प्रगति अपडेट कर सकते हैं',
  onlyAuthor: 'यह केवल वही व्यक्ति कर सकता है जिसने यह शिकायत दर्ज की',
  alreadyTaken: 'यह शिकायत पहले ही किसी दूसरे विभाग ने अपने ज़िम्मे ले ली है',
  finalUpdateRequired: 'विवरण और कम से कम एक तस्वीर के साथ अंतिम अपडेट ज़रूरी है',
  awaitingUser: 'यह शिकायत शिकायतकर्ता द्वारा काम के सत्यापन की प्रतीक्षा में है',
  alreadyFinished: 'यह शिकायत पहले ही पूरी हो चुकी है',
  cannotGoBack: 'यह शिकायत अपने मौजूदा चरण से पीछे नहीं जा सकती',
  notWaiting: 'यह शिकायत आपके सत्यापन की प्रतीक्षा में नहीं है',
  finalOnlyAtNearCompletion: `अंतिम अपडेट केवल "${NAMES_HI.progress['Work Near Completion']}" चरण पर भेजा जा सकता है`,
  concurrentChange: 'अभी-अभी किसी और ने यह शिकायत अपडेट की है। पेज दोबारा लोड करके फिर कोशिश करें।',
};
