/**
 * 'Ask CivicPulse AI' (spec 2.15, issue 14): a question is answered, in this order, from the
 * caller's own reports (signed in, a question about "my report"), from the best help article
 * (MiniSearch over packages/shared/help), or not at all: the suggestions and the contact page,
 * never an invented answer. With ASSISTANT_LLM_URL the best passages are given to the model as its
 * only allowed source; its failure or silence falls back to the retrieval answer.
 */
import {
  ASSISTANT_SUGGESTIONS,
  ASSISTANT_TEXTS,
  PRODUCT_NAME,
  TEXTS,
  helpPath,
  progressLabel,
  statusLabel,
  type AskAnswer,
} from '@civicpulse/shared';
import { HttpError } from '../../lib/errors.js';
import type { Limiter } from '../../lib/limiter.js';
import type { AccountRow } from '../accounts/repo.js';
import { detectIntent } from './intents.js';
import { completeChat, streamChat, type ChatMessage, type LlmConfig } from './llm.js';
import type { AssistantRepo, OwnPost, Scope } from './repo.js';
import type { HelpIndex, HelpMatch } from './retrieval.js';

export type StreamEvent = { event: 'delta' | 'replace'; data: { text: string } } | { event: 'done'; data: AskAnswer };

const NO_ANSWER = 'NO_ANSWER';

function helpAnswer(match: HelpMatch): AskAnswer {
  return {
    reply: `${match.passage}\n\n${ASSISTANT_TEXTS.readMore}: ${match.article.title} ${helpPath(match.article.slug)}`,
    source: 'help',
    article: match.article.slug,
  };
}

function noAnswer(): AskAnswer {
  return {
    reply: [ASSISTANT_TEXTS.noAnswer, ...ASSISTANT_SUGGESTIONS.map((s) => `• ${s}`), ASSISTANT_TEXTS.contactLine].join('\n'),
    source: 'none',
    article: null,
  };
}

const facts = (reply: string): AskAnswer => ({ reply, source: 'facts', article: null });

function describe(p: OwnPost): string {
  const state = { progressState: p.progress_state, currentState: p.current_state };
  return `"${p.caption.length > 80 ? `${p.caption.slice(0, 79)}…` : p.caption}" is ${statusLabel(state)} (${progressLabel(p.progress_state)})${p.department ? `, handled by ${p.department}` : ''}: /post/${p.id}`;
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
        'Answer in at most 120 words, in the language of the question (English or Hinglish), as plain text without Markdown. ' +
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
  private async fromFacts(question: string, account: AccountRow | null): Promise<AskAnswer | null> {
    const intent = detectIntent(question);
    if (!intent) return null;
    if (!account || account.role === 'admin') return facts(ASSISTANT_TEXTS.signInForOwn);
    const scope: Scope = account.role === 'government' ? { kind: 'department', id: account.id } : { kind: 'author', id: account.id };
    if (intent.kind === 'count') {
      if (scope.kind === 'department') {
        const c = await this.repo.departmentCounts(account.id);
        return facts(`You are working on ${c.active} open report${c.active === 1 ? '' : 's'} and have resolved ${c.resolved}. See them in View Progress: /government/dashboard/viewProgress`);
      }
      const c = await this.repo.citizenCounts(account.id);
      if (c.total === 0) return facts(ASSISTANT_TEXTS.noReports);
      return facts(`You have reported ${c.total} issue${c.total === 1 ? '' : 's'}: ${c.resolved} resolved and ${c.total - c.resolved} still open or in progress. See them in My Issues: /user/dashboard/userPosts`);
    }
    let posts = await this.repo.own(scope, intent.words, 3);
    const matched = posts.length > 0 && intent.words.length > 0;
    if (posts.length === 0) posts = await this.repo.own(scope, [], 3);
    if (posts.length === 0) return facts(scope.kind === 'author' ? ASSISTANT_TEXTS.noReports : 'You are not working on any reports yet. Take one over from View Issues: /government/dashboard/viewPosts');
    const whose = scope.kind === 'author' ? 'Your report' : 'The report';
    if (intent.kind === 'department' && scope.kind === 'author') {
      const p = posts[0]!;
      const lead = matched ? '' : 'I could not find a report of yours with those words; your latest: ';
      return facts(
        p.department
          ? `${lead}${whose} "${p.caption.slice(0, 80)}" was taken over by ${p.department}: /post/${p.id}`
          : `${lead}${whose} "${p.caption.slice(0, 80)}" has not been taken over by a department yet (it is ${progressLabel(p.progress_state)}): /post/${p.id}`,
      );
    }
    const lines = posts.map((p) => `• ${describe(p)}`);
    const head = matched ? (posts.length === 1 ? `${whose}` : `Your matching reports:`) : `I could not find a report with those words. Your latest reports:`;
    return facts(posts.length === 1 && matched ? `${head} ${describe(posts[0]!)}` : [head, ...lines].join('\n'));
  }

  private retrieval(question: string): { match: HelpMatch | null; answer: AskAnswer } {
    const match = this.index.best(question);
    return { match, answer: match ? helpAnswer(match) : noAnswer() };
  }

  /** JSON callers (the spec's client): the whole reply. */
  async answer(question: string, account: AccountRow | null): Promise<AskAnswer> {
    const own = await this.fromFacts(question, account);
    if (own) return own;
    const { match, answer } = this.retrieval(question);
    if (!this.llm || !match) return answer;
    try {
      const text = await completeChat(this.llm, groundedPrompt(question, match));
      return text.includes(NO_ANSWER) ? noAnswer() : { reply: text, source: 'llm', article: match.article.slug };
    } catch (err) {
      this.log.warn({ err }, 'assistant LLM failed; answered from the help');
      return answer;
    }
  }

  /** `Accept: text/event-stream`: the reply in pieces as the LLM writes it (one piece otherwise). */
  async *stream(question: string, account: AccountRow | null): AsyncGenerator<StreamEvent> {
    const own = await this.fromFacts(question, account);
    const { match, answer } = own ? { match: null, answer: own } : this.retrieval(question);
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
      yield { event: 'done', data: { reply: text.trim(), source: 'llm', article: match.article.slug } };
    } catch (err) {
      const fallback = text.includes(NO_ANSWER) ? noAnswer() : answer;
      if (!text.includes(NO_ANSWER)) this.log.warn({ err }, 'assistant LLM failed; answered from the help');
      yield sent > 0 ? { event: 'replace', data: { text: fallback.reply } } : { event: 'delta', data: { text: fallback.reply } };
      yield { event: 'done', data: fallback };
    }
  }
}
