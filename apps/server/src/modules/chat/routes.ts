import type { FastifyInstance } from 'fastify';
import { API, CHAT_TEXTS } from '@civicpulse/shared';
import { route } from '../../lib/route.js';
import { originOf } from '../../lib/urls.js';
import { caller, type Guards } from '../../plugins/auth.js';


import type { ChatService } from './service.js';
import type { Config } from '../../config.js';

/** What the chat routes are given (see lib/module.ts). */
export interface ChatDeps {
  chat: ChatService;
  config: Config;
  guards: Guards;
}

/** Spec 7 "Chat": history newest first (a bare array), and the send that broadcasts after the write. */
export function chatRoutes(app: FastifyInstance, deps: ChatDeps): void {
  const citizen = deps.guards.requireAuth('user');
  const service = deps.chat;
  const tags = ['chat'];

  route(
    app,
    API.chat.history,
    { schema: { tags }, onRequest: citizen },
    async (request) => service.history(caller(request), request.query, originOf(request, deps.config.publicUrl)),
  );

  route(
    app,
    API.chat.send,
    { schema: { tags }, onRequest: citizen },
    async (request, reply) => {
      const data = await service.send(caller(request), request.body.msg, originOf(request, deps.config.publicUrl));
      return reply.code(201).send({ message: CHAT_TEXTS.sent, data });
    },
  );
}
