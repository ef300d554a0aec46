import type { FastifyInstance } from 'fastify';
import { API } from '@civicpulse/shared';
import { route } from '../../lib/route.js';
import { caller, type Guards } from '../../plugins/auth.js';
import type { Config } from '../../config.js';
import type { NotesService } from './service.js';

/** What the internal notes routes are given (see lib/module.ts). */
export interface NotesDeps {
  notes: NotesService;
  guards: Guards;
  config: Config;
}

export function noteRoutes(app: FastifyInstance, deps: NotesDeps): void {
  const staff = deps.guards.requireAuth('government', 'admin');
  const limited = { rateLimit: { max: deps.config.rateLimit.writeMax, timeWindow: deps.config.rateLimit.windowMs } };
  const tags = ['notes'];
  route(app, API.internalNotes.list, { schema: { tags }, onRequest: staff }, async (request) => deps.notes.list(caller(request), request.params.id, request.query.cursor));
  route(app, API.internalNotes.add, { schema: { tags }, onRequest: staff, config: limited }, async (request, reply) =>
    reply.code(201).send(await deps.notes.add(caller(request), request.params.id, request.body.body)),
  );
}
