/** The servicelevels module's public face: what other modules and the composition root (app.ts, context.ts) may use. */
import { defineModule } from '../../lib/module.js';
import { serviceLevelRoutes, type ServiceLevelsDeps } from './routes.js';

export { ServiceLevelsService, presentMetrics, SLA_SWEEP_BATCH, SLA_RECOMPUTE_BATCH, type SweepResult } from './service.js';
export { ServiceLevelsRepo } from './repo.js';
export { SlaSweeper } from './sweep.js';
export type { ServiceLevelsDeps };

export const serviceLevelsModule = defineModule<ServiceLevelsDeps>({
  name: 'servicelevels',
  needs: { serviceLevels: true, config: true, guards: true },
  register: serviceLevelRoutes,
});
