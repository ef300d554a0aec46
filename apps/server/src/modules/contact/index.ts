export { ContactService } from './service.js';
export { ContactRepo } from './repo.js';
