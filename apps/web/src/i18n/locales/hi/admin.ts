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
    triage: 'छँटाई',
    appeals: 'अपीलें',
  },
  home: {
    managePostsBody: 'पोस्ट, टिप्पणियाँ और जवाब देखें और हटाएँ।',
    manageUsersBody: 'खातों की सूची देखें और उन्हें हटाएँ।',
    manageGovernmentBody: 'सरकारी खातों का सत्यापन करें, सत्यापन रद्द करें या उन्हें हटाएँ।',
  },
  profile: {
    purpose: 'किसी खाते की प्रोफ़ाइल।',
    intro: 'CivicPulse पर आपका प्रशासक खाता।',
    loading: 'आपका खाता लोड हो रहा है',
    loadFailed: 'आपका खाता लोड नहीं हो सका।',
    email: 'ईमेल',
    role: 'भूमिका',
    roleAdmin: 'प्रशासक',
    joined: 'जुड़ने की तारीख',
    tools: 'आपके एडमिन उपकरण',
    latest: 'आपकी हाल की कार्रवाइयाँ',
    allActions: 'पूरा ऑडिट लॉग देखें',
  },
  audit: {
    onlyMine: 'केवल मेरी कार्रवाइयाँ',
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
  triage: {
    intro: 'वे शिकायतें जिन्हें किसी विभाग ने इसलिए सौंप दिया क्योंकि वे उसकी नहीं थीं और उसे पता नहीं था कि किसकी हैं। हर शिकायत को ज़िम्मेदार सत्यापित विभाग को भेजें।',
    empty: 'कोई शिकायत किसी विभाग की प्रतीक्षा में नहीं है।',
    loadFailed: 'छँटाई की सूची लोड नहीं हो सकी।',
    reported: 'शिकायत की तिथि {{date}}',
    searchLabel: 'विभाग खोजें',
    departmentLabel: 'किसे भेजें',
    chooseDepartment: 'कोई विभाग चुनें',
    noDepartments: 'कोई सत्यापित विभाग मेल नहीं खाता।',
    departmentRequired: 'वह विभाग चुनें जिसे शिकायत भेजनी है।',
    reasonLabel: 'कारण (शिकायतकर्ता और विभाग इसे देखते हैं)',
    send: 'भेजें',
    sending: 'भेजी जा रही है…',
  },
  appeals: {
    intro: 'बिना सदस्यों वाले विभागों की अपीलें, और हर वह अपील जिसकी अंतिम तिथि निकल चुकी है। हर एक का उत्तर यहाँ या शिकायत पर दें।',
    empty: 'कोई खुली अपील नहीं है।',
    loadFailed: 'अपीलें लोड नहीं हो सकीं।',
  },
  apiKeys: {
    revokeNamed: '{{name}} की कुंजी रद्द करें',
    revokeTitle: '{{name}} की कुंजी रद्द करें?',
  },
};
