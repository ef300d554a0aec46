/** The comments module's public face: what other modules and the composition root (app.ts, context.ts) may use. */
import { defineModule } from '../../lib/module.js';
import { commentRoutes, type CommentsDeps } from './routes.js';

export { CommentsService } from './service.js';
export { CommentsRepo } from './repo.js';
export { presentComment, presentReply } from './presenter.js';
export type { CommentsDeps };

export const commentsModule = defineModule<CommentsDeps>({
  name: 'comments',
  needs: { comments: true, config: true, guards: true },
  register: commentRoutes,
});
