import type { FastifyInstance } from 'fastify';
import {
  API,
} from '@civicpulse/shared';
import { route } from '../../lib/route.js';
import { caller, type Guards } from '../../plugins/auth.js';
import { writeRateLimit } from '../../plugins/rateLimits.js';

import type { ServiceLevelsService } from './service.js';
import type { Config } from '../../config.js';

/** What the servicelevels routes are given (see lib/module.ts). */
export interface ServiceLevelsDeps {
  serviceLevels: ServiceLevelsService;
  config: Config;
  guards: Guards;
}

/** Service levels (admins) and department figures (public), issue 16 items 6 and 7. */
export function serviceLevelRoutes(app: FastifyInstance, deps: ServiceLevelsDeps): void {
  const service = deps.serviceLevels;
  const admin = deps.guards.requireAuth('admin');
  const tags = ['service levels'];

  route(app, API.serviceLevels.levels, { schema: { tags }, onRequest: admin }, async () => ({
    levels: await service.list(),
  }));

  route(
    app,
    API.serviceLevels.saveLevel,
    { schema: { tags }, onRequest: admin, config: writeRateLimit(deps.config) },
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
