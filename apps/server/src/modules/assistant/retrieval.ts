/**
 * The embedded default of 'Ask CivicPulse AI' (issue 14 item 2): the help corpus
 * (packages/shared/help) in a MiniSearch index built once at start, with prefix and fuzzy matching.
 * A question is answered from the best article only when it matches well enough: a good score and
 * at least half of the question's meaningful words found in that article. Otherwise nothing is
 * answered, never something invented.
 */
import MiniSearch, { type SearchResult } from 'minisearch';
import { plainText, type HelpArticle } from '@civicpulse/shared';
import { passageBlocks, passageOfMarkdown } from './passage.js';

/** English and Hinglish words that carry no topic ("how do I", "kaise", "mera"). */
const STOP_WORDS = new Set(
  (
    'a about above after again all am an and any are as at be been being but by can could did do does doing done for from get got had has have how i if in into ' +
    'is it its just me might my myself no not of on or our out own please same should so some such than that the their them then there these they this those ' +
    'to too up us very was we were what when where which while who whom why will with would you your yours tell know want need let lets im ive dont cant ' +
    'hai hain ho hota hoti hote kya kaise kaisa kaun kab kahan kyun kyon ka ki ke ko se me mein mai main mera meri mere hum ham aap apna apni apne yeh ye woh wo ' +
    'karna karein kare karu karun kar karo kiya kijiye chahiye tha thi the bhi par pe aur ya na nahi nhi sakta sakti sakte raha rahi rahe batao bataye bataiye'
  ).split(' '),
);

export function terms(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).filter((t) => !STOP_WORDS.has(t));
}

// ---- Hindi (Devanagari) questions, answered from the Hindi help ----

/** A question in Devanagari is asked in Hindi: it is matched against the Hindi articles and answered in Hindi. */
export const DEVANAGARI = /[\u0900-\u097F]/;

/**
 * One spelling for the variants people type: no nukta (फ़ = फ), chandrabindu as anusvara (ँ = ं), and
 * NFC. Applied to the articles and the questions alike.
 */
export function normalizeHindi(word: string): string {
  return word.normalize('NFD').replace(/\u093C/g, '').replace(/\u0901/g, '\u0902').normalize('NFC');
}

const HINDI_STOP_WORDS = new Set(
  (
    'मैं मेरा मेरी मेरे मुझे मुझको हम हमारा हमारी हमें आप आपका आपकी आपके आपको अपना अपनी अपने यह ये वह वो इस उस इसे उसे इसका उसका ' +
    'है हैं था थी थे हो होता होती होते होगा होगी होंगे हूँ हुआ हुई हुए कैसे कैसा क्या कौन कौनसा कौनसी कौन-सा कब कहाँ कहां क्यों किस किसे किसको ' +
    'का की के को से में मे पर और या भी तो ही न नहीं ना नही कर करें करूँ करूं करना करने करता करती करते किया की जी ' +
    'सकता सकती सकते सकूँ सकूं रहा रही रहे जा जाता जाती जाते जाए जाएगा जाएगी जाएँ जाएं जाये गया गई गए दें दे दीजिए बताइए बताओ बताएं बताएँ बताये चाहिए ' +
    'एक कोई कुछ जब तक लिए वाला वाली वाले अब फिर बस यहाँ वहाँ कृपया please'
  )
    .split(' ')
    .map(normalizeHindi),
);

/** Light stemming (the common noun and verb endings), so शिकायतें, शिकायतों and शिकायत meet. */
const HINDI_SUFFIXES = ['ाएंगे', 'ाएंगी', 'ियां', 'ियों', 'ाइयां', 'ाएं', 'ाओं', 'ुओं', 'ाने', 'ाना', 'ाती', 'ाते', 'ाता', 'ूं', 'ों', 'ें', 'ीं', 'ां', 'ो', 'े', 'ू', 'ु', 'ी', 'ि', 'ा']
  .map(normalizeHindi)
  .sort((a, b) => b.length - a.length);

function stemHindi(word: string): string {
  for (const suffix of HINDI_SUFFIXES) if (word.length - suffix.length >= 2 && word.endsWith(suffix)) return word.slice(0, -suffix.length);
  return word;
}

/** A Hindi (or mixed) text's meaningful words, normalized and stemmed; Latin words as for English. */
export function hindiTerms(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).flatMap((raw) => {
    const t = DEVANAGARI.test(raw) ? normalizeHindi(raw) : raw;
    if (STOP_WORDS.has(t) || HINDI_STOP_WORDS.has(t)) return [];
    return [DEVANAGARI.test(t) ? stemHindi(t) : t];
  });
}

export interface HelpMatch {
  /** The article in the language it was matched in (Hindi for a question in Devanagari). */
  article: HelpArticle;
  /** The language the question was matched in. */
  lang: 'en' | 'hi';
  score: number;
  /** Share of the question's meaningful words the article matched (0–1). */
  coverage: number;
  /** The short answer: the summary, or the section that holds more of the question (whole sentences and steps). */
  passage: string;
  /** Where the passage is: null for the summary, else the index of its section (the Hindi twin has the same sections). */
  section: number | null;
  /** The best few passages (the LLM's only allowed source). */
  passages: Array<{ article: HelpArticle; heading: string; text: string }>;
}

/** Below these, the best article is not an answer (tuned on packages/shared/help/quality.json and apps/server/test/assistant-questions.json). */
const MIN_SCORE = 4;
const MIN_COVERAGE = 0.5;

type Doc = { id: string; title: string; keywords: string; summary: string; body: string };

/** One language's articles in a MiniSearch index, with that language's notion of a word. */
class Corpus {
  readonly search: MiniSearch<Doc>;
  readonly bySlug: Map<string, HelpArticle>;

  constructor(
    readonly articles: HelpArticle[],
    readonly words: (text: string) => string[],
    hindi: boolean,
  ) {
    this.bySlug = new Map(articles.map((a) => [a.slug, a]));
    this.search = new MiniSearch<Doc>({
      fields: ['title', 'keywords', 'summary', 'body'],
      processTerm: (term) => {
        if (hindi) return hindiTerms(term)[0] ?? null;
        const t = term.toLowerCase();
        return STOP_WORDS.has(t) ? null : t;
      },
      searchOptions: {
        boost: { title: 3, keywords: 3, summary: 2, body: 1 },
        prefix: (term) => term.length > 3,
        fuzzy: (term) => (term.length > 4 ? 0.2 : false),
        combineWith: 'OR',
      },
    });
    this.search.addAll(articles.map((a) => ({ id: a.slug, title: a.title, keywords: a.keywords.join(', '), summary: a.summary, body: plainText(a.body) })));
  }
}

export class HelpIndex {
  private readonly english: Corpus;
  private readonly hindi: Corpus;

  /** `hindi`: the same articles in Hindi (same slugs and sections): Hindi questions are matched in them, and Hindi readers are answered from them. */
  constructor(
    readonly articles: HelpArticle[],
    hindi: HelpArticle[] = [],
  ) {
    this.english = new Corpus(articles, terms, false);
    this.hindi = new Corpus(hindi, hindiTerms, true);
    // One question in each language at start, so the first person to ask does not pay for the warm-up.
    this.best('how do I report an issue');
    if (hindi.length > 0) this.best('शिकायत कैसे दर्ज करें');
  }

  article(slug: string): HelpArticle | undefined {
    return this.english.bySlug.get(slug);
  }

  /** A match's article title and passage in Hindi, when the article has a Hindi twin with that section. */
  inHindi(match: HelpMatch): { title: string; passage: string } | null {
    if (match.lang === 'hi') return { title: match.article.title, passage: match.passage };
    const hi = this.hindi.bySlug.get(match.article.slug);
    if (!hi) return null;
    if (match.section === null) return { title: hi.title, passage: hi.summary };
    const section = hi.sections[match.section];
    return section ? { title: hi.title, passage: passageOfMarkdown(section.text) } : null;
  }

  /** The best article for a question (in Hindi for a question in Devanagari), or null when nothing matches well enough. */
  best(question: string): HelpMatch | null {
    const lang = DEVANAGARI.test(question) && this.hindi.articles.length > 0 ? 'hi' : 'en';
    const corpus = lang === 'hi' ? this.hindi : this.english;
    const words = [...new Set(corpus.words(question))];
    if (words.length === 0) return null;
    const results = corpus.search.search(question);
    const top = results[0];
    if (!top) return null;
    const coverage = top.queryTerms.length / words.length;
    if (top.score < MIN_SCORE || coverage < MIN_COVERAGE) return null;
    const article = corpus.bySlug.get(String(top.id))!;
    const { text: passage, section } = this.passageOf(corpus, article, words);
    return { article, lang, score: top.score, coverage, passage, section, passages: this.passagesFor(corpus, results.slice(0, 3), words) };
  }

  /** The ranking alone (the quality set measures it). */
  rank(question: string): SearchResult[] {
    return (DEVANAGARI.test(question) ? this.hindi : this.english).search.search(question);
  }

  private overlap(corpus: Corpus, text: string, words: string[]): number {
    const have = new Set(corpus.words(text));
    return words.filter((w) => [...have].some((h) => h === w || (w.length > 3 && h.startsWith(w)))).length;
  }

  private passageOf(corpus: Corpus, article: HelpArticle, words: string[]): { text: string; section: number | null } {
    let best: { text: string; section: number | null; n: number } = { text: article.summary, section: null, n: this.overlap(corpus, `${article.title} ${article.summary}`, words) };
    article.sections.forEach((s, i) => {
      const n = this.overlap(corpus, `${s.heading} ${s.text}`, words);
      if (n > best.n) best = { text: passageOfMarkdown(s.text), section: i, n };
    });
    return { text: best.text, section: best.section };
  }

  private passagesFor(corpus: Corpus, results: SearchResult[], words: string[]) {
    return results.flatMap((r) => {
      const article = corpus.bySlug.get(String(r.id))!;
      const ranked = [...article.sections].sort((a, b) => this.overlap(corpus, `${b.heading} ${b.text}`, words) - this.overlap(corpus, `${a.heading} ${a.text}`, words));
      return [{ article, heading: 'Summary', text: article.summary }, ...ranked.slice(0, 2).map((s) => ({ article, heading: s.heading, text: passageBlocks(s.text).join('\n') }))];
    });
  }
}
