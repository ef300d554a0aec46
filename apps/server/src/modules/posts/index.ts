/** The posts module's public face: what other modules and the composition root (app.ts, context.ts) may use. */
import { defineModule } from '../../lib/module.js';
import { postRoutes, type PostsDeps } from './routes.js';

export { PostsService, locationFields, type PostLookup, type NewPost, type EditPatch, type LocationFields } from './service.js';
export { PostViews, type PageRequest, type ListCounts, type ViewOptions, type ProgressReads } from './views.js';
export { PostReads } from './readService.js';
export { PostsRepo } from './repo.js';
export { PostListingRepo, type PostFilter } from './listing.js';
export { PostReadsRepo, type ExportFilter, type OpenDataFilter, type RequestFilter, type ReportScope } from './reads.js';
export { pagingOf, presentImage, presentHistory } from './presenter.js';
export { distanceMeters } from './similar.js';
export type { PostsDeps };

export const postsModule = defineModule<PostsDeps>({
  name: 'posts',
  needs: { postViews: true, posts: true, config: true, guards: true, redis: true },
  register: postRoutes,
});
