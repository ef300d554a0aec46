import type { FastifyInstance } from 'fastify';
import { API } from '@civicpulse/shared';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';

/** What the web app needs to know about this deployment; nothing secret. */
export function configRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(
    app,
    API.config.config,
    { schema: { tags: ['health'] } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return { tileUrl: ctx.config.tileUrl, routing: Boolean(ctx.config.routing.osrmUrl || ctx.config.routing.orsApiKey) };
    },
  );
}
