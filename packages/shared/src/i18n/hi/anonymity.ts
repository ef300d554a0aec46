/** Hindi for ../anonymityUi.ts. */
import type { ANONYMITY_TEXTS, ANONYMITY_UI } from '../../anonymityUi.js';
import type { Localized } from '../localized.js';

export const ANONYMITY_TEXTS_HI: Localized<typeof ANONYMITY_TEXTS> = {
  aResident: 'एक निवासी',
  notAllowed: 'इस श्रेणी की शिकायतें गुमनाम नहीं हो सकतीं। भेजने के लिए "इस शिकायत पर मेरा नाम छिपाएँ" से निशान हटाएँ।',
  invalidFlag: 'Anonymous का मान true या false होना चाहिए।',
  categoryInvalid: 'अज्ञात श्रेणी।',
  settingInvalid: 'anonymousAllowed का मान true या false होना चाहिए।',
  settingSaved: (category: string, allowed: boolean) =>
    allowed ? `${category} में अब निवासी गुमनाम शिकायत कर सकते हैं।` : `${category} की शिकायतों में अब हमेशा शिकायतकर्ता का नाम दिखेगा।`,
  switchedOn: 'इस शिकायत पर अब आपका नाम छिपा है।',
  switchedOff: 'इस शिकायत पर अब आपका नाम दिखता है।',
};

export const ANONYMITY_UI_HI: Localized<typeof ANONYMITY_UI> = {
  checkbox: 'इस शिकायत पर मेरा नाम छिपाएँ',
  help: 'आपका नाम "एक निवासी" के रूप में दिखेगा। एडमिन और इसे संभाल रहा विभाग फिर भी देख सकते हैं कि आप कौन हैं।',
  notAllowedNote: 'इस श्रेणी की शिकायतों में हमेशा आपका नाम दिखता है।',
  adminHeading: 'गुमनाम शिकायतें',
  adminHint: 'हर श्रेणी के लिए: क्या निवासी शिकायत पर अपना नाम छिपा सकते हैं। एडमिन और शिकायत संभाल रहा विभाग हमेशा देखते हैं कि शिकायत किसने की।',
  adminCheckbox: 'निवासी गुमनाम शिकायत कर सकते हैं',
  adminCategory: (name: string) => `${name}: निवासी गुमनाम शिकायत कर सकते हैं`,
  adminFailed: 'सेटिंग सहेजी नहीं जा सकी। कृपया फिर से कोशिश करें।',
};
