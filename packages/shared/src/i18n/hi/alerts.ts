/** Hindi for ../alerts.ts (ALERT_TEXTS, ALERT_UI). */
import type { ALERT_TEXTS, ALERT_UI } from '../../alertsUi.js';
import type { Localized } from '../localized.js';

const num = (n: number): string => new Intl.NumberFormat('hi-IN').format(n);

export const ALERT_TEXTS_HI: Localized<typeof ALERT_TEXTS> = {
  saved: 'क्षेत्र अलर्ट सहेजा गया। इसके भीतर की नई शिकायतें आप तक पहुँचेंगी।',
  deleted: 'क्षेत्र अलर्ट हटाया गया',
  notFound: 'क्षेत्र अलर्ट नहीं मिला',
  tooMany: 'आप अधिकतम 10 क्षेत्र अलर्ट रख सकते हैं। नया जोड़ने के लिए कोई एक हटाएँ।',
  placeInvalid: 'कृपया नक्शे पर भारत में कोई जगह चुनें',
  radiusInvalid: 'कृपया 100 मीटर से 5 किमी के बीच का दायरा चुनें',
  labelRequired: 'कृपया अलर्ट को एक नाम दें',
  labelTooLong: 'नाम अधिकतम 60 अक्षरों का हो सकता है',
};

export const ALERT_UI_HI: Localized<typeof ALERT_UI> = {
  heading: 'क्षेत्र अलर्ट',
  intro: 'अपने घर, स्कूल या दुकान के पास की नई शिकायतों की जानकारी पाएँ: नक्शे पर जगह, दायरा और चाहें तो एक श्रेणी चुनें।',
  listHeading: 'मेरे अलर्ट',
  empty: 'अभी कोई क्षेत्र अलर्ट नहीं है। नीचे एक जोड़ें।',
  addHeading: 'क्षेत्र अलर्ट जोड़ें',
  pickPlace: 'केंद्र चुनने के लिए नक्शे पर क्लिक करें, या नक्शा खिसकाकर “नक्शे के बीच में पिन लगाएँ” दबाएँ।',
  label: 'नाम',
  labelPlaceholder: 'जैसे घर, स्कूल',
  radius: 'दायरा',
  category: 'श्रेणी',
  anyCategory: 'हर श्रेणी',
  save: 'अलर्ट सहेजें',
  saving: 'सहेजा जा रहा है…',
  delete: 'हटाएँ',
  deleteLabel: (label: string) => `अलर्ट "${label}" हटाएँ`,
  within: (radius: string) => `${radius} के भीतर`,
  howYouHear: 'किसी अलर्ट के भीतर की नई शिकायतें आपकी सूचनाओं में आती हैं, और सेटिंग्स में चुने अनुसार ईमेल से।',
  kilometres: (n: number) => `${num(n)} किमी`,
  metres: (n: number) => `${num(n)} मीटर`,
  failed: 'आपके क्षेत्र अलर्ट लोड नहीं हो सके',
  settingsLink: 'क्षेत्र अलर्ट',
  settingsIntro: 'अपनी चुनी जगहों के पास की नई शिकायतों की जानकारी पाएँ।',
};
