import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NOTIFICATION_TEXTS, NOTIFICATION_TYPES, markReadBody, notificationsQuery, pickLanguage } from '@civicpulse/shared';
import type { AppContext } from '../../context.js';
import { caller, type Guards } from '../../plugins/auth.js';

const notification = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  postId: z.string().nullable(),
  link: z.string().nullable(),
  actorName: z.string(),
  createdAt: z.string(),
});

/** The bell's list and "Mark all as read", for every signed-in role. */
export function notificationRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = guards.requireAuth();
  const service = ctx.services.notifications;
  const tags = ['notifications'];

  r.get(
    '/api/notifications',
    {
      schema: {
        tags,
        querystring: notificationsQuery,
        response: { 200: z.object({ notifications: z.array(notification), unreadCount: z.number(), nextCursor: z.string().nullable() }) },
      },
      onRequest: signedIn,
    },
    async (request, reply) => {
      // Titles and messages in the reader's language (issue 17): the answer varies with it.
      reply.header('Vary', 'Accept-Language');
      return service.list(caller(request), request.query, pickLanguage(request.headers['accept-language']));
    },
  );

  r.put(
    '/api/notifications/read',
    { schema: { tags, body: markReadBody, response: { 200: z.object({ message: z.string(), unreadCount: z.number() }) } }, onRequest: signedIn },
    async (request) => ({ message: NOTIFICATION_TEXTS.marked, unreadCount: await service.markRead(caller(request), request.body) }),
  );
}
