/** The posts module's public face: other modules use these, never its repositories. */
export { PostsService, locationFields, type PostLookup, type NewPost, type EditPatch, type LocationFields } from './service.js';
export { PostViews, type PageRequest, type ListCounts, type ViewOptions, type ProgressReads } from './views.js';
export { PostsRepo } from './repo.js';
export { PostListingRepo, type PostFilter } from './listing.js';
export { pagingOf, presentImage, presentHistory } from './presenter.js';
