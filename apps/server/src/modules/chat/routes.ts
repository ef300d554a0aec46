import type { FastifyInstance } from 'fastify';
import { API, CHAT_TEXTS } from '@civicpulse/shared';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';
import { originOf } from '../../lib/urls.js';
import { caller, type Guards } from '../../plugins/auth.js';


/** Spec 7 "Chat": history newest first (a bare array), and the send that broadcasts after the write. */
export function chatRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const citizen = guards.requireAuth('user');
  const service = ctx.services.chat;
  const tags = ['chat'];

  route(
    app,
    API.chat.history,
    { schema: { tags }, onRequest: citizen },
    async (request) => service.history(caller(request), request.query, originOf(request, ctx.config.publicUrl)),
  );

  route(
    app,
    API.chat.send,
    { schema: { tags }, onRequest: citizen },
    async (request, reply) => {
      const data = await service.send(caller(request), request.body.msg, originOf(request, ctx.config.publicUrl));
      return reply.code(201).send({ message: CHAT_TEXTS.sent, data });
    },
  );
}
