/** The notifications module's public face: what other modules and the composition root (app.ts, context.ts) may use. */
import { defineModule } from '../../lib/module.js';
import { notificationRoutes, type NotificationsDeps } from './routes.js';

export { NotificationsService } from './service.js';
export { NotificationsRepo } from './repo.js';
export { presentLiveNotification, presentNotification } from './presenter.js';
export type { NotificationsDeps };

export const notificationsModule = defineModule<NotificationsDeps>({
  name: 'notifications',
  needs: { notifications: true, guards: true },
  register: notificationRoutes,
});
