/**
 * Questions about one's own reports (issue 14 item 3), recognised by simple patterns in English and
 * Hinglish: "what is the status of my report about the pothole", "how many of my issues are
 * resolved", "which department took my garbage complaint", "meri shikayat ka status". How-to
 * questions ("can I track my complaint?") are left to the help articles.
 */
import { terms } from './retrieval.js';

export type Intent = { kind: 'count' } | { kind: 'status'; words: string[] } | { kind: 'department'; words: string[] };

const OWN = /\b(my|mine|mera|meri|mere|maine|i reported|i filed|i posted)\b/i;
const REPORTS = /\b(reports?|issues?|complaints?|shikayat|shikayatein|posts?|problems?)\b/i;
const COUNT = /\b(how many|kitne|kitni|count|number of)\b/i;
const DEPARTMENT = /\b(which|what|kaun|kaunsa|kaunsi|kis|who)\b[^?]*\b(department|dept|office|vibhag|authority|officials?)\b|\b(department|dept|vibhag)\b[^?]*\b(took|taken|handling|handles|assigned|liya|dekh)\b|\bwho (took|is handling|handles)\b/i;
const STATUS = /\b(status|progress|update|updates|stage|kya hua|kahan|where is|what happened|any news|resolved yet|fixed yet|done yet)\b/i;
const HOW_TO = /\b(how (do|can|to|should|does)|can i|could i|is it possible|kaise|where can i)\b/i;

/** Words of the question that name the report ("pothole", "garbage near school"), without the intent's own words. */
const INTENT_WORDS = new Set(
  'status progress update updates stage report reports issue issues complaint complaints shikayat shikayatein post posts problem problems department dept office vibhag authority official officials took taken handling handles assigned liya dekh happened news resolved fixed done yet many count number kitne kitni which kaun kaunsa kaunsi kis reported filed posted mine'.split(
    ' ',
  ),
);

export function detectIntent(question: string): Intent | null {
  const q = question.toLowerCase();
  if (!OWN.test(q)) return null;
  const words = terms(q).filter((w) => !INTENT_WORDS.has(w) && w.length > 2);
  if (COUNT.test(q) && REPORTS.test(q)) return { kind: 'count' };
  if (HOW_TO.test(q)) return null;
  if (DEPARTMENT.test(q)) return { kind: 'department', words };
  if (STATUS.test(q) && (REPORTS.test(q) || words.length > 0)) return { kind: 'status', words };
  return null;
}
