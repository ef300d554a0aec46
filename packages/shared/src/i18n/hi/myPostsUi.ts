/** Hindi for ../myPostsUi.ts (MY_POSTS_UI): My Issues, its filters, the edit modal and the reporter's verdict. */
import { MY_POSTS_UI } from '../../myPostsUi.js';
import type { Localized } from '../localized.js';
import { hiNumber } from './format.js';
import { PLACE_UI_HI } from './postCardUi.js';

const num = hiNumber;

export const MY_POSTS_UI_HI: Localized<typeof MY_POSTS_UI> = {
  ...PLACE_UI_HI,
  heading: 'मेरी शिकायतें',
  intro: 'आपकी दर्ज की गई हर शिकायत, उसकी स्थिति और प्रगति के साथ। शिकायत बदलें या हटाएँ, और काम पूरा होने पर उसकी पुष्टि करें।',
  reportIssue: 'समस्या दर्ज करें',
  loading: 'आपकी शिकायतें लोड हो रही हैं...',

  filtersLabel: 'अपनी शिकायतें फ़िल्टर करें',
  sortBy: 'क्रम',
  sortLabels: {
    newest: 'सबसे नई',
    oldest: 'सबसे पुरानी',
    mostUpvotes: 'सबसे ज़्यादा अपवोट',
    mostDownvotes: 'सबसे ज़्यादा डाउनवोट',
  },
  priority: 'प्राथमिकता',
  allPriorities: 'सभी',
  minUpvotes: 'कम से कम अपवोट',
  minDownvotes: 'कम से कम डाउनवोट',
  clearFilters: 'फ़िल्टर हटाएँ',
  showing: (count: number, more: boolean) =>
    count === 1 && !more ? `${num(count)} शिकायत दिखाई जा रही है` : `${num(count)}${more ? '+' : ''} शिकायतें दिखाई जा रही हैं`,

  emptyTitle: 'आपने अभी तक कोई शिकायत दर्ज नहीं की है',
  emptyBody: 'कोई गड्ढा, खराब स्ट्रीटलाइट या कूड़े का ढेर दिखा? उसकी शिकायत दर्ज करें और ठीक होने तक यहाँ उस पर नज़र रखें।',
  emptyAction: 'अपनी पहली शिकायत दर्ज करें',
  noMatchTitle: 'इन फ़िल्टर से कोई शिकायत मेल नहीं खाती',
  noMatchBody: 'कोई दूसरी प्राथमिकता चुनें या कम से कम वोट की संख्या घटाएँ।',

  edited: 'संपादित',
  editedTitle: (when: string) => `${when} संपादित`,

  edit: 'संपादित करें',
  editLabel: (caption: string) => `“${caption}” संपादित करें`,
  delete: 'हटाएँ',
  deleteLabel: (caption: string) => `“${caption}” हटाएँ`,

  editHeading: 'शिकायत संपादित करें',
  editIntro: 'कैप्शन, जगह या प्राथमिकता बदलें। शिकायत दर्ज होने के बाद फ़ोटो नहीं बदली जा सकतीं।',
  save: 'बदलाव सहेजें',
  saving: 'सहेजा जा रहा है...',
  cancel: 'रद्द करें',
  close: 'बंद करें',

  deleteHeading: 'यह शिकायत हटाएँ?',
  deleteBody: (caption: string) =>
    `“${caption}” अपनी फ़ोटो, वोट और टिप्पणियों के साथ हमेशा के लिए हटा दी जाएगी। इसे वापस नहीं लिया जा सकता।`,
  deleteConfirm: 'शिकायत हटाएँ',
  deleting: 'हटाया जा रहा है...',

  verdictHeading: 'क्या समस्या ठीक हो गई?',
  verdictIntro: 'विभाग का कहना है कि काम पूरा हो गया है। उनका सबूत देखें, फिर पुष्टि करें या बताएँ कि क्या अभी भी ठीक नहीं है।',
  verify: 'काम पूरा होने की पुष्टि करें',
  verifying: 'पुष्टि की जा रही है...',
  verifyHeading: 'पुष्टि करें कि समस्या ठीक हो गई?',
  verifyBody: 'शिकायत पूरी और हल के रूप में दर्ज हो जाएगी, और विभाग इस पर आगे काम नहीं कर सकेगा।',
  notFixed: 'अभी ठीक नहीं हुई',
  reasonLabel: 'क्या अभी भी ठीक नहीं हुआ है?',
  reasonHint: 'विभाग इसे देखेगा और काम जारी रखेगा।',
  reasonPlaceholder: 'उदाहरण: गड्ढा भर दिया गया, लेकिन बस स्टॉप के पास सड़क अभी भी टूटी है।',
  sendReason: 'विभाग को भेजें',
  sendingReason: 'भेजा जा रहा है...',
  resolvedNote: 'आपने पुष्टि की है कि यह समस्या ठीक हो गई है।',
  resolvedLocked: 'अब इसे बदला या हटाया नहीं जा सकता। आप अब भी इस पर टिप्पणी कर सकते हैं।',
};
