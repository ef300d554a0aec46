/** Following a report (issue 27 item 5), for every signed-in role. */
import { followAnswer, followChangedAnswer } from '../follows.js';
import { idParam } from '../schemas.js';
import { defineRoute } from './define.js';

export const followsApi = {
  state: defineRoute({ method: 'GET', path: '/api/posts/:id/follow', params: idParam, answer: { 200: followAnswer } }),
  follow: defineRoute({ method: 'PUT', path: '/api/posts/:id/follow', params: idParam, answer: { 200: followChangedAnswer } }),
  unfollow: defineRoute({ method: 'DELETE', path: '/api/posts/:id/follow', params: idParam, answer: { 200: followChangedAnswer } }),
};
