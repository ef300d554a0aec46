/** Area alerts (issue 27 item 6): one's own alerts, for every signed-in role. */
import { z } from 'zod';
import { alertBody, alertSchema } from '../alerts.js';
import { idParam, messageAnswer } from '../schemas.js';
import { defineRoute } from './define.js';

export const alertsApi = {
  list: defineRoute({ method: 'GET', path: '/api/alerts', answer: { 200: z.object({ alerts: z.array(alertSchema) }) } }),
  create: defineRoute({ method: 'POST', path: '/api/alerts', body: alertBody, answer: { 201: z.object({ message: z.string(), alert: alertSchema }) } }),
  remove: defineRoute({ method: 'DELETE', path: '/api/alerts/:id', params: idParam, answer: { 200: messageAnswer } }),
};
