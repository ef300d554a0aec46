/** Hindi for ../mail.ts (ACCOUNT_EMAIL_TEXTS, ACCOUNT_EMAIL_UI, LOGIN_LINKS_UI, MAIL_TEXTS). */
import type { ACCOUNT_EMAIL_TEXTS, ACCOUNT_EMAIL_UI, LOGIN_LINKS_UI, MAIL_TEXTS } from '../../mail.js';
import { PRODUCT_NAME } from '../../constants.js';
import type { Localized } from '../localized.js';

const num = (n: number): string => new Intl.NumberFormat('hi-IN').format(n);

export const ACCOUNT_EMAIL_TEXTS_HI: Localized<typeof ACCOUNT_EMAIL_TEXTS> = {
  resetSent: 'अगर इस ईमेल पते से कोई खाता है, तो हमने उस पर नया पासवर्ड बनाने का लिंक भेज दिया है। लिंक एक घंटे तक काम करता है।',
  passwordReset: 'आपका पासवर्ड बदल गया है और सभी डिवाइस से साइन आउट हो गया है। कृपया नए पासवर्ड से लॉग इन करें।',
  linkInvalid: 'यह लिंक अमान्य है, पहले इस्तेमाल हो चुका है या इसकी अवधि समाप्त हो गई है। कृपया नया लिंक माँगें।',
  tokenMissing: 'लिंक अधूरा है। कृपया ईमेल से इसे फिर से खोलें।',
  emailVerified: 'धन्यवाद: आपका ईमेल पता सत्यापित हो गया है।',
  verificationSent: 'हमने आपके ईमेल पते पर सत्यापन लिंक भेज दिया है।',
  alreadyVerified: 'आपका ईमेल पता पहले से सत्यापित है।',
  unsubscribed: 'अब आपको ये ईमेल नहीं मिलेंगे। आप इन्हें सेटिंग्स में फिर से चालू कर सकते हैं।',
};

export const LOGIN_LINKS_UI_HI: Localized<typeof LOGIN_LINKS_UI> = {
  forgotPassword: 'पासवर्ड भूल गए?',
};

export const ACCOUNT_EMAIL_UI_HI: Localized<typeof ACCOUNT_EMAIL_UI> = {
  forgotHeading: 'अपना पासवर्ड रीसेट करें',
  forgotIntro: 'अपने खाते का ईमेल पता लिखें। हम आपको नया पासवर्ड बनाने का लिंक भेजेंगे।',
  emailLabel: 'ईमेल पता',
  sendLink: 'रीसेट लिंक भेजें',
  sending: 'भेजा जा रहा है…',
  backToLogin: 'लॉग इन पर वापस जाएँ',
  resetHeading: 'नया पासवर्ड बनाएँ',
  newPassword: 'नया पासवर्ड',
  confirmPassword: 'नए पासवर्ड की पुष्टि करें',
  savePassword: 'नया पासवर्ड सहेजें',
  saving: 'सहेजा जा रहा है…',
  passwordsDiffer: 'पासवर्ड मेल नहीं खाते',
  askAgain: 'नया लिंक माँगें',
  verifyHeading: 'अपना ईमेल पता सत्यापित करें',
  verifying: 'आपका ईमेल पता सत्यापित किया जा रहा है…',
  continue: 'आगे बढ़ें',
  unsubscribeHeading: 'सदस्यता छोड़ें',
  unsubscribeIntro: `क्या आप ${PRODUCT_NAME} के ये ईमेल बंद करना चाहते हैं? आप इन्हें कभी भी सेटिंग्स में फिर से चालू कर सकते हैं।`,
  unsubscribeButton: 'सदस्यता छोड़ें',
  emailHeading: 'ईमेल',
  emailIntro: 'हर तरह का अपडेट आपके इनबॉक्स तक कैसे पहुँचे। ऊपर बंद किए गए प्रकार ईमेल से भी नहीं भेजे जाते।',
  verifiedYes: 'आपका ईमेल पता सत्यापित है।',
  verifiedNo: 'आपका ईमेल पता अभी सत्यापित नहीं है: सत्यापित होने तक हम अपडेट ईमेल नहीं भेजते।',
  resend: 'सत्यापन लिंक भेजें',
  frequencies: { immediately: 'तुरंत', daily: 'दैनिक सारांश', off: 'बंद' },
};

export const MAIL_TEXTS_HI: Localized<typeof MAIL_TEXTS> = {
  greeting: (name: string) => `नमस्ते ${name},`,
  verifySubject: `${PRODUCT_NAME} के लिए अपना ईमेल पता सत्यापित करें`,
  verifyBody: `कृपया पुष्टि करें कि यह आपका ईमेल पता है, ताकि ${PRODUCT_NAME} आपको आपकी शिकायतों के अपडेट भेज सके। लिंक सात दिन तक काम करता है।`,
  verifyAction: 'मेरा ईमेल पता सत्यापित करें',
  verifyIgnore: 'अगर आपने यह खाता नहीं बनाया है, तो इस ईमेल को अनदेखा करें।',
  resetSubject: `${PRODUCT_NAME} का नया पासवर्ड बनाएँ`,
  resetBody: 'किसी ने, उम्मीद है आपने, आपके खाते का नया पासवर्ड बनाने का अनुरोध किया है। लिंक एक घंटे तक और केवल एक बार काम करता है; इसके इस्तेमाल से सभी डिवाइस से साइन आउट हो जाता है।',
  resetAction: 'नया पासवर्ड बनाएँ',
  resetIgnore: 'अगर आपने यह अनुरोध नहीं किया, तो इस ईमेल को अनदेखा करें: आपका पासवर्ड वही रहेगा।',
  inviteSubject: (department: string) => `${department} ने आपको ${PRODUCT_NAME} पर आमंत्रित किया है`,
  inviteBody: (department: string, inviter: string) => `${inviter} ने आपको ${PRODUCT_NAME} पर ${department} के लिए नागरिकों की शिकायतें संभालने के लिए आमंत्रित किया है। जुड़ने के लिए अपना नाम और पासवर्ड चुनें; लिंक सात दिन तक काम करता है।`,
  inviteAction: 'विभाग से जुड़ें',
  inviteIgnore: 'अगर आप इस विभाग में काम नहीं करते, तो इस ईमेल को अनदेखा करें।',
  openReport: 'शिकायत खोलें',
  openApp: `${PRODUCT_NAME} खोलें`,
  reference: (ref: string) => `संदर्भ ${ref}`,
  digestSubject: (n: number) => `${PRODUCT_NAME}: आज ${num(n)} अपडेट`,
  digestIntro: 'आपके पिछले सारांश के बाद से क्या हुआ:',
  digestMore: (n: number) => `…और ${num(n)} अपडेट।`,
  whyYouGetThis: `आपको यह ईमेल आपकी ${PRODUCT_NAME} ईमेल सेटिंग्स के कारण मिला है।`,
  unsubscribe: 'इन ईमेल की सदस्यता छोड़ें',
  settings: 'ईमेल सेटिंग्स',
  automatic: 'यह संदेश अपने आप भेजा गया है; जवाब पढ़े नहीं जाते।',
};
