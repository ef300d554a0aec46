/** Moderation: flags, the admins' queue, suspensions and the author's review request. */
import { messageAnswer, idParam } from '../schemas.js';
import {
  flagBody,
  moderateAnswer,
  moderateBody,
  moderationPageAnswer,
  moderationQuery,
  noticeAnswer,
  noticeQuery,
  reviewBody,
  suspendAnswer,
  suspendBody,
} from '../moderation.js';
import { defineRoute } from './define.js';

export const moderationApi = {
  flag: defineRoute({ method: 'POST', path: '/api/moderation/flags', body: flagBody, answer: { 201: messageAnswer } }),
  notice: defineRoute({ method: 'GET', path: '/api/moderation/notice', query: noticeQuery, answer: { 200: noticeAnswer } }),
  review: defineRoute({ method: 'POST', path: '/api/moderation/review', body: reviewBody, answer: { 200: messageAnswer } }),
  queue: defineRoute({ method: 'GET', path: '/api/admin/moderation', query: moderationQuery, answer: { 200: moderationPageAnswer } }),
  act: defineRoute({ method: 'POST', path: '/api/admin/moderation', body: moderateBody, answer: { 200: moderateAnswer } }),
  suspend: defineRoute({ method: 'PUT', path: '/api/admin/suspension/:id', params: idParam, body: suspendBody, answer: { 200: suspendAnswer } }),
  unsuspend: defineRoute({ method: 'DELETE', path: '/api/admin/suspension/:id', params: idParam, answer: { 200: messageAnswer } }),
};
