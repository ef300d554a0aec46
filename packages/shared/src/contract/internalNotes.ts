/** Internal notes on a report: the department handling it and admins only. */
import { internalNoteAnswer, internalNoteBody, internalNotesAnswer, internalNotesQuery } from '../internalNotes.js';
import { idParam } from '../schemas.js';
import { defineRoute } from './define.js';

export const internalNotesApi = {
  list: defineRoute({ method: 'GET', path: '/api/posts/post/:id/internalNotes', params: idParam, query: internalNotesQuery, answer: { 200: internalNotesAnswer } }),
  add: defineRoute({ method: 'POST', path: '/api/posts/post/:id/internalNotes', params: idParam, body: internalNoteBody, answer: { 201: internalNoteAnswer } }),
};
