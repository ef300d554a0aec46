import type { FastifyInstance } from 'fastify';
import { API } from '@civicpulse/shared';
import type { Config } from '../../config.js';
import { route } from '../../lib/route.js';
import { originOf } from '../../lib/urls.js';
import { caller, type Guards } from '../../plugins/auth.js';
import { writeRateLimit } from '../../plugins/rateLimits.js';
import { presentImage } from '../posts/index.js';
import type { RedactionService } from './service.js';

/** What the photo redaction route is given (see lib/module.ts). */
export interface RedactionDeps {
  redaction: RedactionService;
  guards: Guards;
  config: Config;
}

export function redactionRoutes(app: FastifyInstance, deps: RedactionDeps): void {
  const staff = deps.guards.requireAuth('government', 'admin');
  route(app, API.redaction.redact, { schema: { tags: ['posts'] }, onRequest: staff, config: writeRateLimit(deps.config) }, async (request, reply) => {
    const { params, body } = request;
    // The connection closed before we answered: the client is gone, so the redaction is not committed.
    let closed = false;
    reply.raw.once('close', () => {
      if (!reply.raw.writableEnded) closed = true;
    });
    const done = await deps.redaction.redact(caller(request), params.id, params.imageId, body.boxes, () => closed);
    return { message: done.message, image: presentImage(originOf(request, deps.config.publicUrl), done.image) };
  });
}
