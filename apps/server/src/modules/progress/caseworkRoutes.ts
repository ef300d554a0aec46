import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API, TEAM_LIMITS } from '@civicpulse/shared';
import { route } from '../../lib/route.js';
import { originOf } from '../../lib/urls.js';
import { caller, type Guards } from '../../plugins/auth.js';
import { writeRateLimit } from '../../plugins/rateLimits.js';
import type { Config } from '../../config.js';
import type { PostViews } from '../posts/index.js';
import type { CaseworkService } from './casework.js';

export interface CaseworkDeps {
  casework: CaseworkService;
  postViews: PostViews;
  guards: Guards;
  config: Config;
}

/** Transfers, the admin's triage queue and appeals (department teams). */
export function caseworkRoutes(app: FastifyInstance, deps: CaseworkDeps): void {
  const government = deps.guards.requireAuth('government');
  const admin = deps.guards.requireAuth('admin');
  const citizen = deps.guards.requireAuth('user');
  const answerers = deps.guards.requireAuth('government', 'admin');
  const limited = writeRateLimit(deps.config);
  const tags = ['progress'];
  const origin = (request: FastifyRequest) => originOf(request, deps.config.publicUrl);
  const withPost = async (request: FastifyRequest, id: string, message: string) => ({ message, post: await deps.postViews.get(id, caller(request), origin(request)) });

  route(app, API.team.departments, { schema: { tags }, onRequest: government }, async (request) => deps.casework.directory(request.query.q, caller(request)));
  route(app, API.team.transfer, { schema: { tags }, onRequest: government, config: limited }, async (request) => {
    const { message } = await deps.casework.transfer(caller(request), request.params.id, request.body.departmentId, request.body.reason);
    return withPost(request, request.params.id, message);
  });
  route(app, API.team.triage, { schema: { tags }, onRequest: admin }, async (request) => {
    const page = await deps.postViews.list({ needsTriage: true }, { sort: 'newest', cursor: request.query.cursor, limit: TEAM_LIMITS.triagePageSize, staff: '*' }, caller(request).id, origin(request));
    return { posts: page.items, nextCursor: page.nextCursor };
  });
  route(app, API.team.triageTransfer, { schema: { tags }, onRequest: admin, config: limited }, async (request) => {
    const { message } = await deps.casework.route(caller(request), request.params.id, request.body.departmentId, request.body.reason);
    return withPost(request, request.params.id, message);
  });
  route(app, API.team.postAppeal, { schema: { tags }, onRequest: deps.guards.requireAuth() }, async (request) => deps.casework.ofPost(caller(request), request.params.id));
  route(app, API.team.appeal, { schema: { tags }, onRequest: citizen, config: limited }, async (request, reply) => {
    const { message } = await deps.casework.appeal(caller(request), request.params.id, request.body.reason);
    return reply.code(201).send(await withPost(request, request.params.id, message));
  });
  for (const def of [API.team.answerAppeal, API.team.adminAnswerAppeal]) {
    route(app, def, { schema: { tags }, onRequest: answerers, config: limited }, async (request) => {
      const { message } = await deps.casework.answer(caller(request), request.params.id, request.body.outcome, request.body.response);
      return withPost(request, request.params.id, message);
    });
  }
  route(app, API.team.govAppeals, { schema: { tags }, onRequest: government }, async (request) => deps.casework.open(caller(request), request.query.cursor));
  route(app, API.team.adminAppeals, { schema: { tags }, onRequest: admin }, async (request) => deps.casework.open(caller(request), request.query.cursor));
}
