/** The admin module's public face: what other modules and the composition root (app.ts, context.ts) may use. */
import { defineModule } from '../../lib/module.js';
import { adminRoutes, type AdminDeps } from './routes.js';

export { AdminService } from './service.js';
export { AdminRepo } from './repo.js';
export { csvField } from './presenter.js';
export type { AdminDeps };

export const adminModule = defineModule<AdminDeps>({
  name: 'admin',
  needs: { admin: true, postViews: true, posts: true, config: true, guards: true },
  register: adminRoutes,
});
