/** Hindi for locales/en/user.ts: the same keys (a missing or extra key fails to compile and fails i18n.test). */
import type { Localized } from '@civicpulse/shared';
import type { user as en } from '../en/user';

export const user: Localized<typeof en> = {
  home: {
    title: 'नागरिक डैशबोर्ड',
    welcome: 'फिर से स्वागत है, {{name}}',
    welcomeNoName: 'फिर से स्वागत है',
    intro: 'अपनी प्रोफ़ाइल संभालें, अपनी शिकायतें देखें और अपने समुदाय में उठाई गई समस्याओं को जानें।',
    createTitle: 'शिकायत दर्ज करें',
    createBody: 'फ़ोटो और नक्शे पर स्थान के साथ नई समस्या की शिकायत करें।',
    myIssuesTitle: 'मेरी शिकायतें',
    myIssuesBody: 'अपनी शिकायतों की स्थिति और प्रगति देखें।',
    otherIssuesTitle: 'अन्य शिकायतें',
    otherIssuesBody: 'दूसरों की उठाई समस्याएँ देखें, उन पर वोट करें और चर्चा करें।',
    profileTitle: 'प्रोफ़ाइल',
    profileBody: 'अपनी संपर्क जानकारी और फ़ोटो अद्यतन रखें।',
  },
  profile: {
    title: 'प्रोफ़ाइल',
    memberSince: '{{date}} से सदस्य',
  },
  genders: {
    male: 'पुरुष',
    female: 'महिला',
    other: 'अन्य',
  },
  duration: {
    minutes: '{{n}} मिनट',
    hours: '{{n}} घंटे',
    days: '{{n}} दिन',
  },
};
