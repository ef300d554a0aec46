import type { FastifyInstance } from 'fastify';
import { API, JURISDICTION_TEXTS } from '@civicpulse/shared';
import { route } from '../../lib/route.js';
import { authorize } from '../../policies/index.js';
import { departmentOf } from '../../policies/rule.js';
import { caller, type Guards } from '../../plugins/auth.js';
import { writeRateLimit } from '../../plugins/rateLimits.js';

import type { JurisdictionsService } from './service.js';
import type { Config } from '../../config.js';

/** What the jurisdictions routes are given (see lib/module.ts). */
export interface JurisdictionsDeps {
  jurisdictions: JurisdictionsService;
  config: Config;
  guards: Guards;
}

/**
 * Issue 16 item 3: a department declares its jurisdiction; an admin may edit it when verifying. A
 * jurisdiction is public to every signed-in person (it says where an office works, like its office
 * address); it holds nothing private.
 */
export function jurisdictionRoutes(app: FastifyInstance, deps: JurisdictionsDeps): void {
  const service = deps.jurisdictions;
  const limited = writeRateLimit(deps.config);
  const tags = ['jurisdictions'];

  route(
    app,
    API.jurisdictions.mine,
    { schema: { tags }, onRequest: deps.guards.requireAuth('government') },
    async (request) => ({ jurisdiction: await service.get(departmentOf(caller(request))) }),
  );
  route(
    app,
    API.jurisdictions.saveMine,
    { schema: { tags }, onRequest: deps.guards.requireAuth('government'), config: limited },
    async (request) => {
      const me = caller(request);
      authorize(me, 'jurisdiction.editOwn', {});
      return { message: JURISDICTION_TEXTS.saved, ...(await service.save(me, departmentOf(me), request.body)) };
    },
  );
  route(
    app,
    API.jurisdictions.ofDepartment,
    { schema: { tags }, onRequest: deps.guards.requireAuth() },
    async (request) => ({ jurisdiction: await service.publicGet(request.params.id) }),
  );
  route(
    app,
    API.jurisdictions.save,
    { schema: { tags }, onRequest: deps.guards.requireAuth('admin'), config: limited },
    async (request) => ({ message: JURISDICTION_TEXTS.saved, ...(await service.save(caller(request), request.params.id, request.body)) }),
  );
}
