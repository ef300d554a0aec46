import type { FastifyInstance } from 'fastify';
import { ALERT_TEXTS, API } from '@civicpulse/shared';
import { route } from '../../lib/route.js';
import { caller, type Guards } from '../../plugins/auth.js';
import type { Config } from '../../config.js';
import type { AlertsService } from './service.js';

/** What the alerts routes are given (see lib/module.ts). */
export interface AlertsDeps {
  alerts: AlertsService;
  guards: Guards;
  config: Config;
}

export function alertRoutes(app: FastifyInstance, deps: AlertsDeps): void {
  const signedIn = deps.guards.requireAuth();
  const limited = { rateLimit: { max: deps.config.rateLimit.writeMax, timeWindow: deps.config.rateLimit.windowMs } };
  const tags = ['alerts'];

  route(app, API.alerts.list, { schema: { tags }, onRequest: signedIn }, async (request) => ({ alerts: await deps.alerts.list(caller(request)) }));

  route(app, API.alerts.create, { schema: { tags }, onRequest: signedIn, config: limited }, async (request, reply) => {
    const alert = await deps.alerts.create(caller(request), request.body);
    return reply.code(201).send({ message: ALERT_TEXTS.saved, alert });
  });

  route(app, API.alerts.remove, { schema: { tags }, onRequest: signedIn, config: limited }, async (request) => {
    await deps.alerts.remove(caller(request), request.params.id);
    return { message: ALERT_TEXTS.deleted };
  });
}
