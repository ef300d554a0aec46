import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';

export const clientConfigAnswer = z.object({
  /** Leaflet tile template, from TILE_URL. */
  tileUrl: z.string(),
  /** Whether a real routing service is configured (else the route map draws a straight line). */
  routing: z.boolean(),
});

/** What the web app needs to know about this deployment; nothing secret. */
export function configRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/config',
    { schema: { tags: ['health'], response: { 200: clientConfigAnswer } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return { tileUrl: ctx.config.tileUrl, routing: Boolean(ctx.config.routing.osrmUrl || ctx.config.routing.orsApiKey) };
    },
  );
}
