/** The alerts module's public face: what other modules and the composition root (app.ts, context.ts) may use. */
import { defineModule } from '../../lib/module.js';
import { alertRoutes, type AlertsDeps } from './routes.js';

export { AlertsService } from './service.js';
export { AlertsRepo } from './repo.js';
export { AlertMatcher, CANDIDATE_BATCH, type MatchRound } from './matcher.js';
export type { AlertsDeps };

export const alertsModule = defineModule<AlertsDeps>({
  name: 'alerts',
  needs: { alerts: true, guards: true, config: true },
  register: alertRoutes,
});
