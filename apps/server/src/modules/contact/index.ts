/** The contact module's public face: what other modules and the composition root (app.ts, context.ts) may use. */
import { defineModule } from '../../lib/module.js';
import { contactRoutes, type ContactDeps } from './routes.js';

export { ContactService } from './service.js';
export { ContactRepo } from './repo.js';
export type { ContactDeps };

export const contactModule = defineModule<ContactDeps>({
  name: 'contact',
  needs: { contact: true, config: true, guards: true },
  register: contactRoutes,
});
