/**
 * Authorization: `authorize(actor, action, subject)` and `can(...)` over every role, ownership and
 * state rule (one file of rules per area), the action each guarded route asks, and the progress
 * plan. Pure: the services load the rows and pass them in.
 */
export { ACTIONS, RULES, authorize, can, guardRoles, refusal, type Action, type SubjectOf } from './authorize.js';
export { ROUTE_ACTIONS, routeAction } from './routes.js';
export { planMove } from './progressPlan.js';
export { progressActionOf } from './progress.js';
export { wrongTabText } from './account.js';
export { mayIdentifyReporter, type ReporterSubject } from './anonymity.js';
export { suspendedUntil, suspensionRefusal } from './moderation.js';
export type { Actor } from './rule.js';
