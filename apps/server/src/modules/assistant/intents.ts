/**
 * Questions about one's own reports (issue 14 item 3), recognised by simple patterns in English and
 * Hinglish: "what is the status of my report about the pothole", "how many of my issues are
 * resolved", "which department took my garbage complaint", "meri shikayat ka status", and in Hindi
 * written in Devanagari: "मेरी शिकायत की स्थिति क्या है", "मेरी कितनी शिकायतें हल हुईं", "किस विभाग ने
 * मेरी शिकायत ली". How-to questions ("can I track my complaint?", "मैं शिकायत कैसे करूं") are left to
 * the help articles.
 */
import { normalizeHindi, terms } from './retrieval.js';

export type Intent = { kind: 'count' } | { kind: 'status'; words: string[] } | { kind: 'department'; words: string[] };

const OWN = /\b(my|mine|mera|meri|mere|maine|i reported|i filed|i posted)\b/i;
const REPORTS = /\b(reports?|issues?|complaints?|shikayat|shikayatein|posts?|problems?)\b/i;
const COUNT = /\b(how many|kitne|kitni|count|number of)\b/i;
const DEPARTMENT = /\b(which|what|kaun|kaunsa|kaunsi|kis|who)\b[^?]*\b(department|dept|office|vibhag|authority|officials?)\b|\b(department|dept|vibhag)\b[^?]*\b(took|taken|handling|handles|assigned|liya|dekh)\b|\bwho (took|is handling|handles)\b/i;
const STATUS = /\b(status|progress|update|updates|stage|kya hua|kahan|where is|what happened|any news|resolved yet|fixed yet|done yet)\b/i;
const HOW_TO = /\b(how (do|can|to|should|does)|can i|could i|is it possible|kaise|where can i)\b/i;

/**
 * Devanagari words: JavaScript's \b knows only ASCII letters, so a Hindi word is bounded by "no letter or
 * vowel sign on either side". Written without nukta and with anusvara for chandrabindu, as questions are
 * normalised before matching (normalizeHindi, as the help articles are).
 */
const hindi = (words: string) => new RegExp(`(?<![\\p{L}\\p{M}])(${words})(?![\\p{L}\\p{M}])`, 'u');
const OWN_HI = hindi('मेरा|मेरी|मेरे|मैंने|अपना|अपनी|अपने|हमारा|हमारी|हमारे');
const REPORTS_HI = hindi('रिपोर्ट|रिपोर्टें|रिपोर्टों|शिकायत|शिकायतें|शिकायतों|समस्या|समस्याएं|समस्याओं|पोस्ट');
const COUNT_HI = hindi('कितने|कितनी|कितना|संख्या|गिनती');
const DEPARTMENT_HI = new RegExp(
  `${hindi('किस|कौन|कौनसा|कौनसी|किसने').source}[^?]*${hindi('विभाग|दफ्तर|कार्यालय|अधिकारी|अधिकारियों|प्राधिकरण').source}|${hindi('विभाग').source}[^?]*${hindi('लिया|ली|देख|संभाल|सौंपी|सौंपा').source}`,
  'u',
);
const STATUS_HI = hindi('स्थिति|प्रगति|अपडेट|स्टेटस|क्या हुआ|कहां|कब तक|हल हुई|हल हुआ|हल हुईं|ठीक हुई|ठीक हुआ|खबर');
const HOW_TO_HI = hindi('कैसे|क्या मैं|सकता|सकती|सकते');


/** Words of the question that name the report ("pothole", "garbage near school"), without the intent's own words. */
const INTENT_WORDS = new Set(
  'status progress update updates stage report reports issue issues complaint complaints shikayat shikayatein post posts problem problems department dept office vibhag authority official officials took taken handling handles assigned liya dekh happened news resolved fixed done yet many count number kitne kitni which kaun kaunsa kaunsi kis reported filed posted mine'.split(
    ' ',
  ),
);
/** The same in Hindi, with the small words a Hindi question is built of ("की", "है", "क्या"). */
const INTENT_WORDS_HI = new Set(
  'मेरा मेरी मेरे मैंने अपना अपनी अपने हमारा हमारी हमारे रिपोर्ट रिपोर्टें रिपोर्टों शिकायत शिकायतें शिकायतों समस्या समस्याएं समस्याओं पोस्ट कितने कितनी कितना संख्या गिनती किस कौन कौनसा कौनसी किसने विभाग दफ्तर कार्यालय अधिकारी अधिकारियों प्राधिकरण लिया ली देख संभाल सौंपी सौंपा स्थिति प्रगति अपडेट स्टेटस क्या हुआ हुई हुईं कहां कब तक हल ठीक खबर का की के है हैं में ने को से पर और वाली वाला वाले रहा रही रहे गया गई गए अभी तक कोई'.split(
    ' ',
  ),
);

export function detectIntent(question: string): Intent | null {
  const q = normalizeHindi(question.toLowerCase());
  if (OWN_HI.test(q)) {
    const words = terms(q).filter((w) => !INTENT_WORDS.has(w) && !INTENT_WORDS_HI.has(w) && w.length > 2);
    if (COUNT_HI.test(q) && REPORTS_HI.test(q)) return { kind: 'count' };
    if (HOW_TO_HI.test(q)) return null;
    if (DEPARTMENT_HI.test(q)) return { kind: 'department', words };
    if (STATUS_HI.test(q) && (REPORTS_HI.test(q) || words.length > 0)) return { kind: 'status', words };
    return null;
  }
  if (!OWN.test(q)) return null;
  const words = terms(q).filter((w) => !INTENT_WORDS.has(w) && w.length > 2);
  if (COUNT.test(q) && REPORTS.test(q)) return { kind: 'count' };
  if (HOW_TO.test(q)) return null;
  if (DEPARTMENT.test(q)) return { kind: 'department', words };
  if (STATUS.test(q) && (REPORTS.test(q) || words.length > 0)) return { kind: 'status', words };
  return null;
}
