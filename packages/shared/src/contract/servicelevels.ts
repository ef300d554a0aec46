/** Service levels (admins) and department figures and ranking (public), issue 16 items 6 and 7. */
import { idParam } from '../schemas.js';
import {
  departmentMetricsAnswer,
  rankingAnswer,
  rankingQuery,
  serviceLevelBody,
  serviceLevelUpdateAnswer,
  serviceLevelsAnswer,
} from '../serviceLevelsSchema.js';
import { defineRoute } from './define.js';

export const serviceLevelsApi = {
  levels: defineRoute({ method: 'GET', path: '/api/admin/service-levels', answer: { 200: serviceLevelsAnswer } }),
  saveLevel: defineRoute({ method: 'PUT', path: '/api/admin/service-levels', body: serviceLevelBody, answer: { 200: serviceLevelUpdateAnswer } }),
  ranking: defineRoute({ method: 'GET', path: '/api/departments/ranking', query: rankingQuery, answer: { 200: rankingAnswer } }),
  metrics: defineRoute({ method: 'GET', path: '/api/departments/:id/metrics', params: idParam, answer: { 200: departmentMetricsAnswer } }),
};
