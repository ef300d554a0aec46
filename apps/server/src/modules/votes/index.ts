/** The votes module's public face: what other modules and the composition root (app.ts, context.ts) may use. */
import { defineModule } from '../../lib/module.js';
import { voteRoutes, type VotesDeps } from './routes.js';

export { VotesService } from './service.js';
export { VotesRepo } from './repo.js';
export type { VotesDeps };

export const votesModule = defineModule<VotesDeps>({
  name: 'votes',
  needs: { votes: true, config: true, guards: true },
  register: voteRoutes,
});
