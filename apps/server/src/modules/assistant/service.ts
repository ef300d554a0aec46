/**
 * 'Ask CivicPulse AI' (spec 2.15, issue 14): a question is answered, in this order, from the
 * caller's own reports (signed in, a question about "my report"), from the best help article
 * (MiniSearch over packages/shared/help), or not at all: the suggestions and the contact page,
 * never an invented answer. With ASSISTANT_LLM_URL the best passages are given to the model as its
 * only allowed source; its failure or silence falls back to the retrieval answer.
 */
import { departmentOf } from '../../policies/rule.js';
import {
  ASSISTANT_SUGGESTIONS,
  ASSISTANT_TEXTS,
  NAMES,
  PRODUCT_NAME,
  TEXTS,
  helpPath,
  statusLabel,
  type AskAnswer,
  type Language,
} from '@civicpulse/shared';
import { SHARED_HI } from '@civicpulse/shared/i18n/hi';
import { HttpError } from '../../lib/errors.js';
import { can } from '../../policies/index.js';
import type { Limiter } from '../../lib/limiter.js';
import { detectIntent } from './intents.js';
import { completeChat, streamChat, type ChatMessage, type LlmConfig } from './llm.js';
import type { AccountRow, OwnPost } from '../../db/rows.js';
import type { PostReads, ReportScope } from '../posts/index.js';
import type { AssistantRepo } from './repo.js';
import { DEVANAGARI, type HelpIndex, type HelpMatch } from './retrieval.js';

export type StreamEvent = { event: 'delta' | 'replace'; data: { text: string } } | { event: 'done'; data: AskAnswer };

const NO_ANSWER = 'NO_ANSWER';

/** The assistant's own texts and the names it prints, in the asker's language (Accept-Language, issue 17). */
function textsFor(lang: Language) {
  return lang === 'hi'
    ? { T: SHARED_HI.ASSISTANT_TEXTS, suggestions: SHARED_HI.ASSISTANT_SUGGESTIONS, names: SHARED_HI.NAMES }
    : { T: ASSISTANT_TEXTS, suggestions: ASSISTANT_SUGGESTIONS, names: NAMES };
}

function helpAnswer(match: HelpMatch, lang: Language, index: HelpIndex): AskAnswer {
  const { T } = textsFor(lang);
  const shown = (lang === 'hi' ? index.inHindi(match) : null) ?? { title: match.article.title, passage: match.passage };
  const path = helpPath(match.article.slug);
  return {
    // The spec's client shows `reply` alone: it names the article and its page too.
    reply: `${shown.passage}\n\n${T.readMore}: ${shown.title} ${path}`,
    source: 'help',
    article: match.article.slug,
    readMore: { title: shown.title, path },
  };
}

function noAnswer(lang: Language = 'en'): AskAnswer {
  const { T, suggestions } = textsFor(lang);
  return {
    reply: [T.noAnswer, ...suggestions.map((s) => `• ${s}`), T.contactLine].join('\n'),
    source: 'none',
    article: null,
    suggestions: [...suggestions],
  };
}

/** The article's title in the answer's language, for the LLM answer's "Read more" link. */
function readMoreOf(match: HelpMatch, lang: Language, index: HelpIndex): AskAnswer['readMore'] {
  const title = (lang === 'hi' ? index.inHindi(match)?.title : null) ?? match.article.title;
  return { title, path: helpPath(match.article.slug) };
}

/** A question written in Devanagari is answered in Hindi, whatever the page's language. */
export function answerLanguage(question: string, lang: Language): Language {
  return DEVANAGARI.test(question) ? 'hi' : lang;
}

const facts = (reply: string): AskAnswer => ({ reply, source: 'facts', article: null });

function describe(p: OwnPost, lang: Language): string {
  const { T, names } = textsFor(lang);
  const status = statusLabel({ progressState: p.progress_state, currentState: p.current_state }) as keyof typeof names.currentStates;
  const caption = p.caption.length > 80 ? `${p.caption.slice(0, 79)}…` : p.caption;
  return T.ownReport(caption, names.currentStates[status] ?? status, names.progress[p.progress_state], p.department, p.id);
}

/** The grounded prompt: the passages are the only allowed source. */
export function groundedPrompt(question: string, match: HelpMatch): ChatMessage[] {
  const passages = match.passages.map((p, i) => `[${i + 1}] ${p.article.title} — ${p.heading} (${helpPath(p.article.slug)})\n${p.text}`).join('\n\n');
  return [
    {
      role: 'system',
      content:
        `You are the help assistant of ${PRODUCT_NAME}, a website where citizens of Indian cities report civic problems and government departments resolve them. ` +
        `Answer the user's question using ONLY the help passages below. If they do not contain the answer, reply exactly ${NO_ANSWER}. ` +
        'Never use other knowledge and never invent features, steps, contact details or numbers. ' +
        'Answer in at most 120 words, in the language of the question (English, Hinglish or Hindi), as plain text without Markdown. ' +
        'End with the help page path of the passage you used, like /help/report-an-issue.\n\nHelp passages:\n\n' +
        passages,
    },
    { role: 'user', content: question },
  ];
}

export class AssistantService {
  constructor(
    private readonly index: HelpIndex,
    private readonly repo: AssistantRepo,
    /** The caller's own reports and their counts. */
    private readonly posts: Pick<PostReads, 'own' | 'resolvedCount' | 'openAssignedCount'>,
    private readonly limiters: { address: Limiter; account: Limiter },
    private readonly llm: LlmConfig | undefined,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  /** Per address and, when signed in, per account: a crowd behind one address still has its own budgets. */
  async admit(address: string, account: AccountRow | null): Promise<void> {
    const ok = (await this.limiters.address.take(`ask:${address}`)) && (!account || (await this.limiters.account.take(`ask:${account.id}`)));
    if (!ok) throw new HttpError(429, TEXTS.auth.rateLimited);
  }

  /** The answer from the caller's own data, when the question is about it (null otherwise). */
  private async fromFacts(question: string, account: AccountRow | null, lang: Language): Promise<AskAnswer | null> {
    const intent = detectIntent(question);
    if (!intent) return null;
    const { T, names } = textsFor(lang);
    if (!account || !can(account, 'assistant.ownReports', {})) return facts(T.signInForOwn);
    const scope: ReportScope = account.role === 'government' ? { kind: 'department', id: departmentOf(account) } : { kind: 'author', id: account.id };
    if (intent.kind === 'count') {
      if (scope.kind === 'department') {
        // A department's open reports (its open-queue index range) and resolved count (kept).
        const active = await this.posts.openAssignedCount(account.id);
        const resolved = await this.repo.resolvedCount(account.id);
        return facts(T.deptCounts(active, resolved));
      }
      // A citizen's reports (kept post_count) and resolved reports (the posts_author_finished range).
      const total = await this.repo.postCount(account.id);
      const resolved = await this.posts.resolvedCount(account.id);
      if (total === 0) return facts(T.noReports);
      return facts(T.citizenCounts(total, resolved));
    }
    let posts = await this.posts.own(scope, intent.words, 3);
    const matched = posts.length > 0 && intent.words.length > 0;
    if (posts.length === 0) posts = await this.posts.own(scope, [], 3);
    if (posts.length === 0) return facts(scope.kind === 'author' ? T.noReports : T.deptNoReports);
    const whose = scope.kind === 'author' ? T.yourReport : T.theReport;
    if (intent.kind === 'department' && scope.kind === 'author') {
      const p = posts[0]!;
      const lead = matched ? '' : T.noMatchLatestOne;
      const caption = p.caption.slice(0, 80);
      return facts(
        `${lead}${p.department ? T.takenOverBy(whose, caption, p.department, p.id) : T.notTakenOver(whose, caption, names.progress[p.progress_state], p.id)}`,
      );
    }
    const lines = posts.map((p) => `• ${describe(p, lang)}`);
    const head = matched ? (posts.length === 1 ? `${whose}` : T.matchingReports) : T.noMatchLatest;
    return facts(posts.length === 1 && matched ? `${head} ${describe(posts[0]!, lang)}` : [head, ...lines].join('\n'));
  }

  private retrieval(question: string, lang: Language): { match: HelpMatch | null; answer: AskAnswer } {
    const match = this.index.best(question);
    return { match, answer: match ? helpAnswer(match, lang, this.index) : noAnswer(lang) };
  }

  /** JSON callers (the spec's client): the whole reply. */
  async answer(question: string, account: AccountRow | null, pageLang: Language = 'en'): Promise<AskAnswer> {
    const lang = answerLanguage(question, pageLang);
    const own = await this.fromFacts(question, account, lang);
    if (own) return own;
    const { match, answer } = this.retrieval(question, lang);
    if (!this.llm || !match) return answer;
    try {
      const text = await completeChat(this.llm, groundedPrompt(question, match));
      return text.includes(NO_ANSWER) ? noAnswer(lang) : { reply: text, source: 'llm', article: match.article.slug, readMore: readMoreOf(match, lang, this.index) };
    } catch (err) {
      this.log.warn({ err }, 'assistant LLM failed; answered from the help');
      return answer;
    }
  }

  /** `Accept: text/event-stream`: the reply in pieces as the LLM writes it (one piece otherwise). */
  async *stream(question: string, account: AccountRow | null, pageLang: Language = 'en'): AsyncGenerator<StreamEvent> {
    const lang = answerLanguage(question, pageLang);
    const own = await this.fromFacts(question, account, lang);
    const { match, answer } = own ? { match: null, answer: own } : this.retrieval(question, lang);
    if (!this.llm || !match) {
      yield { event: 'delta', data: { text: answer.reply } };
      yield { event: 'done', data: answer };
      return;
    }
    let text = '';
    let sent = 0;
    try {
      for await (const piece of streamChat(this.llm, groundedPrompt(question, match))) {
        text += piece;
        // Hold the first characters back until they cannot be the NO_ANSWER marker.
        if (text.length < NO_ANSWER.length && NO_ANSWER.startsWith(text.trim())) continue;
        if (text.trimStart().startsWith(NO_ANSWER)) break;
        yield { event: 'delta', data: { text: text.slice(sent) } };
        sent = text.length;
      }
      if (text.includes(NO_ANSWER) || !text.trim()) throw new Error('no grounded answer');
      if (sent < text.length) yield { event: 'delta', data: { text: text.slice(sent) } };
      yield { event: 'done', data: { reply: text.trim(), source: 'llm', article: match.article.slug, readMore: readMoreOf(match, lang, this.index) } };
    } catch (err) {
      const fallback = text.includes(NO_ANSWER) ? noAnswer(lang) : answer;
      if (!text.includes(NO_ANSWER)) this.log.warn({ err }, 'assistant LLM failed; answered from the help');
      yield sent > 0 ? { event: 'replace', data: { text: fallback.reply } } : { event: 'delta', data: { text: fallback.reply } };
      yield { event: 'done', data: fallback };
    }
  }
}
