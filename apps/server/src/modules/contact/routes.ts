import type { FastifyInstance } from 'fastify';
import { API, LIMITS, TEXTS, normalizeEmail } from '@civicpulse/shared';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';
import type { Guards } from '../../plugins/auth.js';
import { newId, nowIso } from '../../lib/ids.js';


export function contactRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const tags = ['contact'];

  route(
    app,
    API.contact.send,
    { schema: { tags }, onRequest: guards.optionalAuth, config: { rateLimit: { max: ctx.config.rateLimit.authMax, timeWindow: ctx.config.rateLimit.windowMs } } },
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

  route(
    app,
    API.contact.messages,
    { schema: { tags: ['admin'] }, onRequest: guards.requireAuth('admin') },
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
