import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API, pickLanguage } from '@civicpulse/shared';
import { route } from '../../lib/route.js';
import { originOf } from '../../lib/urls.js';
import { caller, type Guards } from '../../plugins/auth.js';
import { writeRateLimit } from '../../plugins/rateLimits.js';
import type { Config } from '../../config.js';
import type { PostViews } from '../posts/index.js';
import type { TeamService } from './service.js';

/** What the team routes are given (see lib/module.ts). */
export interface TeamDeps {
  team: TeamService;
  postViews: PostViews;
  guards: Guards;
  config: Config;
}

export function teamRoutes(app: FastifyInstance, deps: TeamDeps): void {
  const government = deps.guards.requireAuth('government');
  const limited = writeRateLimit(deps.config);
  const joinLimit = { rateLimit: { max: deps.config.rateLimit.authMax, timeWindow: deps.config.rateLimit.windowMs } };
  const language = (request: FastifyRequest) => pickLanguage(request.headers['accept-language']);
  const tags = ['team'];

  route(app, API.team.get, { schema: { tags }, onRequest: government }, async (request) => deps.team.team(caller(request)));
  route(app, API.team.invite, { schema: { tags }, onRequest: government, config: limited }, async (request, reply) =>
    reply.code(201).send(await deps.team.invite(caller(request), request.body.email, request.body.teamRole, language(request))),
  );
  route(app, API.team.revokeInvite, { schema: { tags }, onRequest: government, config: limited }, async (request) => deps.team.revoke(caller(request), request.params.id));
  route(app, API.team.removeMember, { schema: { tags }, onRequest: government, config: limited }, async (request) => deps.team.remove(caller(request), request.params.id));
  route(app, API.team.joinInfo, { schema: { tags }, config: joinLimit }, async (request) => deps.team.joinInfo(request.params.token));
  route(app, API.team.join, { schema: { tags }, config: joinLimit }, async (request, reply) =>
    reply.code(201).send(await deps.team.join(request.params.token, request.body, language(request))),
  );
  route(app, API.team.metrics, { schema: { tags }, onRequest: government }, async (request) => deps.team.metrics(caller(request)));
  route(app, API.team.templates, { schema: { tags }, onRequest: government }, async (request) => deps.team.templates(caller(request)));
  route(app, API.team.addTemplate, { schema: { tags }, onRequest: government, config: limited }, async (request, reply) =>
    reply.code(201).send(await deps.team.addTemplate(caller(request), request.body)),
  );
  route(app, API.team.editTemplate, { schema: { tags }, onRequest: government, config: limited }, async (request) => deps.team.editTemplate(caller(request), request.params.id, request.body));
  route(app, API.team.deleteTemplate, { schema: { tags }, onRequest: government, config: limited }, async (request) => deps.team.removeTemplate(caller(request), request.params.id));
  route(app, API.team.assign, { schema: { tags }, onRequest: government, config: limited }, async (request) => {
    const me = caller(request);
    const { message } = await deps.team.assign(me, request.params.id, request.body.officerId, request.body.reason);
    return { message, post: await deps.postViews.get(request.params.id, me, originOf(request, deps.config.publicUrl)) };
  });
}
