import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  departmentMetricsAnswer,
  idParam,
  rankingAnswer,
  rankingQuery,
  serviceLevelBody,
  serviceLevelUpdateAnswer,
  serviceLevelsAnswer,
} from '@civicpulse/shared';
import type { AppContext } from '../../context.js';
import { caller, type Guards } from '../../plugins/auth.js';
import { writeRateLimit } from '../../plugins/rateLimits.js';

/** Service levels (admins) and department figures (public), issue 16 items 6 and 7. */
export function serviceLevelRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = ctx.services.serviceLevels;
  const admin = guards.requireAuth('admin');
  const tags = ['service levels'];

  r.get('/api/admin/service-levels', { schema: { tags, response: { 200: serviceLevelsAnswer } }, onRequest: admin }, async () => ({
    levels: await service.list(),
  }));

  r.put(
    '/api/admin/service-levels',
    { schema: { tags, body: serviceLevelBody, response: { 200: serviceLevelUpdateAnswer } }, onRequest: admin, config: writeRateLimit(ctx.config) },
    async (request) => service.update(caller(request), request.body),
  );

  // Public, like a department's record on a citizen's charter: no private field is in them.
  r.get('/api/departments/ranking', { schema: { tags, querystring: rankingQuery, response: { 200: rankingAnswer } } }, async (request) =>
    service.ranking(request.query.city, request.query.cursor, request.query.limit),
  );

  r.get('/api/departments/:id/metrics', { schema: { tags, params: idParam, response: { 200: departmentMetricsAnswer } } }, async (request) => ({
    metrics: await service.metrics(request.params.id),
  }));
}
