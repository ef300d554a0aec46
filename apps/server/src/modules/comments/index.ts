/** The comments module's public face: other modules use its service and presenter, never its repository. */
export { CommentsService } from './service.js';
export { CommentsRepo } from './repo.js';
export { presentComment, presentReply } from './presenter.js';
