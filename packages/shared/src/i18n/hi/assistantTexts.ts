/**
 * Hindi for ../assistant.ts's ASSISTANT_TEXTS, on its own: the header's launcher shows it on the first
 * paint (./core.ts); the suggestions and the help list (./assistant.ts) wait for the full set.
 */
import { ASSISTANT_LIMITS, ASSISTANT_TEXTS } from '../../assistant.js';
import { PRODUCT_NAME } from '../../constants.js';
import type { Localized } from '../localized.js';
import { hiNumber } from './format.js';
import { ASSISTANT_BUTTON_TEXTS_HI } from './assistantButton.js';

const n = hiNumber;

export const ASSISTANT_TEXTS_HI: Localized<typeof ASSISTANT_TEXTS> = {
  ...ASSISTANT_BUTTON_TEXTS_HI,
  close: 'बंद करें',
  tryAsking: 'ये पूछकर देखें:',
  placeholder: `${PRODUCT_NAME} के बारे में अपना सवाल लिखें...`,
  send: 'भेजें',
  sending: 'भेजा जा रहा है...',
  typing: 'AI लिख रहा है...',
  failed: '⚠️ कुछ गड़बड़ हो गई।',
  messageLabel: 'आपका सवाल',
  empty: 'कृपया अपना सवाल लिखें',
  tooLong: `सवाल अधिकतम ${n(ASSISTANT_LIMITS.messageMaxChars)} अक्षरों का हो सकता है`,
  readMore: 'और पढ़ें',
  noAnswer: `मुझे ${PRODUCT_NAME} सहायता में इसका जवाब नहीं मिला। ये पूछकर देखें:`,
  contactLine: 'या संपर्क पेज पर हमें लिखें: /contact',
  signInForOwn: 'अपनी शिकायतों के बारे में पूछने के लिए नागरिक के रूप में लॉग इन करें: /login',
  noReports: 'आपने अभी तक कोई शिकायत दर्ज नहीं की है। शिकायत दर्ज करें पेज से नई शिकायत दर्ज करें: /user/dashboard/createPost',
  deptCounts: (active: number, resolved: number) =>
    `आप ${n(active)} खुली शिकायतों पर काम कर रहे हैं और ${n(resolved)} हल कर चुके हैं। इन्हें प्रगति देखें में देखें: /government/dashboard/viewProgress`,
  citizenCounts: (total: number, resolved: number) =>
    `आपने ${n(total)} शिकायतें दर्ज की हैं: ${n(resolved)} हल हो चुकी हैं और ${n(total - resolved)} अभी खुली या प्रगति में हैं। इन्हें मेरी शिकायतें में देखें: /user/dashboard/userPosts`,
  deptNoReports: 'आप अभी किसी शिकायत पर काम नहीं कर रहे हैं। शिकायतें देखें से कोई शिकायत अपने हाथ में लें: /government/dashboard/viewPosts',
  yourReport: 'आपकी शिकायत',
  theReport: 'शिकायत',
  noMatchLatestOne: 'इन शब्दों वाली आपकी कोई शिकायत नहीं मिली; आपकी सबसे नई शिकायत: ',
  takenOverBy: (whose: string, caption: string, department: string, postId: string) => `${whose} "${caption}" को ${department} ने अपने हाथ में लिया है: /post/${postId}`,
  notTakenOver: (whose: string, caption: string, state: string, postId: string) =>
    `${whose} "${caption}" को अभी किसी विभाग ने अपने हाथ में नहीं लिया है (स्थिति: ${state}): /post/${postId}`,
  ownReport: (caption: string, status: string, progress: string, department: string | null, postId: string) =>
    `"${caption}" की स्थिति: ${status} (${progress})${department ? `, विभाग: ${department}` : ''}: /post/${postId}`,
  matchingReports: 'आपकी मिलती-जुलती शिकायतें:',
  noMatchLatest: 'इन शब्दों वाली कोई शिकायत नहीं मिली। आपकी सबसे नई शिकायतें:',
  conversation: `${PRODUCT_NAME} AI से बातचीत`,
  fromYou: 'आप:',
  fromAi: `${PRODUCT_NAME} AI:`,
  newTab: '(नए टैब में खुलता है)',
};
