import type { FastifyInstance } from 'fastify';
import { API, TEXTS } from '@civicpulse/shared';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';
import type { Guards } from '../../plugins/auth.js';


export function contactRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const tags = ['contact'];

  route(
    app,
    API.contact.send,
    { schema: { tags }, onRequest: guards.optionalAuth, config: { rateLimit: { max: ctx.config.rateLimit.authMax, timeWindow: ctx.config.rateLimit.windowMs } } },
    async (request, reply) => {
      const body = request.body;
      await ctx.services.contact.send({ name: body.name!, email: body.email!, message: body.message! }, request.account ?? null);
      return reply.code(201).send({ message: TEXTS.success.contactSent });
    },
  );

  route(
    app,
    API.contact.messages,
    { schema: { tags: ['admin'] }, onRequest: guards.requireAuth('admin') },
    async (request) => {
      return ctx.services.contact.page(request.query.limit ?? 50, request.query.cursor);
    },
  );
}
