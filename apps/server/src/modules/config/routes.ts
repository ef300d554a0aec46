import type { FastifyInstance } from 'fastify';
import { API } from '@civicpulse/shared';
import { route } from '../../lib/route.js';

import type { Config } from '../../config.js';

/** What the config routes are given (see lib/module.ts). */
export interface ConfigDeps {
  config: Config;
}

/** What the web app needs to know about this deployment; nothing secret. */
export function configRoutes(app: FastifyInstance, deps: ConfigDeps): void {
  route(
    app,
    API.config.config,
    { schema: { tags: ['health'] } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return { tileUrl: deps.config.tileUrl, routing: Boolean(deps.config.routing.osrmUrl || deps.config.routing.orsApiKey) };
    },
  );
}
