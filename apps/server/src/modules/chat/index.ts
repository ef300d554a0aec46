/** The chat module's public face: what other modules and the composition root (app.ts, context.ts) may use. */
import { defineModule } from '../../lib/module.js';
import { chatRoutes, type ChatDeps } from './routes.js';

export { ChatService } from './service.js';
export { ChatRepo } from './repo.js';
export type { ChatDeps };

export const chatModule = defineModule<ChatDeps>({
  name: 'chat',
  needs: { chat: true, config: true, guards: true },
  register: chatRoutes,
});
