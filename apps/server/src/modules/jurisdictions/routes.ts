import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { JURISDICTION_TEXTS, idParam, jurisdictionAnswer, jurisdictionSaved } from '@civicpulse/shared';
import type { AppContext } from '../../context.js';
import { caller, type Guards } from '../../plugins/auth.js';
import { writeRateLimit } from '../../plugins/rateLimits.js';

/**
 * Issue 16 item 3: a department declares its jurisdiction; an admin may edit it when verifying. A
 * jurisdiction is public to every signed-in person (it says where an office works, like its office
 * address); it holds nothing private.
 */
export function jurisdictionRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = ctx.services.jurisdictions;
  const limited = writeRateLimit(ctx.config);
  const tags = ['jurisdictions'];

  r.get(
    '/api/gov/jurisdiction',
    { schema: { tags, response: { 200: jurisdictionAnswer } }, onRequest: guards.requireAuth('government') },
    async (request) => ({ jurisdiction: await service.get(caller(request).id) }),
  );
  r.put(
    '/api/gov/jurisdiction',
    { schema: { tags, response: { 200: jurisdictionSaved } }, onRequest: guards.requireAuth('government'), config: limited },
    async (request) => {
      const me = caller(request);
      return { message: JURISDICTION_TEXTS.saved, ...(await service.save(me, me.id, request.body)) };
    },
  );
  r.get(
    '/api/departments/:id/jurisdiction',
    { schema: { tags, params: idParam, response: { 200: jurisdictionAnswer } }, onRequest: guards.requireAuth() },
    async (request) => ({ jurisdiction: await service.publicGet(request.params.id) }),
  );
  r.put(
    '/api/admin/jurisdiction/:id',
    { schema: { tags, params: idParam, response: { 200: jurisdictionSaved } }, onRequest: guards.requireAuth('admin'), config: limited },
    async (request) => ({ message: JURISDICTION_TEXTS.saved, ...(await service.save(caller(request), request.params.id, request.body)) }),
  );
}
