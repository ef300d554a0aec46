import type { FastifyInstance } from 'fastify';
import { API, TEXTS } from '@civicpulse/shared';
import { route } from '../../lib/route.js';
import type { Guards } from '../../plugins/auth.js';


import type { ContactService } from './service.js';
import type { Config } from '../../config.js';

/** What the contact routes are given (see lib/module.ts). */
export interface ContactDeps {
  contact: ContactService;
  config: Config;
  guards: Guards;
}

export function contactRoutes(app: FastifyInstance, deps: ContactDeps): void {
  const tags = ['contact'];

  route(
    app,
    API.contact.send,
    { schema: { tags }, onRequest: deps.guards.optionalAuth, config: { rateLimit: { max: deps.config.rateLimit.authMax, timeWindow: deps.config.rateLimit.windowMs } } },
    async (request, reply) => {
      const body = request.body;
      await deps.contact.send({ name: body.name!, email: body.email!, message: body.message! }, request.account ?? null);
      return reply.code(201).send({ message: TEXTS.success.contactSent });
    },
  );

  route(
    app,
    API.contact.messages,
    { schema: { tags: ['admin'] }, onRequest: deps.guards.requireAuth('admin') },
    async (request) => {
      return deps.contact.page(request.query.limit ?? 50, request.query.cursor);
    },
  );
}
