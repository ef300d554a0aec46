/** Hindi for ../live.ts: the same keys and function parameters; numbers through Intl (hi-IN). */
import type { NotificationFacts, NotificationType } from '../../live.js';
import { CHAT_LIMITS, LIVE_TEXTS, CHAT_TEXTS, NOTIFICATION_TEXTS } from '../../liveTexts.js';
import type { Localized } from '../localized.js';
import { hiNumber } from './format.js';
import { NAMES_HI } from './names.js';
import { TEXTS_HI } from './texts.js';

const number = hiNumber;

export const LIVE_TEXTS_HI: Localized<typeof LIVE_TEXTS> = {
  unauthorized: 'अनधिकृत: कृपया फिर से लॉग इन करें',
  chatCitizensOnly: 'सामुदायिक चैट केवल नागरिकों के लिए है',
  tooManyWatched: 'एक साथ बहुत अधिक पोस्ट देखी जा रही हैं',
  badPayload: 'अमान्य संदेश',
  tooManyForAccount: 'इस खाते के लिए बहुत अधिक लाइव कनेक्शन हैं',
  tooManyFromAddress: 'इस पते से बहुत अधिक लाइव कनेक्शन हैं',
};

export const CHAT_TEXTS_HI: Localized<typeof CHAT_TEXTS> = {
  heading: 'सामुदायिक चैट',
  placeholder: 'संदेश लिखें... (नई पंक्ति के लिए Shift+Enter)',
  send: 'भेजें',
  you: 'आप',
  failed: 'संदेश नहीं भेजा जा सका',
  sent: 'संदेश भेज दिया गया',
  empty: 'संदेश खाली नहीं हो सकता',
  tooLong: `संदेश में अधिकतम ${number(CHAT_LIMITS.msgMaxChars)} अक्षर हो सकते हैं`,
  noMessages: 'अभी कोई संदेश नहीं है। अपने पड़ोसियों को नमस्ते कहें!',
  loadingOlder: 'पुराने संदेश लोड हो रहे हैं…',
  beginning: 'सामुदायिक चैट की शुरुआत यहीं से है।',
  newMessages: 'नए संदेश',
  messageList: 'संदेश',
  messageLabel: 'संदेश',
};

export const NOTIFICATION_TEXTS_HI: Localized<typeof NOTIFICATION_TEXTS> = {
  heading: 'सूचनाएँ',
  empty: TEXTS_HI.empty.notifications,
  markAllRead: 'सभी को पढ़ा हुआ मानें',
  marked: 'सूचनाएँ पढ़ी हुई मान ली गईं',
  loadMore: 'और दिखाएँ',
  failed: 'सूचनाएँ लोड नहीं हो सकीं',
  updates: (n: number) => `${n} अपडेट`,
};

/** "आपकी शिकायत "…"" (or just "आपकी शिकायत" when the post has no caption). */
const yourReport = (caption: string) => (caption ? `आपकी शिकायत "${caption}"` : 'आपकी शिकायत');
/** "…" or "शिकायत" when the post has no caption. */
const theReport = (caption: string) => (caption ? `"${caption}"` : 'शिकायत');
/** "शिकायत "…"" (or just "शिकायत"). */
const aReport = (caption: string) => (caption ? `शिकायत "${caption}"` : 'शिकायत');
const progressName = (state: string | null) => (state ? ((NAMES_HI.progress as Record<string, string>)[state] ?? state) : '');

/**
 * The Hindi twin of `notificationText` (same parameters): the title and message of a stored
 * notification, for a server answering in Hindi (Accept-Language).
 */
export function notificationTextHi(type: NotificationType, f: NotificationFacts): { title: string; message: string } {
  switch (type) {
    case 'comment':
      return { title: 'नई टिप्पणी', message: `${f.actorName} ने ${yourReport(f.caption)} पर टिप्पणी की` };
    case 'reply':
      return { title: 'नया जवाब', message: `${f.actorName} ने ${theReport(f.caption)} पर आपकी टिप्पणी का जवाब दिया` };
    case 'takenOver':
      return { title: 'शिकायत पर कार्रवाई शुरू', message: `${f.actorName} ने ${yourReport(f.caption)} अपने ज़िम्मे ली` };
    case 'progress':
      return { title: 'प्रगति अपडेट', message: `${f.actorName} ने ${yourReport(f.caption)} की स्थिति बदलकर "${progressName(f.toState)}" की` };
    case 'released':
      return { title: 'शिकायत छोड़ी गई', message: `${f.actorName} ने ${yourReport(f.caption)} छोड़ दी; यह विभागों के लिए फिर से खुली है` };
    case 'verifyRequest':
      return { title: 'कृपया समाधान की पुष्टि करें', message: `${f.actorName} के अनुसार ${yourReport(f.caption)} हल हो गई है। कृपया काम की जाँच करें।` };
    case 'fixConfirmed':
      return { title: 'समस्या हल हुई', message: `${f.actorName} ने ${theReport(f.caption)} के आपके समाधान की पुष्टि की` };
    case 'fixRejected':
      return {
        title: 'समाधान अस्वीकार',
        message: `${f.actorName} ने ${theReport(f.caption)} का आपका समाधान अस्वीकार किया; यह फिर से "${progressName('Work Started')}" पर है${f.reason ? `: ${f.reason}` : ''}`,
      };
    case 'deptComment':
      return { title: 'नई टिप्पणी', message: `${f.actorName} ने ${theReport(f.caption)} पर टिप्पणी की, जिस शिकायत पर आप काम कर रहे हैं` };
    case 'accountVerified':
      return { title: 'खाता सत्यापित', message: 'एक एडमिन ने आपके विभाग का खाता सत्यापित कर दिया है। अब आप शिकायतें अपने ज़िम्मे ले और अपडेट कर सकते हैं।' };
    case 'newReport':
      return { title: 'आपके क्षेत्र में नई शिकायत', message: `${f.actorName} ने आपके अधिकार क्षेत्र में ${f.caption ? `"${f.caption}" की शिकायत` : 'एक शिकायत'} दर्ज की` };
    case 'areaAlert':
      return {
        title: 'आपके अलर्ट क्षेत्र में नई शिकायत',
        message: `${f.actorName} ने आपके क्षेत्र अलर्ट${f.reason ? ` "${f.reason}"` : ''} के भीतर ${f.caption ? `"${f.caption}" की शिकायत` : 'एक शिकायत'} दर्ज की`,
      };
    case 'transferred':
      return { title: 'शिकायत स्थानांतरित', message: `${f.actorName} ने आपकी ${f.caption ? `"${f.caption}" की शिकायत` : 'शिकायत'} ${f.toState || 'एडमिन'} को स्थानांतरित की${f.reason ? `: ${f.reason}` : ''}` };
    case 'transferredIn':
      return { title: 'शिकायत आपको स्थानांतरित', message: `${f.actorName} ने ${f.caption ? `"${f.caption}" की शिकायत` : 'एक शिकायत'} आपके विभाग को स्थानांतरित की${f.reason ? `: ${f.reason}` : ''}` };
    case 'appealed':
      return { title: 'समाधान के विरुद्ध अपील', message: `${f.caption ? `"${f.caption}"` : 'एक शिकायत'} के शिकायतकर्ता ने समाधान के विरुद्ध अपील की${f.reason ? `: ${f.reason}` : ''}` };
    case 'appealAnswered':
      return { title: 'आपकी अपील का उत्तर', message: `${f.actorName} ने ${f.caption ? `"${f.caption}"` : 'शिकायत'} पर आपकी अपील ${f.toState === 'upheld' ? 'स्वीकार' : 'खारिज'} की${f.reason ? `: ${f.reason}` : ''}` };
    case 'contentHidden':
      return {
        title: 'मॉडरेशन द्वारा छिपाया गया',
        message: `आपकी ${f.toState?.startsWith('post') ? 'शिकायत' : f.toState?.startsWith('chat') ? 'चैट संदेश' : 'टिप्पणी'} ${f.caption ? `"${f.caption}"` : ''} मॉडरेटर की समीक्षा तक छिपी है${f.reason ? `: ${f.reason}` : ''}। आप समीक्षा माँग सकते हैं।`,
      };
    case 'contentRestored':
      return { title: 'वापस लाया गया', message: `एक मॉडरेटर ने ${f.caption ? `"${f.caption}"` : 'आपकी सामग्री'} वापस ला दी; सभी इसे फिर देख सकते हैं।` };
    case 'accountSuspended':
      return { title: 'खाता निलंबित', message: `आपका खाता ${f.toState ?? ''} तक निलंबित है${f.reason ? `: ${f.reason}` : ''}। आप पढ़ सकते हैं, पर शिकायत, वोट, टिप्पणी या चैट नहीं कर सकते।` };
    case 'duplicate':
      return { title: 'शिकायत डुप्लिकेट चिह्नित', message: `${f.actorName} ने आपकी ${f.caption ? `"${f.caption}" की शिकायत` : 'शिकायत'} को ${f.toState ?? ''} की डुप्लिकेट चिह्नित किया; इसके वोट और फ़ॉलोअर वहाँ चले गए। अपडेट के लिए उस शिकायत को फ़ॉलो करें।` };
    case 'notDuplicate':
      return { title: 'अब डुप्लिकेट नहीं', message: `${f.actorName} के अनुसार आपकी ${f.caption ? `"${f.caption}" की शिकायत` : 'शिकायत'} ${f.toState ?? ''} की डुप्लिकेट नहीं है; यह फिर से अलग से खुली है।` };
    case 'assigned':
      return { title: 'शिकायत आपको सौंपी गई', message: `${f.actorName} ने आपको ${f.caption ? `"${f.caption}" की शिकायत` : 'एक शिकायत'} सौंपी${f.reason ? `: ${f.reason}` : ''}` };
    case 'followUpdate':
      return {
        title: 'आपकी फ़ॉलो की गई शिकायत पर अपडेट',
        message: `${f.actorName} ने ${f.caption ? `"${f.caption}"` : 'शिकायत'} को "${progressName(f.toState ?? '')}" पर पहुँचाया${f.reason ? `: ${f.reason}` : ''}`,
      };
    case 'accountRevoked':
      return { title: 'सत्यापन रद्द', message: `एक एडमिन ने आपके विभाग का सत्यापन रद्द कर दिया${f.reason ? `: ${f.reason}` : ''}` };
    case 'overdue':
      return { title: 'शिकायत समय-सीमा से बाहर', message: `${aReport(f.caption)} अपनी सेवा-स्तर की समय-सीमा पार कर चुकी है${f.reason ? ` (${f.reason})` : ''}` };
    case 'escalated':
      return {
        title: 'शिकायत ऊपर भेजी गई',
        message: `${aReport(f.caption)} अपनी सेवा-स्तर की दोगुनी समय-सीमा पार कर चुकी है और इसे ऊपर भेज दिया गया है${f.reason ? ` (${f.reason})` : ''}`,
      };
  }
}
