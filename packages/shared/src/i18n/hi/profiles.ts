/**
 * Hindi for ../../profiles.ts, ../../settings.ts and ../../profileUi.ts: the same keys and function
 * parameters; numbers through Intl (hi-IN).
 */
import { PROFILE_LIMITS, PROFILE_TEXTS } from '../../profiles.js';
import { SETTINGS_TEXTS, NOTIFICATION_LABELS } from '../../settings.js';
import { PROFILE_UI, SETTINGS_UI, EDITOR_UI } from '../../profileUi.js';
import type { Localized } from '../localized.js';
import { hiNumber } from './format.js';
import { TEXTS_HI } from './texts.js';

const number = hiNumber;

/**
 * checkProfileEdit names the field of a too-long value by its English name ('Name', 'Bio', ...) or its
 * key ('designation', ...): the Hindi message names it in Hindi.
 */
const FIELD_NAMES: Record<string, string> = {
  Name: 'नाम',
  name: 'नाम',
  'Authority name': 'प्राधिकरण का नाम',
  authorityName: 'प्राधिकरण का नाम',
  Bio: 'परिचय',
  bio: 'परिचय',
  Address: 'पता',
  address: 'पता',
  officeAddress: 'कार्यालय का पता',
  Landmark: 'लैंडमार्क',
  landmark: 'लैंडमार्क',
  city: 'शहर',
  designation: 'पदनाम',
  department: 'विभाग',
  jurisdictionArea: 'अधिकार क्षेत्र',
  idProofType: 'पहचान प्रमाण का प्रकार',
  idProofNumber: 'पहचान प्रमाण संख्या',
  phone: 'फ़ोन',
  alternateContact: 'वैकल्पिक संपर्क',
  dob: 'जन्म तिथि',
  gender: 'लिंग',
  state: 'राज्य',
  pincode: 'पिनकोड',
  website: 'वेबसाइट',
};

export const PROFILE_TEXTS_HI: Localized<typeof PROFILE_TEXTS> = {
  notFound: 'प्रोफ़ाइल नहीं मिली',
  updated: TEXTS_HI.success.profileUpdated,
  updateFailed: 'प्रोफ़ाइल अपडेट नहीं हो सकी',
  nameRequired: 'नाम खाली नहीं हो सकता',
  authorityRequired: 'प्राधिकरण का नाम खाली नहीं हो सकता',
  tooLong: (field: string, max: number) => `${FIELD_NAMES[field] ?? field} में अधिकतम ${number(max)} अक्षर हो सकते हैं`,
  dobFormat: 'जन्म तिथि एक मान्य तारीख होनी चाहिए (YYYY-MM-DD)',
  dobFuture: 'जन्म तिथि भविष्य की नहीं हो सकती',
  dobTooYoung: `आपकी आयु कम से कम ${number(PROFILE_LIMITS.minAgeYears)} वर्ष होनी चाहिए`,
  gender: 'लिंग पुरुष, महिला या अन्य में से एक होना चाहिए',
  phone: TEXTS_HI.validation.phoneDigits,
  alternateContact: 'वैकल्पिक संपर्क नंबर ठीक 10 अंकों का होना चाहिए',
  pincode: 'पिनकोड ठीक 6 अंकों का होना चाहिए',
  state: 'कृपया भारत के राज्यों और केंद्र शासित प्रदेशों में से एक चुनें',
  socialLinksJson: 'सोशल लिंक एक JSON ऑब्जेक्ट के रूप में होने चाहिए',
  socialLink: (network: string) => `${network} लिंक https:// से शुरू होने वाला पता होना चाहिए`,
  website: 'वेबसाइट https:// से शुरू होने वाला पता होना चाहिए',
  publicFields: 'सार्वजनिक फ़ील्ड में एक अज्ञात फ़ील्ड है',
  photoType: 'प्रोफ़ाइल फ़ोटो JPEG, PNG या WebP छवि होनी चाहिए',
  bodyShape: 'प्रोफ़ाइल को फ़ॉर्म या JSON ऑब्जेक्ट के रूप में भेजें',
};

export const SETTINGS_TEXTS_HI: Localized<typeof SETTINGS_TEXTS> = {
  passwordChanged: 'पासवर्ड बदल दिया गया। अन्य डिवाइस से लॉग आउट कर दिया गया है।',
  currentPasswordWrong: 'मौजूदा पासवर्ड गलत है',
  samePassword: 'नया पासवर्ड मौजूदा पासवर्ड से अलग होना चाहिए',
  settingsSaved: 'सेटिंग्स सहेज ली गईं',
  accountDeleted: 'आपका खाता हटा दिया गया है',
  passwordRequired: 'कृपया अपना पासवर्ड दर्ज करें',
};

export const PROFILE_UI_HI: Localized<typeof PROFILE_UI> = {
  loadingRole: 'भूमिका लोड हो रही है',
  unknownRole: 'अज्ञात भूमिका',
  loading: 'प्रोफ़ाइल लोड हो रही है…',
  failed: 'प्रोफ़ाइल लोड नहीं हो सकी।',
  noData: 'कोई प्रोफ़ाइल जानकारी उपलब्ध नहीं है।',
  notProvided: 'नहीं दिया गया',
  private: 'निजी',
  verified: 'सत्यापित',
  notVerified: 'सत्यापित नहीं',
  verifiedAuthority: 'सत्यापित प्राधिकरण',
  verifiedOfficial: 'सत्यापित अधिकारी',
  govErrors: {
    noToken: 'प्रमाणीकरण टोकन नहीं मिला। कृपया फिर से लॉग इन करें।',
    expired: 'सत्र समाप्त हो गया है। कृपया फिर से लॉग इन करें।',
    notFound: 'प्रोफ़ाइल नहीं मिली।',
    status: (status: number, statusText: string) => `प्रोफ़ाइल लोड नहीं हो सकी: ${status} ${statusText}`.trim(),
    network: 'सर्वर से जुड़ नहीं सके। कृपया अपना इंटरनेट कनेक्शन जाँचें।',
    unexpected: 'प्रोफ़ाइल लोड करते समय एक अनपेक्षित त्रुटि हुई।',
  },
  pendingVerification: 'सत्यापन लंबित',
  active: 'सक्रिय',
  readMore: 'और पढ़ें',
  showLess: 'कम दिखाएँ',
  memberSince: 'सदस्यता आरंभ',
  share: 'प्रोफ़ाइल साझा करें',
  linkCopied: 'प्रोफ़ाइल लिंक क्लिपबोर्ड पर कॉपी हो गया!',
  tryAgain: 'फिर से कोशिश करें',
  sections: 'प्रोफ़ाइल के भाग',
  proofOnFile: 'रिकॉर्ड में है (केवल एडमिन और यह विभाग देख सकते हैं)',
  tabs: { overview: 'सारांश', contact: 'संपर्क', documents: 'दस्तावेज़', social: 'सोशल' },
  copy: 'कॉपी करें',
  copied: 'कॉपी हो गया',
  labels: {
    email: 'ईमेल',
    officialEmail: 'आधिकारिक ईमेल',
    phone: 'फ़ोन',
    dob: 'जन्म तिथि',
    gender: 'लिंग',
    address: 'पता',
    city: 'शहर',
    state: 'राज्य',
    pincode: 'पिनकोड',
    landmark: 'लैंडमार्क',
    bio: 'परिचय',
    designation: 'पदनाम',
    department: 'विभाग',
    jurisdictionArea: 'अधिकार क्षेत्र',
    alternateContact: 'वैकल्पिक संपर्क',
    officeAddress: 'कार्यालय का पता',
    website: 'वेबसाइट',
    idProofType: 'पहचान प्रमाण का प्रकार',
    idProofNumber: 'पहचान प्रमाण संख्या',
    proofDocumentUrl: 'प्रमाण दस्तावेज़',
    resolvedIssues: 'हल की गई शिकायतें',
  },
  metrics: {
    reportsFiled: 'दर्ज की गई शिकायतें',
    reportsResolved: 'हल हुई शिकायतें',
    votesGiven: 'दिए गए वोट',
    comments: 'टिप्पणियाँ',
    resolvedIssues: 'हल की गई शिकायतें',
    activeCases: 'सक्रिय मामले',
    successRate: 'सफलता दर',
    citizensServed: 'लाभान्वित नागरिक',
    averageResponse: 'औसत प्रतिक्रिया समय',
    medianResolve: 'समाधान का माध्यिका समय',
  },
  recentReports: 'हाल की शिकायतें',
  recentActivity: 'हाल की गतिविधि',
  noActivity: 'अभी कोई गतिविधि नहीं।',
  socialNone: 'कोई सोशल लिंक नहीं।',
};

export const SETTINGS_UI_HI: Localized<typeof SETTINGS_UI> = {
  title: 'सेटिंग्स',
  intro: 'आपका पासवर्ड, किन बातों की सूचना मिले, दूसरे क्या देख सकें, और आपका डेटा।',
  passwordTitle: 'पासवर्ड बदलें',
  currentPassword: 'मौजूदा पासवर्ड',
  newPassword: 'नया पासवर्ड',
  changePassword: 'पासवर्ड बदलें',
  changing: 'बदला जा रहा है…',
  notificationsTitle: 'सूचनाएँ',
  privacyTitle: 'गोपनीयता',
  privacyIntro: 'चुनें कि दूसरे लोग आपकी प्रोफ़ाइल पर क्या देख सकते हैं। बाकी सब निजी रहता है।',
  save: 'सहेजें',
  saving: 'सहेजा जा रहा है…',
  dataTitle: 'आपका डेटा',
  dataIntro: 'CivicPulse के पास आपकी जो भी जानकारी है, उसे डाउनलोड करें: आपकी प्रोफ़ाइल, शिकायतें, टिप्पणियाँ और वोट।',
  download: 'मेरा डेटा डाउनलोड करें',
  downloading: 'तैयार किया जा रहा है…',
  deleteTitle: 'खाता हटाएँ',
  deleteIntro: 'आपका खाता, फ़ोटो सहित आपकी शिकायतें, और आपके वोट व टिप्पणियाँ हमेशा के लिए हटा दी जाती हैं।',
  // The word stays DELETE in Latin letters: easy to type on any keyboard.
  deleteConfirmLabel: 'पुष्टि के लिए DELETE टाइप करें',
  deleteWord: 'DELETE',
  password: 'पासवर्ड',
  deleteButton: 'मेरा खाता हटाएँ',
  deleting: 'हटाया जा रहा है…',
  failed: 'कुछ गलत हो गया। कृपया फिर से कोशिश करें।',
  fieldLabels: {
    email: 'ईमेल',
    phone: 'फ़ोन',
    dob: 'जन्म तिथि',
    gender: 'लिंग',
    address: 'पता',
    pincode: 'पिनकोड',
    landmark: 'लैंडमार्क',
    alternateContact: 'वैकल्पिक संपर्क',
  },
};

export const EDITOR_UI_HI: Localized<typeof EDITOR_UI> = {
  edit: 'प्रोफ़ाइल संपादित करें',
  save: 'सहेजें',
  saving: 'सहेजा जा रहा है…',
  cancel: 'रद्द करें',
  photo: 'प्रोफ़ाइल फ़ोटो',
  photoHint: 'JPEG, PNG या WebP; फ़ोटो को वर्गाकार काटा जाता है।',
  uploading: (percent: number) => `अपलोड हो रहा है… ${number(percent)}%`,
  emailReadOnly: 'ईमेल बदला नहीं जा सकता',
  name: 'नाम',
  authorityName: 'प्राधिकरण का नाम',
  chooseState: 'राज्य चुनें',
  chooseGender: 'चुनें',
  social: 'सोशल लिंक',
};

export const NOTIFICATION_LABELS_HI: Localized<typeof NOTIFICATION_LABELS> = {
  progress: 'कोई विभाग मेरी शिकायत की स्थिति बदले',
  verifyRequest: 'कोई विभाग मुझसे समाधान की पुष्टि करने को कहे',
  comments: 'कोई मेरी शिकायत पर टिप्पणी करे',
  replies: 'कोई मेरी टिप्पणी का जवाब दे',
  chat: 'सामुदायिक चैट में नए संदेश',
  serviceLevels: 'मेरे ज़िम्मे की (या मेरी निगरानी वाली) शिकायत समय-सीमा पार करे या ऊपर भेजी जाए',
  newReports: 'मेरे विभाग के अधिकार क्षेत्र में नई शिकायत दर्ज हो',
  areaAlerts: 'मेरे किसी क्षेत्र अलर्ट के भीतर नई शिकायत दर्ज हो',
};
