/** The routing module's public face: driving routes for the department's route map (no routes of its own; progress serves them). */
export { RoutingService } from './service.js';
