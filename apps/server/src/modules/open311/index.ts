/** The open311 module's public face: what other modules and the composition root (app.ts, context.ts) may use. */
import { defineModule } from '../../lib/module.js';
import { open311Routes, type Open311Deps } from './routes.js';

export { Open311Service, parseOpen311Date } from './service.js';
export { Open311Repo } from './repo.js';
export type { Open311Deps };

export const open311Module = defineModule<Open311Deps>({
  name: 'open311',
  needs: { open311: true, config: true, redis: true, guards: true },
  register: open311Routes,
});
