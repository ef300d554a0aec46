/** The follows module's public face: what other modules and the composition root (app.ts, context.ts) may use. */
import { defineModule } from '../../lib/module.js';
import { followRoutes, type FollowsDeps } from './routes.js';

export { FollowsService } from './service.js';
export { FollowsRepo } from './repo.js';
export { FollowNotifier, FOLLOWER_BATCH } from './notifier.js';
export type { FollowsDeps };

export const followsModule = defineModule<FollowsDeps>({
  name: 'follows',
  needs: { follows: true, guards: true, config: true },
  register: followRoutes,
});
