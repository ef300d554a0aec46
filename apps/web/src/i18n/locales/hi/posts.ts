/** Hindi for locales/en/posts.ts: the same keys (a missing or extra key fails to compile and fails i18n.test). */
import type { Localized } from '@civicpulse/shared';
import type { posts as en } from '../en/posts';

export const posts: Localized<typeof en> = {
  titles: {
    upvoted: 'अपवोट की गई शिकायतें',
    downvoted: 'डाउनवोट की गई शिकायतें',
  },
  postsScreen: {
    title: 'पोस्ट',
    purpose: 'पूरे समुदाय की पोस्ट।',
  },
  timeline: {
    someone: 'अज्ञात व्यक्ति',
    aCitizen: 'एक नागरिक',
    photoAlt: '{{label}}: {{total}} में से फ़ोटो {{index}}',
  },
  rating: {
    satisfied: 'संतुष्ट',
    neutral: 'सामान्य',
    notSatisfied: 'संतुष्ट नहीं',
  },
  appeal: {
    heading: 'अपील',
    intro: 'विभाग ने इस शिकायत पर जो किया, उससे संतुष्ट नहीं हैं? आप एक बार अपील कर सकते हैं। विभाग प्रमुख या कोई एडमिन {{days}} दिनों के भीतर उत्तर देते हैं।',
    appeal: 'अपील करें',
    dialogTitle: 'समाधान के विरुद्ध अपील',
    dialogIntro: 'बताएँ कि अब भी क्या ठीक नहीं है। उत्तर {{days}} दिनों के भीतर आता है और आपको बताया जाता है।',
    reasonLabel: 'आप अपील क्यों कर रहे हैं?',
    send: 'अपील भेजें',
    sending: 'भेजी जा रही है…',
    cancel: 'रद्द करें',
    status: {
      open: 'अपील खुली है',
      upheld: 'अपील स्वीकार',
      dismissed: 'अपील खारिज',
    },
    dueBy: 'उत्तर की अंतिम तिथि {{date}}',
    overdue: 'समय सीमा पार',
    filedOn: 'अपील की तिथि {{date}}',
    answeredOn: 'उत्तर की तिथि {{date}}',
    reason: 'अपील का कारण',
    response: 'उत्तर',
    handlerHead: 'इस अपील का उत्तर विभाग प्रमुख देते हैं।',
    handlerAdmin: 'इस अपील का उत्तर कोई एडमिन देते हैं।',
    upheldMeaning: 'विभाग इस शिकायत पर फिर से काम करता है।',
    dismissedMeaning: 'शिकायत जैसी थी वैसी ही रहती है।',
    answer: 'अपील का उत्तर दें',
    answerNamed: '{{reference}} की अपील का उत्तर दें',
    answerTitle: 'अपील का उत्तर दें',
    outcomeLegend: 'निर्णय',
    upheld: 'स्वीकार',
    upheldHint: 'शिकायतकर्ता सही हैं: शिकायत "काम शुरू" पर फिर से खुलती है।',
    dismissed: 'खारिज',
    dismissedHint: 'समाधान सही है: शिकायत जैसी है वैसी ही रहती है।',
    responseLabel: 'शिकायतकर्ता के लिए उत्तर',
    sendAnswer: 'उत्तर भेजें',
    openReport: 'शिकायत खोलें',
    loadFailed: 'अपील लोड नहीं हो सकी।',
  },
  appealList: {
    title: 'अपीलें',
    intro: 'जिन शिकायतकर्ताओं को समाधान अब भी अधूरा लगता है, वे उसके विरुद्ध अपील करते हैं। विभाग प्रमुख हर अपील का उत्तर {{days}} दिनों के भीतर देते हैं; जिनकी अंतिम तिथि सबसे पास है, वे पहले हैं।',
    empty: 'कोई खुली अपील नहीं है।',
    loadFailed: 'अपीलें लोड नहीं हो सकीं।',
    onlyHead: 'अपीलों का उत्तर केवल विभाग प्रमुख देते हैं।',
  },
};
