/** The jurisdictions module's public face: matching reports to departments (ReportRouter). */
export { JurisdictionsService, toNotify, type ReportRouter, type RouteMatch } from './service.js';
export { JurisdictionsRepo } from './repo.js';
