/** The config module's public face: what other modules and the composition root (app.ts, context.ts) may use. */
import { defineModule } from '../../lib/module.js';
import { configRoutes, type ConfigDeps } from './routes.js';


export type { ConfigDeps };

export const configModule = defineModule<ConfigDeps>({
  name: 'config',
  needs: { config: true },
  register: configRoutes,
});
