/** Hindi for locales/en/common.ts: the same keys (a missing or extra key fails to compile and fails i18n.test). */
import type { Localized } from '@civicpulse/shared';
import type { common as en } from '../en/common';

export const common: Localized<typeof en> = {
  language: {
    label: 'भाषा',
  },
  pageTitle: '{{screen}} · CivicPulse',
  header: {
    skipToContent: 'मुख्य सामग्री पर जाएँ',
    home: 'होम',
    homeLink: 'CivicPulse होम',
    login: 'लॉग इन',
    signup: 'साइन अप',
    dashboard: 'डैशबोर्ड',
    mainNav: 'मुख्य',
    openMenu: 'मेनू खोलें',
  },
  footer: {
    tagline: 'नागरिकों को स्थानीय प्रशासन से जोड़कर शहरों को बेहतर और ज़्यादा जवाबदेह बनाना।',
    socialLinks: 'सोशल मीडिया लिंक',
    opensInNewTab: '{{name}} (नए टैब में खुलता है)',
    quickLinksNav: 'उपयोगी लिंक',
    quickLinks: 'उपयोगी लिंक',
    servicesNav: 'सेवाएँ',
    services: 'सेवाएँ',
    contactUs: 'संपर्क करें',
    email: 'ईमेल:',
    phone: 'फ़ोन:',
    copyright: '© {{year}} CivicPulse. सर्वाधिकार सुरक्षित।',
    links: {
      about: 'हमारे बारे में',
      services: 'सेवाएँ',
      contact: 'संपर्क',
      policy: 'गोपनीयता नीति',
      terms: 'नियम और शर्तें',
      report: 'शिकायत दर्ज करें',
      track: 'शिकायत की स्थिति देखें',
      updates: 'समुदाय की ख़बरें',
      forum: 'चर्चा मंच',
      help: 'सहायता केंद्र',
    },
  },
  menu: {
    title: 'मेनू',
    close: 'मेनू बंद करें',
    mobileNav: 'मोबाइल',
    myProfile: 'मेरी प्रोफ़ाइल',
    profileSettings: 'प्रोफ़ाइल सेटिंग्स',
    developers: 'डेवलपर्स',
    logout: 'लॉग आउट',
  },
  account: {
    menuLabel: 'खाता मेनू',
    menuLabelInitials: '{{initials}}, खाता मेनू',
    group: 'खाता',
    admin: 'एडमिन',
    account: 'खाता',
    viewPublicProfile: 'अपनी सार्वजनिक प्रोफ़ाइल देखें',
  },
  dashboard: {
    closeMenu: 'मेनू बंद करें',
    openMenu: '{{title}} मेनू',
  },
  pending: {
    title: 'अभी उपलब्ध नहीं',
    body: 'यह स्क्रीन CivicPulse के अगले संस्करण में आएगी।',
  },
  notFound: {
    pageTitle: 'पेज नहीं मिला',
  },
};
