/** The photo redaction module's public face: what the composition root (app.ts, context.ts) may use. */
import { defineModule } from '../../lib/module.js';
import { redactionRoutes, type RedactionDeps } from './routes.js';

export { RedactionService } from './service.js';
export { RedactionRepo } from './repo.js';
export type { RedactionDeps };

export const redactionModule = defineModule<RedactionDeps>({
  name: 'redaction',
  needs: { redaction: true, guards: true, config: true },
  register: redactionRoutes,
});
