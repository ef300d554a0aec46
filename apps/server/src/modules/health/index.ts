/** The health module's public face: what other modules and the composition root (app.ts, context.ts) may use. */
import { defineModule } from '../../lib/module.js';
import { healthRoutes, type HealthDeps } from './routes.js';

export { READY_CHECK_TIMEOUT_MS } from './routes.js';
export type { HealthDeps };

export const healthModule = defineModule<HealthDeps>({
  name: 'health',
  needs: { database: true, redis: true, storage: true },
  register: healthRoutes,
});
