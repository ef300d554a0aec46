/**
 * 'Ask CivicPulse AI' (spec 2.15, 5, 7, 8, 9; issue 14): texts, limits, the question check (its zod
 * schema is in assistantSchema.ts), the streaming answer's events (read by assistantReply.ts), and the
 * help corpus's article format (packages/shared/help/*.md). No zod here and nothing big: the floating
 * button on every page imports ASSISTANT_TEXTS from this module.
 */
import { PRODUCT_NAME } from './constants.js';
import { ASSISTANT_BUTTON_TEXTS } from './assistantButton.js';

export const ASSISTANT_LIMITS = {
  /** A question is 1–1,000 characters after trimming. */
  messageMaxChars: 1000,
  /** Bodies over this are refused before they are parsed. */
  bodyMaxBytes: 8 * 1024,
  /** Spec 9: 15 ms per character, 100 ms scroll delay, 5 suggestions. */
  typingMsPerChar: 15,
  /**
   * The typing effect lasts at most this long: a short reply is typed out at 15 ms a character, a long
   * one types its first characters and then shows the rest at once (at 15 ms a character a 600-character
   * answer took 9 s to read out). See typedLength in assistantReply.ts.
   */
  typingMaxMs: 500,
  scrollDelayMs: 100,
  suggestions: 5,
} as const;

/** Spec 2.15's five suggestions, in its order, worded as a person would ask them. */
export const ASSISTANT_SUGGESTIONS = [
  `What is ${PRODUCT_NAME}?`,
  'How do I report an issue?',
  'Can I track my complaint?',
  'Who reviews submitted complaints?',
  'How do I edit my profile?',
] as const;

export const ASSISTANT_TEXTS = {
  /** The launcher's label (the header imports ASSISTANT_BUTTON_TEXTS alone). */
  ...ASSISTANT_BUTTON_TEXTS,
  close: 'Close',
  tryAsking: 'Try asking:',
  placeholder: `Type your ${PRODUCT_NAME} question...`,
  send: 'Send',
  sending: 'Sending...',
  typing: 'AI is typing...',
  failed: '⚠️ Something went wrong.',
  messageLabel: 'Your question',
  empty: 'Please type a question',
  tooLong: `A question can be at most ${ASSISTANT_LIMITS.messageMaxChars} characters`,
  readMore: 'Read more',
  /** The answer when the help has nothing that matches well enough: never an invented answer. */
  noAnswer: `I could not find an answer to that in the ${PRODUCT_NAME} help. Try asking:`,
  contactLine: 'Or write to us on the Contact page: /contact',
  signInForOwn: 'Log in as a citizen to ask about your own reports: /login',
  noReports: 'You have not reported any issues yet. Report one from Create Issue: /user/dashboard/createPost',
  // Answers from the asker's own reports (the server's, issue 14; here so they have a Hindi twin, issue 17).
  deptCounts: (active: number, resolved: number) =>
    `You are working on ${active} open report${active === 1 ? '' : 's'} and have resolved ${resolved}. See them in View Progress: /government/dashboard/viewProgress`,
  citizenCounts: (total: number, resolved: number) =>
    `You have reported ${total} issue${total === 1 ? '' : 's'}: ${resolved} resolved and ${total - resolved} still open or in progress. See them in My Issues: /user/dashboard/userPosts`,
  deptNoReports: 'You are not working on any reports yet. Take one over from View Issues: /government/dashboard/viewPosts',
  yourReport: 'Your report',
  theReport: 'The report',
  noMatchLatestOne: 'I could not find a report of yours with those words; your latest: ',
  takenOverBy: (whose: string, caption: string, department: string, postId: string) => `${whose} "${caption}" was taken over by ${department}: /post/${postId}`,
  notTakenOver: (whose: string, caption: string, state: string, postId: string) =>
    `${whose} "${caption}" has not been taken over by a department yet (it is ${state}): /post/${postId}`,
  ownReport: (caption: string, status: string, progress: string, department: string | null, postId: string) =>
    `"${caption}" is ${status} (${progress})${department ? `, handled by ${department}` : ''}: /post/${postId}`,
  matchingReports: 'Your matching reports:',
  noMatchLatest: 'I could not find a report with those words. Your latest reports:',
  // The panel's names for assistive technology.
  conversation: 'Conversation with CivicPulse AI',
  fromYou: 'You:',
  fromAi: 'CivicPulse AI:',
  newTab: '(opens in a new tab)',
} as const;

/** The help article pages (/help/<slug>) and the article list on /help. */
export const HELP_UI = {
  articlesHeading: 'Help articles',
  loadingArticles: 'Loading help articles...',
  failedArticles: 'Failed to load help articles',
  loadingArticle: 'Loading article...',
  failedArticle: 'Failed to load article',
  tryAgain: 'Try again',
  backToHelp: 'Back to Help Center',
} as const;

/**
 * Empty or whitespace-only questions are not sent (spec 5); a question is at most 1,000 characters
 * after trimming. The panel and the server (askBody, assistantSchema.ts) check with this one function,
 * kept free of zod so the browser's first paint, which carries ASSISTANT_TEXTS, does not carry zod.
 */
export function askProblem(text: unknown): string | null {
  if (typeof text !== 'string') return ASSISTANT_TEXTS.empty;
  // Far over the limit: refused before trimming, so a huge body of spaces costs nothing to check.
  if (text.length > ASSISTANT_LIMITS.messageMaxChars * 4) return ASSISTANT_TEXTS.tooLong;
  const question = text.trim();
  if (question.length === 0) return ASSISTANT_TEXTS.empty;
  if (question.length > ASSISTANT_LIMITS.messageMaxChars) return ASSISTANT_TEXTS.tooLong;
  return null;
}

/**
 * `Accept: text/event-stream` answers as Server-Sent Events: `delta` {text} pieces, then `done`
 * {reply, source}. If an LLM fails after pieces were sent, `replace` {text} says to show the
 * fallback answer instead. JSON `{ reply }` stays the default (the spec's client).
 */
export const ASSISTANT_STREAM_EVENTS = { delta: 'delta', replace: 'replace', done: 'done' } as const;

export type AnswerSource = 'help' | 'facts' | 'llm' | 'none';

export interface AskAnswer {
  reply: string;
  /** Where the reply came from: a help article, the caller's own data, the LLM, or nothing matched. */
  source: AnswerSource;
  /** The help article the reply came from (its page is /help/<slug>). */
  article: string | null;
  /** That article's title (in the answer's language) and page: the panel's "Read more" link. */
  readMore?: { title: string; path: string };
  /** When nothing matched: the questions to try instead (in the answer's language), the panel's buttons. */
  suggestions?: string[];
}

// ---- the help corpus ----

export interface HelpSection {
  heading: string;
  text: string;
}

export interface HelpArticle {
  slug: string;
  title: string;
  summary: string;
  keywords: string[];
  /** The Markdown body (after the front matter). */
  body: string;
  sections: HelpSection[];
}

export const HELP_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The help page of an article. */
export const helpPath = (slug: string) => `/help/${slug}`;

/**
 * Reads one article: a front matter block of one-line `title`, `summary`, `keywords` fields, then
 * `##` sections (packages/shared/help/README.md). Throws on a malformed file, so a bad article stops
 * the server at start and fails the tests instead of answering wrongly.
 */
export function parseHelpArticle(slug: string, source: string): HelpArticle {
  if (!HELP_SLUG.test(slug)) throw new Error(`help: bad slug ${slug}`);
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`help/${slug}: no front matter`);
  const fields = new Map<string, string>();
  for (const line of match[1]!.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) fields.set(line.slice(0, i).trim(), line.slice(i + 1).trim());
  }
  const title = fields.get('title');
  const summary = fields.get('summary');
  if (!title || !summary) throw new Error(`help/${slug}: title and summary are required`);
  const body = match[2]!.trim();
  const sections: HelpSection[] = [];
  const [intro, ...rest] = body.split(/^## /m);
  if (intro!.trim()) sections.push({ heading: title, text: intro!.trim() });
  for (const block of rest) {
    const nl = block.indexOf('\n');
    const heading = (nl > 0 ? block.slice(0, nl) : block).trim();
    const text = nl > 0 ? block.slice(nl + 1).trim() : '';
    if (text) sections.push({ heading, text });
  }
  const keywords = (fields.get('keywords') ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  return { slug, title, summary, keywords, body, sections };
}

/** Markdown to the plain text a reply quotes: no emphasis marks, links as their text. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
    .replace(/[*_`]+/g, '')
    .replace(/^\s*[-*]\s+/gm, '• ')
    .replace(/^\s*(\d+)\.\s+/gm, '$1. ')
    .replace(/[ \t]+\n/g, '\n')
    .trim();
}
