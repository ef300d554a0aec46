import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TEXTS, contactBody, messageAnswer, pageQuery } from '@civicpulse/shared';
import type { AppContext } from '../../context.js';
import type { Guards } from '../../plugins/auth.js';

const contactMessage = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  accountId: z.string().nullable(),
  createdAt: z.string(),
});

export function contactRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['contact'];

  r.post(
    '/api/contact',
    {
      schema: { tags, body: contactBody, response: { 201: messageAnswer } },
      onRequest: guards.optionalAuth,
      config: { rateLimit: { max: ctx.config.rateLimit.authMax, timeWindow: ctx.config.rateLimit.windowMs } },
    },
    async (request, reply) => {
      const body = request.body;
      await ctx.services.contact.send({ name: body.name!, email: body.email!, message: body.message! }, request.account ?? null);
      return reply.code(201).send({ message: TEXTS.success.contactSent });
    },
  );

  r.get(
    '/api/admin/contactMessages',
    {
      schema: {
        tags: ['admin'],
        querystring: pageQuery,
        response: { 200: z.object({ messages: z.array(contactMessage), nextCursor: z.string().nullable() }) },
      },
      onRequest: guards.requireAuth('admin'),
    },
    async (request) => {
      return ctx.services.contact.page(request.query.limit ?? 50, request.query.cursor);
    },
  );
}
