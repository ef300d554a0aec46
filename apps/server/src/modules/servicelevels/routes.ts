import type { FastifyInstance } from 'fastify';
import {
  API,
} from '@civicpulse/shared';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';
import { caller, type Guards } from '../../plugins/auth.js';
import { writeRateLimit } from '../../plugins/rateLimits.js';

/** Service levels (admins) and department figures (public), issue 16 items 6 and 7. */
export function serviceLevelRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const service = ctx.services.serviceLevels;
  const admin = guards.requireAuth('admin');
  const tags = ['service levels'];

  route(app, API.serviceLevels.levels, { schema: { tags }, onRequest: admin }, async () => ({
    levels: await service.list(),
  }));

  route(
    app,
    API.serviceLevels.saveLevel,
    { schema: { tags }, onRequest: admin, config: writeRateLimit(ctx.config) },
    async (request) => service.update(caller(request), request.body),
  );

  // Public, like a department's record on a citizen's charter: no private field is in them.
  route(app, API.serviceLevels.ranking, { schema: { tags } }, async (request) =>
    service.ranking(request.query.city, request.query.cursor, request.query.limit),
  );

  route(app, API.serviceLevels.metrics, { schema: { tags } }, async (request) => ({
    metrics: await service.metrics(request.params.id),
  }));
}
