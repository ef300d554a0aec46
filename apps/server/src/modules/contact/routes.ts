import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS, TEXTS, contactBody, messageAnswer, normalizeEmail, pageQuery } from '@civicpulse/shared';
import type { AppContext } from '../../context.js';
import type { Guards } from '../../plugins/auth.js';
import { newId, nowIso } from '../../lib/ids.js';

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
      await ctx.repos.contact.insert({
        id: newId(),
        name: body.name!.trim().slice(0, LIMITS.nameMaxChars),
        email: normalizeEmail(body.email!),
        message: body.message!.trim(),
        account_id: request.account?.id ?? null,
        created_at: nowIso(),
      });
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
      const limit = request.query.limit ?? 50;
      const rows = await ctx.repos.contact.list(limit + 1, request.query.cursor);
      const page = rows.slice(0, limit);
      return {
        messages: page.map((m) => ({
          _id: m.id,
          name: m.name,
          email: m.email,
          message: m.message,
          accountId: m.account_id,
          createdAt: m.created_at,
        })),
        nextCursor: rows.length > limit ? page[page.length - 1]!.id : null,
      };
    },
  );
}
