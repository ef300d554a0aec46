/** The progress module's public face: what other modules and the composition root (app.ts, context.ts) may use. */
import { defineModule } from '../../lib/module.js';
import { progressRoutes, type ProgressDeps } from './routes.js';
import { caseworkRoutes, type CaseworkDeps } from './caseworkRoutes.js';
import { duplicatesRoutes, type DuplicatesDeps } from './duplicatesRoutes.js';

export { ProgressService, type FinalUpdateInput, type MoveOptions } from './service.js';
export { ProgressRepo } from './repo.js';
export { CaseworkService } from './casework.js';
export { CaseworkRepo } from './caseworkRepo.js';
export { DuplicatesService } from './duplicates.js';
export { DuplicatesRepo, type MoveParts } from './duplicatesRepo.js';
export type { ProgressDeps, CaseworkDeps, DuplicatesDeps };

export const progressModule = defineModule<ProgressDeps & CaseworkDeps & DuplicatesDeps>({
  name: 'progress',
  needs: { jurisdictions: true, postViews: true, progress: true, casework: true, duplicates: true, routing: true, config: true, guards: true },
  register: (app, deps) => {
    progressRoutes(app, deps);
    caseworkRoutes(app, deps);
    duplicatesRoutes(app, deps);
  },
});
