/** Department jurisdictions (issue 16 item 3). The body of a save is a jurisdiction, checked by the service. */
import { jurisdictionAnswer, jurisdictionSaved } from '../jurisdictions.js';
import { idParam } from '../schemas.js';
import { defineRoute } from './define.js';

export const jurisdictionsApi = {
  mine: defineRoute({ method: 'GET', path: '/api/gov/jurisdiction', answer: { 200: jurisdictionAnswer } }),
  saveMine: defineRoute({ method: 'PUT', path: '/api/gov/jurisdiction', answer: { 200: jurisdictionSaved } }),
  ofDepartment: defineRoute({ method: 'GET', path: '/api/departments/:id/jurisdiction', params: idParam, answer: { 200: jurisdictionAnswer } }),
  save: defineRoute({ method: 'PUT', path: '/api/admin/jurisdiction/:id', params: idParam, answer: { 200: jurisdictionSaved } }),
};
