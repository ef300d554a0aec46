/** The moderation module's public face: what the composition root (app.ts, context.ts) may use. */
import { defineModule } from '../../lib/module.js';
import { moderationRoutes, type ModerationDeps } from './routes.js';

export { ModerationService, type ContentRemover } from './service.js';
export { ModerationRepo } from './repo.js';
export type { ModerationDeps };

export const moderationModule = defineModule<ModerationDeps>({
  name: 'moderation',
  needs: { moderation: true, accountLookup: true, guards: true, config: true },
  register: moderationRoutes,
});
