/** The opendata module's public face: what other modules and the composition root (app.ts, context.ts) may use. */
import { defineModule } from '../../lib/module.js';
import { openDataRoutes, type OpenDataDeps } from './routes.js';

export { OpenDataService } from './service.js';
export { OpenDataRepo } from './repo.js';
export type { OpenDataDeps };

export const openDataModule = defineModule<OpenDataDeps>({
  name: 'opendata',
  needs: { openData: true, config: true, redis: true },
  register: openDataRoutes,
});
