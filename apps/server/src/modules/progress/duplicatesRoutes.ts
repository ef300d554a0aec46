import type { FastifyInstance } from 'fastify';
import { API } from '@civicpulse/shared';
import { route } from '../../lib/route.js';
import { originOf } from '../../lib/urls.js';
import { caller, type Guards } from '../../plugins/auth.js';
import { writeRateLimit } from '../../plugins/rateLimits.js';
import type { Config } from '../../config.js';
import type { PostViews } from '../posts/index.js';
import type { DuplicatesService } from './duplicates.js';

export interface DuplicatesDeps {
  duplicates: DuplicatesService;
  postViews: PostViews;
  guards: Guards;
  config: Config;
}

/** Marking a report as a duplicate of another, and taking it back (departments holding either report, admins). */
export function duplicatesRoutes(app: FastifyInstance, deps: DuplicatesDeps): void {
  const staff = deps.guards.requireAuth('government', 'admin');
  const limited = writeRateLimit(deps.config);
  const tags = ['progress'];
  const withPost = async (request: Parameters<typeof caller>[0], id: string, message: string) => ({
    message,
    post: await deps.postViews.get(id, caller(request), originOf(request, deps.config.publicUrl)),
  });
  route(app, API.duplicates.mark, { schema: { tags }, onRequest: staff, config: limited }, async (request) => {
    const { message } = await deps.duplicates.mark(caller(request), request.params.id, request.body.originalId);
    return withPost(request, request.params.id, message);
  });
  route(app, API.duplicates.unmark, { schema: { tags }, onRequest: staff, config: limited }, async (request) => {
    const { message } = await deps.duplicates.unmark(caller(request), request.params.id);
    return withPost(request, request.params.id, message);
  });
}
