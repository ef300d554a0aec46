/** The service levels module's public face. */
export { ServiceLevelsService, presentMetrics, SLA_SWEEP_BATCH, SLA_RECOMPUTE_BATCH, type SweepResult } from './service.js';
export { ServiceLevelsRepo } from './repo.js';
export { SlaSweeper } from './sweep.js';
