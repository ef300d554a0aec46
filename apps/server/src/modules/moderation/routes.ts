import type { FastifyInstance } from 'fastify';
import { API } from '@civicpulse/shared';
import { route } from '../../lib/route.js';
import { caller, type Guards } from '../../plugins/auth.js';
import type { Config } from '../../config.js';
import type { ModerationService } from './service.js';

/** What the moderation routes are given (see lib/module.ts). */
export interface ModerationDeps {
  moderation: ModerationService;
  /** The suspended account, loaded by id (accounts are the accounts module's). */
  accountLookup: { findById(id: string): Promise<import('../../db/rows.js').AccountRow | undefined> };
  guards: Guards;
  config: Config;
}

export function moderationRoutes(app: FastifyInstance, deps: ModerationDeps): void {
  const signedIn = deps.guards.requireAuth();
  const admin = deps.guards.requireAuth('admin');
  const limited = { rateLimit: { max: deps.config.rateLimit.writeMax, timeWindow: deps.config.rateLimit.windowMs } };
  const tags = ['moderation'];
  route(app, API.moderation.flag, { schema: { tags }, onRequest: signedIn, config: limited }, async (request, reply) =>
    reply.code(201).send(await deps.moderation.flag(caller(request), request.body)),
  );
  route(app, API.moderation.notice, { schema: { tags }, onRequest: signedIn }, async (request) => deps.moderation.notice(caller(request), request.query.kind, request.query.id));
  route(app, API.moderation.review, { schema: { tags }, onRequest: signedIn, config: limited }, async (request) => deps.moderation.requestReview(caller(request), request.body));
  route(app, API.moderation.queue, { schema: { tags }, onRequest: admin }, async (request) => deps.moderation.queue(caller(request), request.query.status, request.query.cursor));
  route(app, API.moderation.act, { schema: { tags }, onRequest: admin }, async (request) => deps.moderation.act(caller(request), request.body.action, request.body.items));
  route(app, API.moderation.suspend, { schema: { tags }, onRequest: admin }, async (request) =>
    deps.moderation.suspend(caller(request), request.params.id, request.body.days, request.body.reason, await deps.accountLookup.findById(request.params.id)),
  );
  route(app, API.moderation.unsuspend, { schema: { tags }, onRequest: admin }, async (request) =>
    deps.moderation.unsuspend(caller(request), request.params.id, await deps.accountLookup.findById(request.params.id)),
  );
}
