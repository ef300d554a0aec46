import type { FastifyInstance } from 'fastify';
import { API, NOTIFICATION_TEXTS, pickLanguage } from '@civicpulse/shared';
import { route } from '../../lib/route.js';
import { caller, type Guards } from '../../plugins/auth.js';


import type { NotificationsService } from './service.js';

/** What the notifications routes are given (see lib/module.ts). */
export interface NotificationsDeps {
  notifications: NotificationsService;
  guards: Guards;
}

/** The bell's list and "Mark all as read", for every signed-in role. */
export function notificationRoutes(app: FastifyInstance, deps: NotificationsDeps): void {
  const signedIn = deps.guards.requireAuth();
  const service = deps.notifications;
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
