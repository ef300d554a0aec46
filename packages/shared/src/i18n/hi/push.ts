/** Hindi for ../pushUi.ts (PUSH_TEXTS, PUSH_UI). */
import type { PUSH_TEXTS, PUSH_UI } from '../../pushUi.js';
import type { Localized } from '../localized.js';

export const PUSH_TEXTS_HI: Localized<typeof PUSH_TEXTS> = {
  subscribed: 'इस ब्राउज़र के लिए सूचनाएँ चालू हैं।',
  unsubscribed: 'इस ब्राउज़र के लिए सूचनाएँ बंद हैं।',
  endpointRefused: 'इस ब्राउज़र की पुश सेवा ऐसी नहीं है जिस पर CivicPulse भेजता है।',
  keysInvalid: 'ब्राउज़र ने अधूरी पुश सदस्यता भेजी। कृपया फिर से कोशिश करें।',
  tooMany: '10 ब्राउज़रों के लिए सूचनाएँ पहले से चालू हैं। पहले किसी एक पर बंद करें।',
};

export const PUSH_UI_HI: Localized<typeof PUSH_UI> = {
  heading: 'इस डिवाइस पर सूचनाएँ',
  intro: 'साइट बंद होने पर भी आपका ब्राउज़र CivicPulse की सूचनाएँ दिखाता है, ऊपर चालू किए गए प्रकारों के लिए।',
  turnOn: 'इस ब्राउज़र के लिए चालू करें',
  turnOff: 'इस ब्राउज़र के लिए बंद करें',
  working: 'कृपया प्रतीक्षा करें…',
  on: 'इस ब्राउज़र के लिए चालू।',
  off: 'इस ब्राउज़र के लिए बंद।',
  unsupported: 'यह ब्राउज़र वेबसाइटों की सूचनाएँ नहीं दिखा सकता।',
  blocked: 'इस ब्राउज़र की साइट सेटिंग्स में CivicPulse की सूचनाएँ ब्लॉक हैं।',
  failed: 'इस ब्राउज़र की सूचनाएँ बदली नहीं जा सकीं। कृपया फिर से कोशिश करें।',
};
