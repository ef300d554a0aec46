/** Photo redaction: an admin or the department handling the report blurs parts of one of its photos. */
import { redactionAnswer, redactionBody, redactionParams } from '../redaction.js';
import { defineRoute } from './define.js';

export const redactionApi = {
  redact: defineRoute({ method: 'POST', path: '/api/posts/post/:id/images/:imageId/redact', params: redactionParams, body: redactionBody, answer: { 200: redactionAnswer } }),
};
