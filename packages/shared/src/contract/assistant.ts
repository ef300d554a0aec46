/** The assistant (spec 7 `POST /api/ask`; with `Accept: text/event-stream` it streams instead) and the help pages. */
import { z } from 'zod';
import { HELP_SLUG } from '../assistant.js';
import { askBody } from '../assistantSchema.js';
import { TEXTS } from '../texts.js';
import { defineRoute } from './define.js';

export const askAnswer = z.object({
  reply: z.string(),
  source: z.enum(['help', 'facts', 'llm', 'none']),
  article: z.string().nullable(),
  /** Help and LLM answers: the article's title and page ("Read more"). Added later: clients may ignore it. */
  readMore: z.object({ title: z.string(), path: z.string() }).optional(),
  /** No answer: the questions to try instead. Added later: clients may ignore it. */
  suggestions: z.array(z.string()).optional(),
});
export const helpArticleSummary = z.object({ slug: z.string(), title: z.string(), summary: z.string() });
export const helpSlugParam = z.object({ slug: z.string().max(80).regex(HELP_SLUG, TEXTS.http.notFound) });
export const helpArticlesAnswer = z.object({ articles: z.array(helpArticleSummary) });
/** `body` is Markdown: `##` sections, lists, **bold**. */
export const helpArticleAnswer = z.object({ article: helpArticleSummary.extend({ body: z.string() }) });

export const assistantApi = {
  ask: defineRoute({ method: 'POST', path: '/api/ask', body: askBody, answer: { 200: askAnswer } }),
  help: defineRoute({ method: 'GET', path: '/api/help', answer: { 200: helpArticlesAnswer } }),
  helpArticle: defineRoute({ method: 'GET', path: '/api/help/:slug', params: helpSlugParam, answer: { 200: helpArticleAnswer } }),
};
