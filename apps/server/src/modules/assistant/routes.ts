import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { API, ASSISTANT_LIMITS, TEXTS, pickLanguage, type HelpArticle } from '@civicpulse/shared';
import { route } from '../../lib/route.js';
import { notFound } from '../../lib/errors.js';
import type { Guards } from '../../plugins/auth.js';
import { HELP_HI_DIR, loadHelpCorpus } from './corpus.js';
import type { StreamEvent } from './service.js';


import type { AssistantService } from './service.js';
import type { HelpIndex } from './retrieval.js';

/** What the assistant routes are given (see lib/module.ts). */
export interface AssistantDeps {
  assistant: AssistantService;
  help: HelpIndex;
  guards: Guards;
}

function sse(events: AsyncGenerator<StreamEvent>): Readable {
  return Readable.from(
    (async function* () {
      for await (const e of events) yield `event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`;
    })(),
  );
}

/** Spec 7 `POST /api/ask` (no token needed; a token lets it answer from the caller's own reports) and the help pages. */
export function assistantRoutes(app: FastifyInstance, deps: AssistantDeps): void {
  const service = deps.assistant;
  const tags = ['assistant'];
  // The help pages in Hindi when the reader asks for it (Accept-Language); an article without a Hindi
  // twin stays English.
  const hindi = new Map(loadHelpCorpus(HELP_HI_DIR).map((a) => [a.slug, a]));
  const inLanguage = (article: HelpArticle, acceptLanguage: string | undefined): HelpArticle =>
    pickLanguage(acceptLanguage) === 'hi' ? (hindi.get(article.slug) ?? article) : article;

  route(
    app,
    API.assistant.ask,
    { schema: { tags }, // Refused (413) before parsing: a question is at most 1, 000 characters.
      bodyLimit: ASSISTANT_LIMITS.bodyMaxBytes, onRequest: deps.guards.optionalAuth, // Server-Sent Events are written as they come; compression would hold them back.
      compress: false },
    async (request, reply) => {
      const account = request.account;
      await service.admit(request.ip, account);
      if ((request.headers.accept ?? '').includes('text/event-stream')) {
        return reply
          .type('text/event-stream; charset=utf-8')
          .header('Cache-Control', 'no-cache, no-transform')
          .header('X-Accel-Buffering', 'no')
          // A stream is sent as it is (the response schema serializes JSON answers only).
          .send(sse(service.stream(request.body.message, account, pickLanguage(request.headers['accept-language']))) as never);
      }
      return service.answer(request.body.message, account, pickLanguage(request.headers['accept-language']));
    },
  );

  route(app, API.assistant.help, { schema: { tags } }, async (request, reply) => {
    void reply.header('Vary', 'Accept-Language');
    return {
      articles: deps.help.articles.map((english) => {
        const a = inLanguage(english, request.headers['accept-language']);
        return { slug: a.slug, title: a.title, summary: a.summary };
      }),
    };
  });

  route(
    app,
    API.assistant.helpArticle,
    { schema: { tags } },
    async (request, reply) => {
      const english = deps.help.article(request.params.slug);
      if (!english) throw notFound(TEXTS.http.notFound);
      const a = inLanguage(english, request.headers['accept-language']);
      void reply.header('Cache-Control', 'public, max-age=300').header('Vary', 'Accept-Language');
      return { article: { slug: a.slug, title: a.title, summary: a.summary, body: a.body } };
    },
  );
}
