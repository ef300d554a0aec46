/** The push module's public face: what other modules and the composition root (app.ts, context.ts) may use. */
import { defineModule } from '../../lib/module.js';
import { pushRoutes, type PushDeps } from './routes.js';

export { PushService, endpointAllowed, type EndpointRules } from './service.js';
export { PushRepo } from './repo.js';
export { PushSender, pushPayload, type PushPayload, type PushRound } from './sender.js';
export type { PushDeps };

export const pushModule = defineModule<PushDeps>({
  name: 'push',
  needs: { push: true, guards: true, config: true },
  register: pushRoutes,
});
