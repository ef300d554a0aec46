/** The jurisdictions module's public face: what other modules and the composition root (app.ts, context.ts) may use. */
import { defineModule } from '../../lib/module.js';
import { jurisdictionRoutes, type JurisdictionsDeps } from './routes.js';

export { JurisdictionsService, toNotify, type ReportRouter, type RouteMatch } from './service.js';
export { JurisdictionsRepo } from './repo.js';
export type { JurisdictionsDeps };

export const jurisdictionsModule = defineModule<JurisdictionsDeps>({
  name: 'jurisdictions',
  needs: { jurisdictions: true, config: true, guards: true },
  register: jurisdictionRoutes,
});
