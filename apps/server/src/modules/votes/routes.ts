import type { FastifyInstance } from 'fastify';
import { API } from '@civicpulse/shared';
import type { Config } from '../../config.js';
import { route } from '../../lib/route.js';
import { caller, type Guards } from '../../plugins/auth.js';
import { writeRateLimit } from '../../plugins/rateLimits.js';
import type { VotesService } from './service.js';

/** What the votes routes are given (see lib/module.ts). */
export interface VotesDeps {
  votes: VotesService;
  config: Config;
  guards: Guards;
}

export function voteRoutes(app: FastifyInstance, deps: VotesDeps): void {
  const { votes } = deps;
  const tags = ['posts'];
  const signedIn = deps.guards.requireAuth();
  const limited = writeRateLimit(deps.config);

  route(
    app,
    API.posts.vote,
    { schema: { tags }, onRequest: signedIn, config: limited },
    async (request) => votes.vote(request.body.postId, caller(request), request.body.type),
  );
}
