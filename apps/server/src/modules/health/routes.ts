import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthAnswer } from '@civicpulse/shared';
import type { AppContext } from '../../context.js';
import { pingDatabase } from '../../db/index.js';

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    { schema: { tags: ['health'], response: { 200: healthAnswer } } },
    async () => {
      await pingDatabase(ctx.database.db);
      return { status: 'ok' as const, db: ctx.database.engine };
    },
  );
}
