import type { FastifyInstance } from 'fastify';
import { API, NOTIFICATION_TEXTS, pickLanguage } from '@civicpulse/shared';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';
import { caller, type Guards } from '../../plugins/auth.js';


/** The bell's list and "Mark all as read", for every signed-in role. */
export function notificationRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const signedIn = guards.requireAuth();
  const service = ctx.services.notifications;
  const tags = ['notifications'];

  route(
    app,
    API.notifications.list,
    { schema: { tags }, onRequest: signedIn },
    async (request, reply) => {
      // Titles and messages in the reader's language (issue 17): the answer varies with it.
      reply.header('Vary', 'Accept-Language');
      return service.list(caller(request), request.query, pickLanguage(request.headers['accept-language']));
    },
  );

  route(
    app,
    API.notifications.markRead,
    { schema: { tags }, onRequest: signedIn },
    async (request) => ({ message: NOTIFICATION_TEXTS.marked, unreadCount: await service.markRead(caller(request), request.body) }),
  );
}
