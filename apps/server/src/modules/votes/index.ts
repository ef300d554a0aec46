/** The votes module's public face: other modules use its service, never its repository. */
export { VotesService } from './service.js';
export { VotesRepo } from './repo.js';
