/** The assistant module's public face: what other modules and the composition root (app.ts, context.ts) may use. */
import { defineModule } from '../../lib/module.js';
import { assistantRoutes, type AssistantDeps } from './routes.js';

export { AssistantService } from './service.js';
export { AssistantRepo } from './repo.js';
export { HelpIndex } from './retrieval.js';
export { HELP_HI_DIR, loadHelpCorpus } from './corpus.js';
export type { AssistantDeps };

export const assistantModule = defineModule<AssistantDeps>({
  name: 'assistant',
  needs: { assistant: true, help: true, guards: true },
  register: assistantRoutes,
});
