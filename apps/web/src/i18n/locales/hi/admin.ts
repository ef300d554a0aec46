/** Hindi for locales/en/admin.ts: the same keys (a missing or extra key fails to compile and fails i18n.test). */
import type { Localized } from '@civicpulse/shared';
import type { admin as en } from '../en/admin';

export const admin: Localized<typeof en> = {
  titles: {
    home: 'एडमिन पैनल',
    managePosts: 'पोस्ट प्रबंधन',
    manageUsers: 'उपयोगकर्ता प्रबंधन',
    manageGovernment: 'सरकारी विभाग प्रबंधन',
    profile: 'प्रोफ़ाइल',
  },
  home: {
    managePostsBody: 'पोस्ट, टिप्पणियाँ और जवाब देखें और हटाएँ।',
    manageUsersBody: 'खातों की सूची देखें और उन्हें हटाएँ।',
    manageGovernmentBody: 'सरकारी खातों का सत्यापन करें, सत्यापन रद्द करें या उन्हें हटाएँ।',
  },
  profile: {
    purpose: 'किसी खाते की प्रोफ़ाइल।',
  },
  list: {
    loading: 'लोड हो रहा है',
    filters: 'फ़िल्टर',
  },
  priorities: {
    low: 'निम्न',
    medium: 'मध्यम',
    high: 'उच्च',
    urgent: 'अत्यावश्यक',
  },
  governments: {
    phone: 'फ़ोन',
    city: 'शहर',
  },
  users: {
    caption: 'खाते',
    name: 'नाम',
    email: 'ईमेल',
    actions: 'कार्रवाई',
    deleteNamed: '{{name}} को हटाएँ',
  },
  serviceLevels: {
    priority: 'प्राथमिकता',
    responseField: 'प्रतिक्रिया का समय',
    resolutionField: 'समाधान का समय',
  },
  apiKeys: {
    revokeNamed: '{{name}} की कुंजी रद्द करें',
    revokeTitle: '{{name}} की कुंजी रद्द करें?',
  },
};
