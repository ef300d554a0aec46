/**
 * The action each guarded route asks (`METHOD /path` as registered). The route guard
 * (plugins/auth.ts) reads it and lets the policy decide; a guarded route missing here fails at
 * registration, and the authorization matrix checks every route's row against it.
 */
import type { Action } from './authorize.js';

export const ROUTE_ACTIONS = {
  'GET /api/admin/contactMessages': 'admin.read',

  'POST /api/user/createPost': 'post.create',
  'GET /api/user/allPosts': 'post.read',
  'GET /api/user/myPosts': 'post.listOwn',
  'PUT /api/user/editPosts/:id': 'post.edit',
  'DELETE /api/user/deletePosts/:id': 'post.delete',
  'GET /api/posts/post/:id': 'post.read',
  'GET /api/posts/post/:id/comments': 'post.read',
  'GET /api/posts/post/:id/comments/:commentId/replies': 'post.read',
  'GET /api/posts/similar': 'post.read',
  'GET /api/user/upvotedPosts': 'vote.listOwn',
  'GET /api/user/downvotedPosts': 'vote.listOwn',
  'PUT /api/posts/votePost': 'vote.cast',
  'POST /api/posts/addComment': 'comment.create',
  'POST /api/posts/addReply': 'reply.create',
  'DELETE /api/posts/deleteComment': 'comment.delete',
  'DELETE /api/posts/deleteReply': 'reply.delete',

  'GET /api/gov/allPosts': 'department.listPosts',
  'PUT /api/gov/progressState/:id': 'progress.advance',
  'PUT /api/gov/regressProgressState/:id': 'progress.regress',
  'PUT /api/gov/updateFinalWork/:id': 'progress.finish',
  'PUT /api/user/verifyPost/:id': 'progress.verify',
  'PUT /api/user/rejectResolution/:id': 'progress.reject',
  'GET /api/gov/me': 'department.status',
  'GET /api/gov/route': 'department.route',

  'GET /api/admin/allPosts': 'admin.read',
  'GET /api/admin/allUsers': 'admin.read',
  'GET /api/admin/allGovernments': 'admin.read',
  'PUT /api/admin/verifyGovernment/:id': 'admin.verifyGovernment',
  'PUT /api/admin/unverifyGovernment/:id': 'admin.unverifyGovernment',
  'DELETE /api/admin/deletePosts/:id': 'admin.deletePost',
  'DELETE /api/admin/deleteUser/:id': 'admin.deleteUser',
  'DELETE /api/admin/deleteGovernment/:id': 'admin.deleteGovernment',
  'GET /api/admin/audit': 'admin.read',
  'GET /api/admin/stats': 'admin.read',
  'GET /api/admin/heatmap': 'admin.read',
  'GET /api/admin/export.csv': 'admin.read',
  'GET /api/admin/export.geojson': 'admin.read',
  'GET /api/gov/proofDocument/:id': 'government.proofDocument',
  'GET /api/admin/service-levels': 'admin.read',
  'PUT /api/admin/service-levels': 'admin.editServiceLevels',
  'GET /api/admin/open311Keys': 'admin.read',
  'POST /api/admin/open311Keys': 'admin.issueApiKey',
  'DELETE /api/admin/open311Keys/:id': 'admin.revokeApiKey',

  'GET /api/user/profile/:role/:id': 'profile.read',
  'GET /api/gov/profile/:role/:id': 'profile.read',
  'PUT /api/user/updateProfile': 'profile.editCitizen',
  'PUT /api/gov/updateProfile': 'profile.editGovernment',

  'GET /api/gov/jurisdiction': 'jurisdiction.readOwn',
  'PUT /api/gov/jurisdiction': 'jurisdiction.editOwn',
  'GET /api/departments/:id/jurisdiction': 'jurisdiction.read',
  'PUT /api/admin/jurisdiction/:id': 'jurisdiction.edit',

  'GET /api/account/settings': 'account.read',
  'PUT /api/account/settings': 'account.edit',
  'PUT /api/account/password': 'account.edit',
  'POST /api/account/verify-email': 'account.edit',
  'GET /api/alerts': 'alert.read',
  'POST /api/alerts': 'alert.create',
  'DELETE /api/alerts/:id': 'alert.delete',
  'POST /api/push/subscriptions': 'push.subscribe',
  'DELETE /api/push/subscriptions': 'push.subscribe',
  'GET /api/posts/:id/follow': 'follow.set',
  'PUT /api/posts/:id/follow': 'follow.set',
  'DELETE /api/posts/:id/follow': 'follow.set',
  'GET /api/posts/post/:id/internalNotes': 'note.internal',
  'POST /api/posts/post/:id/internalNotes': 'note.internal',
  'GET /api/gov/team': 'team.read',
  'POST /api/gov/team/invites': 'team.manage',
  'DELETE /api/gov/team/invites/:id': 'team.manage',
  'DELETE /api/gov/team/members/:id': 'team.removeMember',
  'PUT /api/gov/assign/:id': 'progress.assign',
  'GET /api/gov/team/metrics': 'team.read',
  'GET /api/gov/templates': 'team.read',
  'POST /api/gov/templates': 'team.manage',
  'PUT /api/gov/templates/:id': 'team.manage',
  'DELETE /api/gov/templates/:id': 'team.manage',
  'GET /api/gov/departments': 'department.directory',
  'PUT /api/gov/transfer/:id': 'progress.transfer',
  'GET /api/admin/triage': 'admin.triage',
  'PUT /api/admin/triage/:id': 'admin.triage',
  'GET /api/posts/post/:id/appeal': 'appeal.read',
  'POST /api/user/appeal/:id': 'appeal.create',
  'PUT /api/gov/appeal/:id': 'appeal.answer',
  'PUT /api/admin/appeal/:id': 'appeal.answer',
  'GET /api/gov/appeals': 'appeal.listOwn',
  'GET /api/admin/appeals': 'admin.read',
  'DELETE /api/account': 'account.delete',
  'GET /api/account/export': 'account.read',

  'GET /api/user/getMessage': 'chat.read',
  'POST /api/user/sendMessage': 'chat.send',
  'GET /api/notifications': 'notification.read',
  'PUT /api/notifications/read': 'notification.markRead',
} as const satisfies Record<string, Action>;

/** The action of a guarded route (a HEAD request asks its GET route's), or undefined. */
export function routeAction(method: string, url: string): Action | undefined {
  const table: Record<string, Action> = ROUTE_ACTIONS;
  return table[`${method === 'HEAD' ? 'GET' : method} ${url}`];
}
