/** The auth module's public face: what other modules and the composition root (app.ts, context.ts) may use. */
import { defineModule } from '../../lib/module.js';
import { authRoutes, type AuthDeps } from './routes.js';

export { AuthService } from './service.js';
export { AccountLinks } from './links.js';
export { LinksRepo } from './linksRepo.js';
export type { AuthDeps };

export const authModule = defineModule<AuthDeps>({
  name: 'auth',
  needs: { auth: true, links: true, config: true, guards: true },
  register: authRoutes,
});
