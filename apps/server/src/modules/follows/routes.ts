import type { FastifyInstance } from 'fastify';
import { API } from '@civicpulse/shared';
import { route } from '../../lib/route.js';
import { caller, type Guards } from '../../plugins/auth.js';
import type { Config } from '../../config.js';
import type { FollowsService } from './service.js';

/** What the follows routes are given (see lib/module.ts). */
export interface FollowsDeps {
  follows: FollowsService;
  guards: Guards;
  config: Config;
}

export function followRoutes(app: FastifyInstance, deps: FollowsDeps): void {
  const signedIn = deps.guards.requireAuth();
  const limited = { rateLimit: { max: deps.config.rateLimit.writeMax, timeWindow: deps.config.rateLimit.windowMs } };
  const tags = ['follows'];
  route(app, API.follows.state, { schema: { tags }, onRequest: signedIn }, async (request) => deps.follows.state(caller(request), request.params.id));
  route(app, API.follows.follow, { schema: { tags }, onRequest: signedIn, config: limited }, async (request) => deps.follows.set(caller(request), request.params.id, true));
  route(app, API.follows.unfollow, { schema: { tags }, onRequest: signedIn, config: limited }, async (request) => deps.follows.set(caller(request), request.params.id, false));
}
