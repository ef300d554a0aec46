/**
 * The embedded default of 'Ask CivicPulse AI' (issue 14 item 2): the help corpus
 * (packages/shared/help) in a MiniSearch index built once at start, with prefix and fuzzy matching.
 * A question is answered from the best article only when it matches well enough: a good score and
 * at least half of the question's meaningful words found in that article. Otherwise nothing is
 * answered, never something invented.
 */
import MiniSearch, { type SearchResult } from 'minisearch';
import { plainText, type HelpArticle } from '@civicpulse/shared';

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
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((t) => !STOP_WORDS.has(t));
}

export interface HelpMatch {
  article: HelpArticle;
  score: number;
  /** Share of the question's meaningful words the article matched (0–1). */
  coverage: number;
  /** The short answer: the summary, or the section that holds more of the question. */
  passage: string;
  /** Where the passage is: null for the summary, else the index of its section (the Hindi twin has the same sections). */
  section: number | null;
  /** The best few passages (the LLM's only allowed source). */
  passages: Array<{ article: HelpArticle; heading: string; text: string }>;
}

/** Below these, the best article is not an answer (tuned on packages/shared/help/quality.json). */
const MIN_SCORE = 4;
const MIN_COVERAGE = 0.5;

export class HelpIndex {
  private readonly search: MiniSearch<{ id: string; title: string; keywords: string; summary: string; body: string }>;
  private readonly bySlug: Map<string, HelpArticle>;

  private readonly hindiBySlug: Map<string, HelpArticle>;

  /** `hindi`: the same articles in Hindi (same slugs and sections), for answers to Hindi readers (issue 17). */
  constructor(
    readonly articles: HelpArticle[],
    hindi: HelpArticle[] = [],
  ) {
    this.bySlug = new Map(articles.map((a) => [a.slug, a]));
    this.hindiBySlug = new Map(hindi.map((a) => [a.slug, a]));
    this.search = new MiniSearch({
      fields: ['title', 'keywords', 'summary', 'body'],
      processTerm: (term) => {
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

  article(slug: string): HelpArticle | undefined {
    return this.bySlug.get(slug);
  }

  /** A match's article title and passage in Hindi, when the article has a Hindi twin with that section. */
  inHindi(match: HelpMatch): { title: string; passage: string } | null {
    const hi = this.hindiBySlug.get(match.article.slug);
    if (!hi) return null;
    if (match.section === null) return { title: hi.title, passage: hi.summary };
    const section = hi.sections[match.section];
    return section ? { title: hi.title, passage: shorten(plainText(section.text)) } : null;
  }

  /** The best article for a question, or null when nothing matches well enough. */
  best(question: string): HelpMatch | null {
    const words = [...new Set(terms(question))];
    if (words.length === 0) return null;
    const results = this.search.search(question);
    const top = results[0];
    if (!top) return null;
    const coverage = top.queryTerms.length / words.length;
    if (top.score < MIN_SCORE || coverage < MIN_COVERAGE) return null;
    const article = this.bySlug.get(String(top.id))!;
    const { text: passage, section } = this.passageOf(article, words);
    return { article, score: top.score, coverage, passage, section, passages: this.passagesFor(results.slice(0, 3), words) };
  }

  /** The ranking alone (the quality set measures it). */
  rank(question: string): SearchResult[] {
    return this.search.search(question);
  }

  private overlap(text: string, words: string[]): number {
    const have = new Set(terms(text));
    return words.filter((w) => [...have].some((h) => h === w || (w.length > 3 && h.startsWith(w)))).length;
  }

  private passageOf(article: HelpArticle, words: string[]): { text: string; section: number | null } {
    let best: { text: string; section: number | null; n: number } = { text: article.summary, section: null, n: this.overlap(`${article.title} ${article.summary}`, words) };
    article.sections.forEach((s, i) => {
      const n = this.overlap(`${s.heading} ${s.text}`, words);
      if (n > best.n) best = { text: shorten(plainText(s.text)), section: i, n };
    });
    return { text: best.text, section: best.section };
  }

  private passagesFor(results: SearchResult[], words: string[]) {
    return results.flatMap((r) => {
      const article = this.bySlug.get(String(r.id))!;
      const ranked = [...article.sections].sort((a, b) => this.overlap(`${b.heading} ${b.text}`, words) - this.overlap(`${a.heading} ${a.text}`, words));
      return [{ article, heading: 'Summary', text: article.summary }, ...ranked.slice(0, 2).map((s) => ({ article, heading: s.heading, text: plainText(s.text) }))];
    });
  }
}

/** At most ~320 characters, cut at a sentence or line end. */
function shorten(text: string, max = 320): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('\n'));
  return (end > 80 ? cut.slice(0, end + 1) : `${cut.trimEnd()}…`).trim();
}
