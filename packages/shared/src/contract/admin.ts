/** The admin console (spec 2.13, issue 11): lists, moderation, figures, exports and proof documents. */
import {
  adminGovernmentsAnswer,
  adminMeAnswer,
  adminGovernmentsQuery,
  adminPostsQuery,
  adminUsersAnswer,
  adminUsersQuery,
  auditAnswer,
  auditQuery,
  deleteBody,
  exportQuery,
  heatmapAnswer,
  heatmapQuery,
  statsAnswer,
  unverifyBody,
} from '../admin.js';
import { postListAnswer } from '../posts.js';
import { idParam, messageAnswer } from '../schemas.js';
import { defineRoute } from './define.js';

export const adminApi = {
  posts: defineRoute({ method: 'GET', path: '/api/admin/allPosts', query: adminPostsQuery, answer: { 200: postListAnswer } }),
  users: defineRoute({ method: 'GET', path: '/api/admin/allUsers', query: adminUsersQuery, answer: { 200: adminUsersAnswer } }),
  governments: defineRoute({ method: 'GET', path: '/api/admin/allGovernments', query: adminGovernmentsQuery, answer: { 200: adminGovernmentsAnswer } }),
  verifyGovernment: defineRoute({ method: 'PUT', path: '/api/admin/verifyGovernment/:id', params: idParam, answer: { 200: messageAnswer } }),
  unverifyGovernment: defineRoute({ method: 'PUT', path: '/api/admin/unverifyGovernment/:id', params: idParam, body: unverifyBody, answer: { 200: messageAnswer } }),
  deletePost: defineRoute({ method: 'DELETE', path: '/api/admin/deletePosts/:id', params: idParam, body: deleteBody, answer: { 200: messageAnswer } }),
  deleteUser: defineRoute({ method: 'DELETE', path: '/api/admin/deleteUser/:id', params: idParam, body: deleteBody, answer: { 200: messageAnswer } }),
  deleteGovernment: defineRoute({ method: 'DELETE', path: '/api/admin/deleteGovernment/:id', params: idParam, body: deleteBody, answer: { 200: messageAnswer } }),
  audit: defineRoute({ method: 'GET', path: '/api/admin/audit', query: auditQuery, answer: { 200: auditAnswer } }),
  /** The signed-in admin's own account (the admin's Profile screen). */
  me: defineRoute({ method: 'GET', path: '/api/admin/me', answer: { 200: adminMeAnswer } }),
  stats: defineRoute({ method: 'GET', path: '/api/admin/stats', answer: { 200: statsAnswer } }),
  heatmap: defineRoute({ method: 'GET', path: '/api/admin/heatmap', query: heatmapQuery, answer: { 200: heatmapAnswer } }),
  /** Files, streamed: no JSON answer. */
  exportCsv: defineRoute({ method: 'GET', path: '/api/admin/export.csv', query: exportQuery, answer: {} }),
  exportGeoJson: defineRoute({ method: 'GET', path: '/api/admin/export.geojson', query: exportQuery, answer: {} }),
  /** A department's proof document, for admins and that department only (the file itself). */
  proofDocument: defineRoute({ method: 'GET', path: '/api/gov/proofDocument/:id', params: idParam, answer: {} }),
};
