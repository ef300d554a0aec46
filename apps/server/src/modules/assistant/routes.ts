import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ASSISTANT_LIMITS, HELP_SLUG, TEXTS, askBody } from '@civicpulse/shared';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import type { Guards } from '../../plugins/auth.js';
import type { StreamEvent } from './service.js';

const answer = z.object({ reply: z.string(), source: z.enum(['help', 'facts', 'llm', 'none']), article: z.string().nullable() });
const articleSummary = z.object({ slug: z.string(), title: z.string(), summary: z.string() });

function sse(events: AsyncGenerator<StreamEvent>): Readable {
  return Readable.from(
    (async function* () {
      for await (const e of events) yield `event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`;
    })(),
  );
}

/** Spec 7 `POST /api/ask` (no token needed; a token lets it answer from the caller's own reports) and the help pages. */
export function assistantRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = ctx.services.assistant;
  const tags = ['assistant'];

  r.post(
    '/api/ask',
    {
      schema: { tags, body: askBody, response: { 200: answer } },
      // Refused (413) before parsing: a question is at most 1,000 characters.
      bodyLimit: ASSISTANT_LIMITS.bodyMaxBytes,
      onRequest: guards.optionalAuth,
      // Server-Sent Events are written as they come; compression would hold them back.
      compress: false,
    },
    async (request, reply) => {
      const account = request.account;
      await service.admit(request.ip, account);
      if ((request.headers.accept ?? '').includes('text/event-stream')) {
        return reply
          .type('text/event-stream; charset=utf-8')
          .header('Cache-Control', 'no-cache, no-transform')
          .header('X-Accel-Buffering', 'no')
          // A stream is sent as it is (the response schema serializes JSON answers only).
          .send(sse(service.stream(request.body.message, account)) as never);
      }
      return service.answer(request.body.message, account);
    },
  );

  r.get('/api/help', { schema: { tags, response: { 200: z.object({ articles: z.array(articleSummary) }) } } }, async () => ({
    articles: ctx.help.articles.map((a) => ({ slug: a.slug, title: a.title, summary: a.summary })),
  }));

  r.get(
    '/api/help/:slug',
    {
      schema: {
        tags,
        params: z.object({ slug: z.string().max(80).regex(HELP_SLUG, TEXTS.http.notFound) }),
        response: { 200: z.object({ article: articleSummary.extend({ body: z.string() }) }) },
      },
    },
    async (request, reply) => {
      const a = ctx.help.article(request.params.slug);
      if (!a) throw notFound(TEXTS.http.notFound);
      void reply.header('Cache-Control', 'public, max-age=300');
      return { article: { slug: a.slug, title: a.title, summary: a.summary, body: a.body } };
    },
  );
}
