/** The profiles module's public face: what other modules and the composition root (app.ts, context.ts) may use. */
import { defineModule } from '../../lib/module.js';
import { profileRoutes, type ProfilesDeps } from './routes.js';

export { ProfilesService } from './service.js';
export { presentCitizenProfile, presentGovernmentProfile, publicFieldsOf } from './presenter.js';
export type { ProfilesDeps };

export const profilesModule = defineModule<ProfilesDeps>({
  name: 'profiles',
  needs: { auth: true, profiles: true, config: true, guards: true },
  register: profileRoutes,
});
