/** Duplicate reports: a department handling either report, or an admin, marks one as a duplicate of another, and takes it back. */
import { markDuplicateBody } from '../duplicates.js';
import { createPostAnswer } from '../posts.js';
import { idParam } from '../schemas.js';
import { defineRoute } from './define.js';

export const duplicatesApi = {
  mark: defineRoute({ method: 'POST', path: '/api/posts/post/:id/duplicate', params: idParam, body: markDuplicateBody, answer: { 200: createPostAnswer } }),
  unmark: defineRoute({ method: 'DELETE', path: '/api/posts/post/:id/duplicate', params: idParam, answer: { 200: createPostAnswer } }),
};
