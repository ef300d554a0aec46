/** The account module's public face: what other modules and the composition root (app.ts, context.ts) may use. */
import { defineModule } from '../../lib/module.js';
import { accountRoutes, type AccountDeps } from './routes.js';

export { AccountService } from './service.js';
export type { AccountDeps };

export const accountModule = defineModule<AccountDeps>({
  name: 'account',
  needs: { account: true, auth: true, config: true, guards: true },
  register: accountRoutes,
});
