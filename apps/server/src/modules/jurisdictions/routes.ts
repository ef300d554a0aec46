import type { FastifyInstance } from 'fastify';
import { API, JURISDICTION_TEXTS } from '@civicpulse/shared';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';
import { caller, type Guards } from '../../plugins/auth.js';
import { writeRateLimit } from '../../plugins/rateLimits.js';

/**
 * Issue 16 item 3: a department declares its jurisdiction; an admin may edit it when verifying. A
 * jurisdiction is public to every signed-in person (it says where an office works, like its office
 * address); it holds nothing private.
 */
export function jurisdictionRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const service = ctx.services.jurisdictions;
  const limited = writeRateLimit(ctx.config);
  const tags = ['jurisdictions'];

  route(
    app,
    API.jurisdictions.mine,
    { schema: { tags }, onRequest: guards.requireAuth('government') },
    async (request) => ({ jurisdiction: await service.get(caller(request).id) }),
  );
  route(
    app,
    API.jurisdictions.saveMine,
    { schema: { tags }, onRequest: guards.requireAuth('government'), config: limited },
    async (request) => {
      const me = caller(request);
      return { message: JURISDICTION_TEXTS.saved, ...(await service.save(me, me.id, request.body)) };
    },
  );
  route(
    app,
    API.jurisdictions.ofDepartment,
    { schema: { tags }, onRequest: guards.requireAuth() },
    async (request) => ({ jurisdiction: await service.publicGet(request.params.id) }),
  );
  route(
    app,
    API.jurisdictions.save,
    { schema: { tags }, onRequest: guards.requireAuth('admin'), config: limited },
    async (request) => ({ message: JURISDICTION_TEXTS.saved, ...(await service.save(caller(request), request.params.id, request.body)) }),
  );
}
