/** The team module's public face: what the composition root (app.ts, context.ts) may use. */
import { defineModule } from '../../lib/module.js';
import { teamRoutes, type TeamDeps } from './routes.js';

export { TeamService } from './service.js';
export { TeamRepo, TemplatesRepo } from './repo.js';
export type { TeamDeps };

export const teamModule = defineModule<TeamDeps>({
  name: 'team',
  needs: { team: true, postViews: true, guards: true, config: true },
  register: teamRoutes,
});
