/** The progress module's public face: the workflow service (its repository stays inside). */
export { ProgressService, type FinalUpdateInput, type MoveOptions } from './service.js';
export { ProgressRepo } from './repo.js';
