/** The progress module's public face: what other modules and the composition root (app.ts, context.ts) may use. */
import { defineModule } from '../../lib/module.js';
import { progressRoutes, type ProgressDeps } from './routes.js';

export { ProgressService, type FinalUpdateInput, type MoveOptions } from './service.js';
export { ProgressRepo } from './repo.js';
export type { ProgressDeps };

export const progressModule = defineModule<ProgressDeps>({
  name: 'progress',
  needs: { jurisdictions: true, postViews: true, progress: true, routing: true, config: true, guards: true },
  register: progressRoutes,
});
