import type { FastifyInstance } from 'fastify';
import { API, PUSH_TEXTS } from '@civicpulse/shared';
import { route } from '../../lib/route.js';
import { caller, type Guards } from '../../plugins/auth.js';
import type { Config } from '../../config.js';
import type { PushService } from './service.js';

/** What the push routes are given (see lib/module.ts). */
export interface PushDeps {
  push: PushService;
  guards: Guards;
  config: Config;
}

export function pushRoutes(app: FastifyInstance, deps: PushDeps): void {
  const signedIn = deps.guards.requireAuth();
  const limited = { rateLimit: { max: deps.config.rateLimit.writeMax, timeWindow: deps.config.rateLimit.windowMs } };
  const tags = ['push'];

  route(app, API.push.key, { schema: { tags } }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=3600');
    return { publicKey: deps.push.key() };
  });

  route(app, API.push.subscribe, { schema: { tags }, onRequest: signedIn, config: limited }, async (request, reply) => {
    await deps.push.subscribe(caller(request), request.body);
    return reply.code(201).send({ message: PUSH_TEXTS.subscribed });
  });

  route(app, API.push.unsubscribe, { schema: { tags }, onRequest: signedIn, config: limited }, async (request) => {
    await deps.push.unsubscribe(caller(request), request.body.endpoint);
    return { message: PUSH_TEXTS.unsubscribed };
  });
}
