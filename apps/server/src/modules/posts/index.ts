/** The posts module's public face: other modules use these, never its repositories. */
export { PostsService, locationFields, type PostLookup, type NewPost, type EditPatch, type LocationFields } from './service.js';
export { PostViews, type PageRequest, type ListCounts, type ViewOptions, type ProgressReads } from './views.js';
export { PostReads } from './readService.js';
export { PostsRepo } from './repo.js';
export { PostListingRepo, type PostFilter } from './listing.js';
export { PostReadsRepo, type ExportFilter, type OpenDataFilter, type RequestFilter, type ReportScope } from './reads.js';
export { pagingOf, presentImage, presentHistory } from './presenter.js';
