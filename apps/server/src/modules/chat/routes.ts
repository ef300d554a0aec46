import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CHAT_TEXTS, getMessagesQuery, sendMessageBody } from '@civicpulse/shared';
import type { AppContext } from '../../context.js';
import { originOf } from '../../lib/urls.js';
import { caller, type Guards } from '../../plugins/auth.js';

const chatMessage = z.object({ _id: z.string(), userId: z.string(), user: z.string(), profilePic: z.string(), msg: z.string(), createdAt: z.string() });

/** Spec 7 "Chat": history newest first (a bare array), and the send that broadcasts after the write. */
export function chatRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const citizen = guards.requireAuth('user');
  const service = ctx.services.chat;
  const tags = ['chat'];

  r.get(
    '/api/user/getMessage',
    { schema: { tags, querystring: getMessagesQuery, response: { 200: z.array(chatMessage) } }, onRequest: citizen },
    async (request) => service.history(caller(request), request.query, originOf(request, ctx.config.publicUrl)),
  );

  r.post(
    '/api/user/sendMessage',
    { schema: { tags, body: sendMessageBody, response: { 201: z.object({ message: z.string(), data: chatMessage }) } }, onRequest: citizen },
    async (request, reply) => {
      const data = await service.send(caller(request), request.body.msg, originOf(request, ctx.config.publicUrl));
      return reply.code(201).send({ message: CHAT_TEXTS.sent, data });
    },
  );
}
