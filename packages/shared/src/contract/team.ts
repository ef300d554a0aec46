/** A department's team: members, invitations, joining, and assigning a report to a member. */
import { messageAnswer, idParam } from '../schemas.js';
import { createPostAnswer } from '../posts.js';
import {
  appealAnswerBody,
  appealBody,
  appealsAnswer,
  appealsQuery,
  assignBody,
  departmentsAnswer,
  departmentsQuery,
  joinBody,
  joinInfoAnswer,
  joinParams,
  postAppealAnswer,
  teamAnswer,
  teamInviteAnswer,
  teamInviteBody,
  teamMetricsAnswer,
  templateAnswer,
  templateBody,
  templatesAnswer,
  transferBody,
} from '../team.js';
import { postListAnswer } from '../posts.js';
import { defineRoute } from './define.js';

export const teamApi = {
  get: defineRoute({ method: 'GET', path: '/api/gov/team', answer: { 200: teamAnswer } }),
  invite: defineRoute({ method: 'POST', path: '/api/gov/team/invites', body: teamInviteBody, answer: { 201: teamInviteAnswer } }),
  revokeInvite: defineRoute({ method: 'DELETE', path: '/api/gov/team/invites/:id', params: idParam, answer: { 200: messageAnswer } }),
  removeMember: defineRoute({ method: 'DELETE', path: '/api/gov/team/members/:id', params: idParam, answer: { 200: messageAnswer } }),
  joinInfo: defineRoute({ method: 'GET', path: '/api/gov/team/join/:token', params: joinParams, answer: { 200: joinInfoAnswer } }),
  join: defineRoute({ method: 'POST', path: '/api/gov/team/join/:token', params: joinParams, body: joinBody, answer: { 201: messageAnswer } }),
  assign: defineRoute({ method: 'PUT', path: '/api/gov/assign/:id', params: idParam, body: assignBody, answer: { 200: createPostAnswer } }),
  metrics: defineRoute({ method: 'GET', path: '/api/gov/team/metrics', answer: { 200: teamMetricsAnswer } }),
  templates: defineRoute({ method: 'GET', path: '/api/gov/templates', answer: { 200: templatesAnswer } }),
  addTemplate: defineRoute({ method: 'POST', path: '/api/gov/templates', body: templateBody, answer: { 201: templateAnswer } }),
  editTemplate: defineRoute({ method: 'PUT', path: '/api/gov/templates/:id', params: idParam, body: templateBody, answer: { 200: templateAnswer } }),
  deleteTemplate: defineRoute({ method: 'DELETE', path: '/api/gov/templates/:id', params: idParam, answer: { 200: messageAnswer } }),
  /** Verified departments to transfer a report to (by name). */
  departments: defineRoute({ method: 'GET', path: '/api/gov/departments', query: departmentsQuery, answer: { 200: departmentsAnswer } }),
  transfer: defineRoute({ method: 'PUT', path: '/api/gov/transfer/:id', params: idParam, body: transferBody, answer: { 200: createPostAnswer } }),
  /** The admin's triage queue: reports a department handed over without knowing the right one. */
  triage: defineRoute({ method: 'GET', path: '/api/admin/triage', query: appealsQuery, answer: { 200: postListAnswer } }),
  triageTransfer: defineRoute({ method: 'PUT', path: '/api/admin/triage/:id', params: idParam, body: transferBody, answer: { 200: createPostAnswer } }),
  postAppeal: defineRoute({ method: 'GET', path: '/api/posts/post/:id/appeal', params: idParam, answer: { 200: postAppealAnswer } }),
  appeal: defineRoute({ method: 'POST', path: '/api/user/appeal/:id', params: idParam, body: appealBody, answer: { 201: createPostAnswer } }),
  answerAppeal: defineRoute({ method: 'PUT', path: '/api/gov/appeal/:id', params: idParam, body: appealAnswerBody, answer: { 200: createPostAnswer } }),
  adminAnswerAppeal: defineRoute({ method: 'PUT', path: '/api/admin/appeal/:id', params: idParam, body: appealAnswerBody, answer: { 200: createPostAnswer } }),
  /** Open appeals: a head's department's, or an admin's (theirs to answer, and overdue ones). */
  govAppeals: defineRoute({ method: 'GET', path: '/api/gov/appeals', query: appealsQuery, answer: { 200: appealsAnswer } }),
  adminAppeals: defineRoute({ method: 'GET', path: '/api/admin/appeals', query: appealsQuery, answer: { 200: appealsAnswer } }),
};
