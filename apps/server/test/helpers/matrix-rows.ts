/** Every route the server registers x every kind of caller: the status each must get, and the policy action its guard asks. */
import { createPost, finalForm, postForm, signupCitizen, signupGovernment } from './app.js';
import { progressActionOf } from '../../src/policies/index.js';
import {
  accountRow,
  authorOnly,
  citizens,
  commentRow,
  everyone,
  freshComment,
  freshPostAt,
  governments,
  lastSegment,
  only,
  payloadOf,
  postRow,
  ruled,
  signedIn,
  type Row } from './matrix.js';

export const ROWS: Row[] = [
  { method: 'GET', route: '/api/health', action: null, expect: everyone(200) },
  { method: 'GET', route: '/api/ready', action: null, expect: everyone(200) },
  // No METRICS_TOKEN in tests: /metrics answers 404 to everyone (ops.test.ts covers the token's 401/403/200).
  { method: 'GET', route: '/metrics', action: null, expect: everyone(404) },
  { method: 'GET', route: '/api/config', action: null, expect: everyone(200) },
  { method: 'GET', route: '/api/docs', action: null, expect: everyone(200) },
  { method: 'GET', route: '/api/docs/json', action: null, expect: everyone(200) },
  { method: 'GET', route: '/api/docs/yaml', action: null, expect: everyone(200) },
  { method: 'GET', route: '/api/docs/static/swagger-initializer.js', action: null, expect: everyone(200) },
  { method: 'GET', route: '/api/docs/static/index.html', action: null, expect: everyone(302) },
  // CORS preflight: no allowed origins are configured in tests, so a foreign origin gets no grant.
  {
    method: 'OPTIONS',
    route: '*',
    action: null,
    request: () => ({ url: '/api/health', headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' } }),
    expect: everyone(404),
  },
  { method: 'GET', route: '/api/docs/static/*', action: null, request: () => ({ url: '/api/docs/static/swagger-ui.css' }), expect: everyone(200) },
  { method: 'GET', route: '/api/docs/*', action: null, request: () => ({ url: '/api/docs/missing.txt' }), expect: everyone(404) },
  { method: 'GET', route: '/uploads/*', action: null, request: () => ({ url: '/uploads/posts/none.webp' }), expect: everyone(404) },
  // Public forms: an empty body reaches validation (400) whoever calls.
  { method: 'POST', route: '/api/user/signup', action: null, request: () => ({ payload: {} }), expect: everyone(400) },
  { method: 'POST', route: '/api/gov/signup', action: null, request: () => ({ payload: {} }), expect: everyone(415) },
  // Email links (issue 27): public, the token is the credential; an empty body or query is a 400.
  { method: 'POST', route: '/api/auth/forgot-password', action: null, request: () => ({ payload: {} }), expect: everyone(400) },
  { method: 'POST', route: '/api/auth/reset-password', action: null, request: () => ({ payload: {} }), expect: everyone(400) },
  { method: 'POST', route: '/api/auth/verify-email', action: null, request: () => ({ payload: {} }), expect: everyone(400) },
  { method: 'POST', route: '/api/mail/unsubscribe', action: null, request: () => ({ url: '/api/mail/unsubscribe?t=not-a-token' }), expect: everyone(400) },
  { method: 'POST', route: '/api/user/login', action: null, request: () => ({ payload: {} }), expect: everyone(400) },
  { method: 'POST', route: '/api/gov/login', action: null, request: () => ({ payload: {} }), expect: everyone(400) },
  { method: 'POST', route: '/api/admin/login', action: null, request: () => ({ payload: {} }), expect: everyone(400) },
  {
    method: 'POST',
    route: '/api/contact',
    action: null,
    request: () => ({ payload: { name: 'A', email: 'a@example.in', message: 'Streetlight out on MG Road' } }),
    expect: everyone(201),
  },
  { method: 'GET', route: '/api/admin/contactMessages', action: 'admin.read', expect: only(200, 'admin') },

  // Posts, votes, comments
  {
    method: 'POST',
    route: '/api/user/createPost',
    action: 'post.create',
    request: async () => postForm({ caption: 'Matrix report' }),
    expect: only(201, ...citizens),
  },
  { method: 'GET', route: '/api/user/allPosts', action: 'post.read', expect: only(200, ...signedIn) },
  { method: 'GET', route: '/api/user/upvotedPosts', action: 'vote.listOwn', expect: only(200, ...citizens) },
  { method: 'GET', route: '/api/user/downvotedPosts', action: 'vote.listOwn', expect: only(200, ...citizens) },
  { method: 'GET', route: '/api/posts/post/:id', action: 'post.read', request: (fx) => ({ url: `/api/posts/post/${fx.postId}` }), expect: only(200, ...signedIn) },
  // Public reports: the report without its people, for anyone.
  { method: 'GET', route: '/api/public/posts', action: null, expect: everyone(200) },
  { method: 'GET', route: '/api/public/map', action: null, request: () => ({ url: '/api/public/map?bbox=68,6,98,37' }), expect: everyone(200) },
  { method: 'GET', route: '/api/public/posts/:id', action: null, request: (fx) => ({ url: `/api/public/posts/${fx.postId}` }), expect: everyone(200) },
  // Issue 25: the post page's further comments and replies read like the post itself.
  {
    method: 'GET',
    route: '/api/posts/post/:id/comments',
    action: 'post.read',
    request: (fx) => ({ url: `/api/posts/post/${fx.postId}/comments?limit=5` }),
    expect: only(200, ...signedIn),
  },
  {
    method: 'GET',
    route: '/api/posts/post/:id/comments/:commentId/replies',
    action: 'post.read',
    request: async (fx) => ({ url: `/api/posts/post/${fx.postId}/comments/${(await freshComment(fx)).commentId}/replies` }),
    expect: only(200, ...signedIn),
  },
  {
    method: 'GET',
    route: '/api/posts/similar',
    action: 'post.read',
    request: () => ({ url: '/api/posts/similar?lat=19.0269&lng=72.8383&caption=pothole' }),
    expect: only(200, ...signedIn),
  },
  {
    method: 'PUT',
    route: '/api/posts/votePost',
    action: 'vote.cast',
    request: (fx) => ({ payload: { postId: fx.postId, type: 'upvote' } }),
    expect: only(200, ...signedIn),
  },
  {
    method: 'POST',
    route: '/api/posts/addComment',
    action: 'comment.create',
    request: (fx) => ({ payload: { postId: fx.postId, content: 'Seen this too' } }),
    expect: only(201, ...signedIn),
  },
  {
    method: 'POST',
    route: '/api/posts/addReply',
    action: 'reply.create',
    request: async (fx) => ({ payload: { postId: fx.postId, commentId: (await freshComment(fx)).commentId, content: 'Agreed' } }),
    expect: only(201, ...signedIn),
  },
  // Only the author (the citizen) or an admin may delete.
  {
    method: 'DELETE',
    route: '/api/posts/deleteComment',
    action: 'comment.delete',
    request: async (fx) => ({ payload: { postId: fx.postId, commentId: (await freshComment(fx)).commentId } }),
    rule: async (fx, req) => ruled('comment.delete', { comment: await commentRow(fx, fx.postId, payloadOf(req).commentId!) }),
    expect: { anonymous: 401, citizen: 200, otherCitizen: 403, unverifiedGov: 403, verifiedGov: 403, otherGov: 403, admin: 200 },
  },
  {
    method: 'DELETE',
    route: '/api/posts/deleteReply',
    action: 'reply.delete',
    request: async (fx) => {
      const { commentId, replyId } = await freshComment(fx);
      return { payload: { postId: fx.postId, commentId, replyId } };
    },
    rule: async (fx, req) => ruled('reply.delete', { reply: await commentRow(fx, fx.postId, payloadOf(req).replyId!) }),
    expect: { anonymous: 401, citizen: 200, otherCitizen: 403, unverifiedGov: 403, verifiedGov: 403, otherGov: 403, admin: 200 },
  },

  // My Issues
  { method: 'GET', route: '/api/user/myPosts', action: 'post.listOwn', expect: only(200, ...citizens) },
  {
    method: 'PUT',
    route: '/api/user/editPosts/:id',
    action: 'post.edit',
    request: (fx) => ({ url: `/api/user/editPosts/${fx.postId}`, payload: { caption: 'Edited caption' } }),
    rule: async (fx, req) => ruled('post.edit', { post: await postRow(fx, lastSegment(req)) }),
    expect: authorOnly,
  },
  {
    method: 'DELETE',
    route: '/api/user/deletePosts/:id',
    action: 'post.delete',
    request: async (fx) => ({ url: `/api/user/deletePosts/${await freshPostAt(fx, 'Unseen')}` }),
    rule: async (fx, req) => ruled('post.delete', { post: await postRow(fx, lastSegment(req)) }),
    expect: authorOnly,
  },
  {
    method: 'PUT',
    route: '/api/user/verifyPost/:id',
    action: 'progress.verify',
    request: async (fx) => ({ url: `/api/user/verifyPost/${await freshPostAt(fx, 'Waiting for User Verification')}` }),
    rule: async (fx, req) => ruled('progress.verify', { post: await postRow(fx, lastSegment(req)) }),
    expect: authorOnly,
  },
  {
    method: 'PUT',
    route: '/api/user/rejectResolution/:id',
    action: 'progress.reject',
    request: async (fx) => ({
      url: `/api/user/rejectResolution/${await freshPostAt(fx, 'Waiting for User Verification')}`,
      payload: { reason: 'Still broken' },
    }),
    rule: async (fx, req) => ruled('progress.reject', { post: await postRow(fx, lastSegment(req)) }),
    expect: authorOnly,
  },

  // Government workflow: the post is assigned to verifiedGov; otherGov is verified but not assigned.
  { method: 'GET', route: '/api/gov/allPosts', action: 'department.listPosts', expect: only(200, ...governments) },
  { method: 'GET', route: '/api/gov/me', action: 'department.status', expect: only(200, ...governments) },
  {
    method: 'GET',
    route: '/api/gov/route',
    action: 'department.route',
    request: () => ({ url: '/api/gov/route?fromLat=19.07&fromLng=72.87&toLat=19.03&toLng=72.84' }),
    expect: only(200, ...governments),
  },
  // Jurisdictions (issue 16): a department declares its own; anyone signed in reads one; admins edit any.
  { method: 'GET', route: '/api/gov/jurisdiction', action: 'jurisdiction.readOwn', expect: only(200, ...governments) },
  {
    method: 'PUT',
    route: '/api/gov/jurisdiction',
    action: 'jurisdiction.editOwn',
    request: () => ({ payload: { state: 'Maharashtra', cities: ['Pune'], categories: ['water'] } }),
    expect: only(200, ...governments),
  },
  {
    method: 'GET',
    route: '/api/departments/:id/jurisdiction',
    action: 'jurisdiction.read',
    request: (fx) => ({ url: `/api/departments/${fx.cast.otherGov.id}/jurisdiction` }),
    expect: only(200, ...signedIn),
  },
  {
    method: 'PUT',
    route: '/api/admin/jurisdiction/:id',
    action: 'jurisdiction.edit',
    request: (fx) => ({ url: `/api/admin/jurisdiction/${fx.cast.otherGov.id}`, payload: { state: 'Delhi', categories: ['roads'] } }),
    expect: only(200, 'admin'),
  },
  {
    method: 'PUT',
    route: '/api/gov/progressState/:id',
    action: 'progress.advance',
    request: async (fx) => ({ url: `/api/gov/progressState/${await freshPostAt(fx, 'Problem Seen')}` }),
    rule: async (fx, req) => {
      const post = await postRow(fx, lastSegment(req));
      return ruled(progressActionOf('advance', post), { post });
    },
    expect: { anonymous: 401, citizen: 403, otherCitizen: 403, unverifiedGov: 403, verifiedGov: 200, otherGov: 409, admin: 403 },
  },
  {
    method: 'PUT',
    route: '/api/gov/regressProgressState/:id',
    action: 'progress.regress',
    request: async (fx) => ({ url: `/api/gov/regressProgressState/${await freshPostAt(fx, 'Work Started')}` }),
    rule: async (fx, req) => ruled('progress.regress', { post: await postRow(fx, lastSegment(req)) }),
    expect: { anonymous: 401, citizen: 403, otherCitizen: 403, unverifiedGov: 403, verifiedGov: 200, otherGov: 403, admin: 403 },
  },
  {
    method: 'PUT',
    route: '/api/gov/updateFinalWork/:id',
    action: 'progress.finish',
    request: async (fx) => {
      const form = await finalForm();
      return { url: `/api/gov/updateFinalWork/${await freshPostAt(fx, 'Work Near Completion')}`, headers: form.headers, payload: form.payload };
    },
    rule: async (fx, req) => ruled('progress.finish', { post: await postRow(fx, lastSegment(req)), hasFinalUpdate: true }),
    expect: { anonymous: 401, citizen: 403, otherCitizen: 403, unverifiedGov: 403, verifiedGov: 200, otherGov: 403, admin: 403 },
  },

  // Admin
  { method: 'GET', route: '/api/admin/allPosts', action: 'admin.read', expect: only(200, 'admin') },
  {
    method: 'PUT',
    route: '/api/admin/verifyGovernment/:id',
    action: 'admin.verifyGovernment',
    request: async (fx) => ({ url: `/api/admin/verifyGovernment/${(await signupGovernment(fx.app)).id}` }),
    expect: only(200, 'admin'),
  },
  {
    method: 'PUT',
    route: '/api/admin/unverifyGovernment/:id',
    action: 'admin.unverifyGovernment',
    request: async (fx) => ({
      url: `/api/admin/unverifyGovernment/${(await signupGovernment(fx.app, { verified: true })).id}`,
      payload: { reason: 'Matrix check' },
    }),
    rule: async (fx, req) => ruled('admin.unverifyGovernment', { government: await accountRow(fx, lastSegment(req)) }),
    expect: only(200, 'admin'),
  },
  { method: 'GET', route: '/api/admin/allUsers', action: 'admin.read', expect: only(200, 'admin') },
  { method: 'GET', route: '/api/admin/allGovernments', action: 'admin.read', expect: only(200, 'admin') },
  { method: 'GET', route: '/api/admin/audit', action: 'admin.read', expect: only(200, 'admin') },
  { method: 'GET', route: '/api/admin/me', action: 'admin.read', expect: only(200, 'admin') },
  { method: 'GET', route: '/api/admin/stats', action: 'admin.read', expect: only(200, 'admin') },
  { method: 'GET', route: '/api/admin/heatmap', action: 'admin.read', expect: only(200, 'admin') },
  // Issue 16: service levels are the admins'; department figures and the ranking are public.
  { method: 'GET', route: '/api/admin/service-levels', action: 'admin.read', expect: only(200, 'admin') },
  {
    method: 'PUT',
    route: '/api/admin/service-levels',
    action: 'admin.editServiceLevels',
    request: () => ({ payload: { category: 'noise', priority: 'Low', responseHours: 24, resolutionHours: 72 } }),
    expect: only(200, 'admin'),
  },
  // Anonymous reports: every category's switch is public (the create form reads it); admins set it.
  { method: 'GET', route: '/api/categories', action: null, expect: everyone(200) },
  {
    method: 'PUT',
    route: '/api/admin/categories/:category',
    action: 'category.editAnonymity',
    request: () => ({ url: '/api/admin/categories/noise', payload: { anonymousAllowed: true } }),
    expect: only(200, 'admin'),
  },
  { method: 'GET', route: '/api/departments/ranking', action: null, expect: everyone(200) },
  {
    method: 'GET',
    route: '/api/departments/:id/metrics',
    action: null,
    request: (fx) => ({ url: `/api/departments/${fx.cast.verifiedGov.id}/metrics` }),
    expect: everyone(200),
  },
  { method: 'GET', route: '/api/admin/export.csv', action: 'admin.read', expect: only(200, 'admin') },
  { method: 'GET', route: '/api/admin/export.geojson', action: 'admin.read', expect: only(200, 'admin') },
  {
    method: 'DELETE',
    route: '/api/admin/deletePosts/:id',
    action: 'admin.deletePost',
    request: async (fx) => ({ url: `/api/admin/deletePosts/${(await createPost(fx.app, fx.cast.otherCitizen))._id}` }),
    expect: only(200, 'admin'),
  },
  {
    method: 'DELETE',
    route: '/api/admin/deleteUser/:id',
    action: 'admin.deleteUser',
    request: async (fx) => ({ url: `/api/admin/deleteUser/${(await signupCitizen(fx.app)).id}` }),
    rule: async (fx, req) => ruled('admin.deleteAccount', { account: await accountRow(fx, lastSegment(req)) }),
    expect: only(200, 'admin'),
  },
  {
    method: 'DELETE',
    route: '/api/admin/deleteGovernment/:id',
    action: 'admin.deleteGovernment',
    request: async (fx) => ({ url: `/api/admin/deleteGovernment/${(await signupGovernment(fx.app)).id}` }),
    rule: async (fx, req) => ruled('admin.deleteAccount', { account: await accountRow(fx, lastSegment(req)) }),
    expect: only(200, 'admin'),
  },
  // Profiles: any signed-in caller reads them (what each sees is the profiles suite's table).
  { method: 'GET', route: '/api/user/profile/:role/:id', action: 'profile.read', request: (fx) => ({ url: `/api/user/profile/user/${fx.cast.citizen.id}` }), expect: only(200, ...signedIn) },
  {
    method: 'GET',
    route: '/api/gov/profile/:role/:id',
    action: 'profile.read',
    request: (fx) => ({ url: `/api/gov/profile/government/${fx.cast.verifiedGov.id}` }),
    expect: only(200, ...signedIn),
  },
  // Each role edits its own profile through its own route.
  { method: 'PUT', route: '/api/user/updateProfile', action: 'profile.editCitizen', request: () => ({ payload: { bio: 'Matrix bio' } }), expect: only(200, ...citizens) },
  { method: 'PUT', route: '/api/gov/updateProfile', action: 'profile.editGovernment', request: () => ({ payload: { bio: 'Matrix bio' } }), expect: only(200, ...governments) },
  // One's own account: settings and export for every signed-in role. The password and delete rows
  // send a wrong password (the cast must survive the table): past the guard, 400.
  { method: 'GET', route: '/api/account/settings', action: 'account.read', expect: only(200, ...signedIn) },
  { method: 'PUT', route: '/api/account/settings', action: 'account.edit', request: () => ({ payload: {} }), expect: only(200, ...signedIn) },
  { method: 'GET', route: '/api/account/export', action: 'account.read', expect: only(200, ...signedIn) },
  // Area alerts: every signed-in role keeps its own; another's (or an unknown) alert is not found.
  { method: 'GET', route: '/api/alerts', action: 'alert.read', expect: only(200, ...signedIn) },
  {
    method: 'POST',
    route: '/api/alerts',
    action: 'alert.create',
    request: () => ({ payload: { lat: 18.52, lng: 73.85, radiusMeters: 1000, label: 'Matrix alert' } }),
    expect: only(201, ...signedIn),
  },
  {
    method: 'DELETE',
    route: '/api/alerts/:id',
    action: 'alert.delete',
    request: () => ({ url: '/api/alerts/000000000000000000000000' }),
    expect: { anonymous: 401, citizen: 404, otherCitizen: 404, unverifiedGov: 404, verifiedGov: 404, otherGov: 404, admin: 404 },
  },
  // Web Push: the public key for anyone; subscriptions for every signed-in role (a push service the
  // operator does not allow is refused past the guard, 400; removing an unknown one is a no-op).
  { method: 'GET', route: '/api/push/key', action: null, expect: everyone(200) },
  {
    method: 'POST',
    route: '/api/push/subscriptions',
    action: 'push.subscribe',
    request: () => ({ payload: { endpoint: 'https://push.example.internal/x', keys: { p256dh: 'BAAA', auth: 'AAAA' } } }),
    expect: { anonymous: 401, citizen: 400, otherCitizen: 400, unverifiedGov: 400, verifiedGov: 400, otherGov: 400, admin: 400 },
  },
  {
    method: 'DELETE',
    route: '/api/push/subscriptions',
    action: 'push.subscribe',
    request: () => ({ payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/none' } }),
    expect: only(200, ...signedIn),
  },
  // Following a report: every signed-in role, any report.
  { method: 'GET', route: '/api/posts/:id/follow', action: 'follow.set', request: (fx) => ({ url: `/api/posts/${fx.postId}/follow` }), expect: only(200, ...signedIn) },
  { method: 'PUT', route: '/api/posts/:id/follow', action: 'follow.set', request: (fx) => ({ url: `/api/posts/${fx.postId}/follow` }), expect: only(200, ...signedIn) },
  // Internal notes: the department the report is assigned to (verifiedGov took it over) and admins.
  {
    method: 'GET',
    route: '/api/posts/post/:id/internalNotes',
    action: 'note.internal',
    request: async (fx) => ({ url: `/api/posts/post/${await freshPostAt(fx, 'Problem Seen')}/internalNotes` }),
    rule: async (fx, req) => ruled('note.internal', { post: await postRow(fx, String(req.url).split('/')[4]!) }),
    expect: { anonymous: 401, citizen: 403, otherCitizen: 403, unverifiedGov: 403, verifiedGov: 200, otherGov: 403, admin: 200 },
  },
  {
    method: 'POST',
    route: '/api/posts/post/:id/internalNotes',
    action: 'note.internal',
    request: async (fx) => ({ url: `/api/posts/post/${await freshPostAt(fx, 'Problem Seen')}/internalNotes`, payload: { body: 'Called the contractor' } }),
    rule: async (fx, req) => ruled('note.internal', { post: await postRow(fx, String(req.url).split('/')[4]!) }),
    expect: { anonymous: 401, citizen: 403, otherCitizen: 403, unverifiedGov: 403, verifiedGov: 201, otherGov: 403, admin: 201 },
  },
  // Photo redaction: admins and the verified department the report is assigned to blur parts of its photos.
  {
    method: 'POST',
    route: '/api/posts/post/:id/images/:imageId/redact',
    action: 'photo.redact',
    request: async (fx) => {
      const postId = await freshPostAt(fx, 'Problem Seen');
      const image = await fx.app.ctx.database.db.selectFrom('post_images').select('id').where('post_id', '=', postId).executeTakeFirstOrThrow();
      return { url: `/api/posts/post/${postId}/images/${image.id}/redact`, payload: { boxes: [{ x: 0.1, y: 0.1, w: 0.5, h: 0.5 }] } };
    },
    rule: async (fx, req) => ruled('photo.redact', { post: await postRow(fx, String(req.url).split('/')[4]!) }),
    expect: { anonymous: 401, citizen: 403, otherCitizen: 403, unverifiedGov: 403, verifiedGov: 200, otherGov: 403, admin: 200 },
  },
  // Department teams: every department account is its own head; the join links are public (the token is the credential).
  { method: 'GET', route: '/api/gov/team', action: 'team.read', expect: only(200, ...governments) },
  {
    method: 'POST',
    route: '/api/gov/team/invites',
    action: 'team.manage',
    request: () => ({ payload: { email: `matrix-${Math.random().toString(36).slice(2)}@example.in`, teamRole: 'officer' } }),
    expect: only(201, ...governments),
  },
  { method: 'DELETE', route: '/api/gov/team/invites/:id', action: 'team.manage', request: () => ({ url: '/api/gov/team/invites/no-such-invite' }), expect: only(404, ...governments) },
  { method: 'DELETE', route: '/api/gov/team/members/:id', action: 'team.removeMember', request: () => ({ url: '/api/gov/team/members/no-such-member' }), expect: only(404, ...governments) },
  { method: 'GET', route: '/api/gov/team/join/:token', action: null, request: () => ({ url: '/api/gov/team/join/not-a-token' }), expect: everyone(404) },
  { method: 'POST', route: '/api/gov/team/join/:token', action: null, request: () => ({ url: '/api/gov/team/join/not-a-token', payload: { name: 'A', password: 'secret1' } }), expect: everyone(404) },
  {
    method: 'PUT',
    route: '/api/gov/assign/:id',
    action: 'progress.assign',
    request: async (fx) => ({ url: `/api/gov/assign/${await freshPostAt(fx, 'Problem Seen')}`, payload: { officerId: null } }),
    rule: async (fx, req) => ruled('progress.assign', { post: await postRow(fx, lastSegment(req)), officer: null }),
    expect: { anonymous: 401, citizen: 403, otherCitizen: 403, unverifiedGov: 403, verifiedGov: 200, otherGov: 403, admin: 403 },
  },
  { method: 'GET', route: '/api/gov/team/metrics', action: 'team.read', expect: only(200, ...governments) },
  { method: 'GET', route: '/api/gov/templates', action: 'team.read', expect: only(200, ...governments) },
  { method: 'POST', route: '/api/gov/templates', action: 'team.manage', request: () => ({ payload: { title: 'Crew booked', body: 'A repair crew is booked for this week.' } }), expect: only(201, ...governments) },
  { method: 'PUT', route: '/api/gov/templates/:id', action: 'team.manage', request: () => ({ url: '/api/gov/templates/no-such-template', payload: { title: 'T', body: 'B' } }), expect: only(404, ...governments) },
  { method: 'DELETE', route: '/api/gov/templates/:id', action: 'team.manage', request: () => ({ url: '/api/gov/templates/no-such-template' }), expect: only(404, ...governments) },
  { method: 'GET', route: '/api/gov/departments', action: 'department.directory', expect: only(200, ...governments) },
  // Transfer to the triage queue: the department holding it may; another is refused; a pending one is not verified.
  {
    method: 'PUT',
    route: '/api/gov/transfer/:id',
    action: 'progress.transfer',
    request: async (fx) => ({ url: `/api/gov/transfer/${await freshPostAt(fx, 'Problem Seen')}`, payload: { departmentId: null, reason: 'Not ours: the water board handles mains' } }),
    rule: async (fx, req) => ruled('progress.transfer', { post: await postRow(fx, lastSegment(req)), routed: false }),
    expect: { anonymous: 401, citizen: 403, otherCitizen: 403, unverifiedGov: 403, verifiedGov: 200, otherGov: 403, admin: 403 },
  },
  { method: 'GET', route: '/api/admin/triage', action: 'admin.triage', expect: only(200, 'admin') },
  { method: 'PUT', route: '/api/admin/triage/:id', action: 'admin.triage', request: (fx) => ({ url: `/api/admin/triage/${fx.postId}`, payload: { departmentId: null, reason: 'x' } }), expect: only(409, 'admin') },
  // A fresh report has no appeal: its reporter, its department and admins may read that; others not.
  {
    method: 'GET',
    route: '/api/posts/post/:id/appeal',
    action: 'appeal.read',
    request: async (fx) => ({ url: `/api/posts/post/${await freshPostAt(fx, 'Problem Seen')}/appeal` }),
    rule: async (fx, req) => ruled('appeal.read', { post: await postRow(fx, String(req.url).split('/')[4]!) }),
    expect: { anonymous: 401, citizen: 200, otherCitizen: 403, unverifiedGov: 403, verifiedGov: 200, otherGov: 403, admin: 200 },
  },
  // Nothing rejected yet: the reporter may not appeal (409); others are refused.
  {
    method: 'POST',
    route: '/api/user/appeal/:id',
    action: 'appeal.create',
    request: async (fx) => ({ url: `/api/user/appeal/${await freshPostAt(fx, 'Problem Seen')}`, payload: { reason: 'The pothole is back' } }),
    rule: async (fx, req) => ruled('appeal.create', { post: await postRow(fx, lastSegment(req)), rejections: 0, notSatisfied: false, appeal: null }),
    expect: { anonymous: 401, citizen: 409, otherCitizen: 403, unverifiedGov: 403, verifiedGov: 403, otherGov: 403, admin: 403 },
  },
  { method: 'PUT', route: '/api/gov/appeal/:id', action: 'appeal.answer', request: (fx) => ({ url: `/api/gov/appeal/${fx.postId}`, payload: { outcome: 'upheld', response: 'We will redo it' } }), expect: only(404, ...governments, 'admin') },
  { method: 'PUT', route: '/api/admin/appeal/:id', action: 'appeal.answer', request: (fx) => ({ url: `/api/admin/appeal/${fx.postId}`, payload: { outcome: 'upheld', response: 'We will redo it' } }), expect: only(404, ...governments, 'admin') },
  { method: 'GET', route: '/api/gov/appeals', action: 'appeal.listOwn', expect: only(200, ...governments) },
  { method: 'GET', route: '/api/admin/appeals', action: 'admin.read', expect: only(200, 'admin') },
  // Duplicates: the department holding the duplicate (or the original) and admins; another department is refused.
  {
    method: 'POST',
    route: '/api/posts/post/:id/duplicate',
    action: 'duplicate.mark',
    request: async (fx) => {
      const duplicate = await freshPostAt(fx, 'Problem Seen');
      const original = await freshPostAt(fx, 'Unseen');
      return { url: `/api/posts/post/${duplicate}/duplicate`, payload: { originalId: original } };
    },
    rule: async (fx, req) => {
      const original = (req.payload as { originalId: string }).originalId;
      return ruled('duplicate.mark', { duplicate: await postRow(fx, String(req.url).split('/')[4]!), original: await postRow(fx, original), hasDuplicates: false });
    },
    expect: { anonymous: 401, citizen: 403, otherCitizen: 403, unverifiedGov: 403, verifiedGov: 200, otherGov: 403, admin: 200 },
  },
  {
    method: 'DELETE',
    route: '/api/posts/post/:id/duplicate',
    action: 'duplicate.unmark',
    request: async (fx) => {
      const duplicate = await freshPostAt(fx, 'Problem Seen');
      const original = await freshPostAt(fx, 'Unseen');
      const marked = await fx.app.inject({ method: 'POST', url: `/api/posts/post/${duplicate}/duplicate`, headers: fx.cast.admin.auth, payload: { originalId: original } });
      if (marked.statusCode !== 200) throw new Error(`mark failed: ${marked.body}`);
      return { url: `/api/posts/post/${duplicate}/duplicate` };
    },
    rule: async (fx, req) => {
      const duplicate = await postRow(fx, String(req.url).split('/')[4]!);
      return ruled('duplicate.unmark', { duplicate, original: duplicate.duplicate_of ? await postRow(fx, duplicate.duplicate_of) : null });
    },
    expect: { anonymous: 401, citizen: 403, otherCitizen: 403, unverifiedGov: 403, verifiedGov: 200, otherGov: 403, admin: 200 },
  },
  { method: 'DELETE', route: '/api/posts/:id/follow', action: 'follow.set', request: (fx) => ({ url: `/api/posts/${fx.postId}/follow` }), expect: only(200, ...signedIn) },
  // A new verification link: the configured admin's address counts as verified (409).
  {
    method: 'POST',
    route: '/api/account/verify-email',
    action: 'account.edit',
    expect: { anonymous: 401, citizen: 200, otherCitizen: 200, unverifiedGov: 200, verifiedGov: 200, otherGov: 200, admin: 409 },
  },
  {
    method: 'PUT',
    route: '/api/account/password',
    action: 'account.edit',
    request: () => ({ payload: { currentPassword: 'not-the-password', newPassword: 'another-password' } }),
    expect: only(400, ...signedIn),
  },
  {
    method: 'DELETE',
    route: '/api/account',
    action: 'account.delete',
    request: () => ({ payload: { password: 'not-the-password' } }),
    rule: async () => ruled('account.delete', {}),
    expect: { anonymous: 401, citizen: 400, otherCitizen: 400, unverifiedGov: 400, verifiedGov: 400, otherGov: 400, admin: 403 },
  },
  // Community Chat is for citizens (spec route table); the bell for every signed-in role.
  { method: 'GET', route: '/api/user/getMessage', action: 'chat.read', rule: async () => ruled('chat.read', {}), expect: only(200, ...citizens) },
  {
    method: 'POST',
    route: '/api/user/sendMessage',
    action: 'chat.send',
    request: () => ({ payload: { msg: 'Matrix hello' } }),
    rule: async () => ruled('chat.send', {}),
    expect: only(201, ...citizens),
  },
  { method: 'GET', route: '/api/notifications', action: 'notification.read', expect: only(200, ...signedIn) },
  { method: 'PUT', route: '/api/notifications/read', action: 'notification.markRead', request: () => ({ payload: { all: true } }), expect: only(200, ...signedIn) },
  // 'Ask CivicPulse AI' and the help pages need no token (spec 7: POST /api/ask, no token).
  { method: 'POST', route: '/api/ask', action: null, request: () => ({ payload: { message: 'How do I report an issue?' } }), expect: everyone(200) },
  { method: 'GET', route: '/api/help', action: null, expect: everyone(200) },
  { method: 'GET', route: '/api/help/:slug', action: null, request: () => ({ url: '/api/help/report-an-issue' }), expect: everyone(200) },
  // Open311 GeoReport v2 (issue 16): public reads; POST needs a partner's api_key (a token is no key: 403 to all).
  { method: 'GET', route: '/open311/v2/discovery.:format', action: null, request: () => ({ url: '/open311/v2/discovery.json' }), expect: everyone(200) },
  { method: 'GET', route: '/open311/v2/services.:format', action: null, request: () => ({ url: '/open311/v2/services.xml' }), expect: everyone(200) },
  { method: 'GET', route: '/open311/v2/services/:code.:format', action: null, request: () => ({ url: '/open311/v2/services/roads.json' }), expect: everyone(200) },
  { method: 'GET', route: '/open311/v2/requests.:format', action: null, request: () => ({ url: '/open311/v2/requests.json' }), expect: everyone(200) },
  { method: 'GET', route: '/open311/v2/requests/:id.:format', action: null, request: (fx) => ({ url: `/open311/v2/requests/${fx.postId}.json` }), expect: everyone(200) },
  {
    method: 'POST',
    route: '/open311/v2/requests.:format',
    action: null,
    request: () => ({ url: '/open311/v2/requests.json', payload: { service_code: 'roads', description: 'Pothole', lat: 18.52, long: 73.85 } }),
    expect: everyone(403),
  },
  { method: 'GET', route: '/api/admin/open311Keys', action: 'admin.read', expect: only(200, 'admin') },
  { method: 'POST', route: '/api/admin/open311Keys', action: 'admin.issueApiKey', request: () => ({ payload: { name: 'Matrix Partner' } }), expect: only(201, 'admin') },
  {
    method: 'DELETE',
    route: '/api/admin/open311Keys/:id',
    action: 'admin.revokeApiKey',
    request: async (fx) => {
      const res = await fx.app.inject({ method: 'POST', url: '/api/admin/open311Keys', headers: fx.cast.admin.auth, payload: { name: 'Matrix Revoke' } });
      return { url: `/api/admin/open311Keys/${res.json<{ key: { _id: string } }>().key._id}` };
    },
    expect: only(200, 'admin'),
  },
  // Open data: public, anonymised downloads.
  { method: 'GET', route: '/api/open-data/reports.csv', action: null, expect: everyone(200) },
  { method: 'GET', route: '/api/open-data/reports.geojson', action: null, expect: everyone(200) },
  // A department's proof document: admins and the department itself (unverifiedGov's own proof here).
  {
    method: 'GET',
    route: '/api/gov/proofDocument/:id',
    action: 'government.proofDocument',
    request: (fx) => ({ url: `/api/gov/proofDocument/${fx.cast.unverifiedGov.id}` }),
    rule: async (fx, req) => ruled('government.proofDocument', { departmentId: lastSegment(req) }),
    expect: { anonymous: 401, citizen: 403, otherCitizen: 403, unverifiedGov: 200, verifiedGov: 403, otherGov: 403, admin: 200 },
  },
  // Moderation: anyone signed in flags what others wrote (the author's own: 400); admins moderate and suspend.
  {
    method: 'POST',
    route: '/api/moderation/flags',
    action: 'moderation.flag',
    request: async (fx) => ({ payload: { kind: 'post', id: (await createPost(fx.app, fx.cast.citizen))._id, reason: 'spam' } }),
    rule: async (fx, req) => ruled('moderation.flag', { item: { author_id: (await postRow(fx, payloadOf(req).id!)).author_id } }),
    expect: { anonymous: 401, citizen: 400, otherCitizen: 201, unverifiedGov: 201, verifiedGov: 201, otherGov: 201, admin: 201 },
  },
  {
    method: 'GET',
    route: '/api/moderation/notice',
    action: 'moderation.review',
    request: async (fx) => ({ url: `/api/moderation/notice?kind=post&id=${await hiddenPost(fx)}` }),
    expect: { anonymous: 401, citizen: 200, otherCitizen: 404, unverifiedGov: 404, verifiedGov: 404, otherGov: 404, admin: 200 },
  },
  {
    method: 'POST',
    route: '/api/moderation/review',
    action: 'moderation.review',
    request: async (fx) => ({ payload: { kind: 'post', id: await hiddenPost(fx), note: 'It is a real pothole' } }),
    rule: async (fx, req) => ruled('moderation.review', { item: { author_id: (await postRow(fx, payloadOf(req).id!)).author_id } }),
    expect: { anonymous: 401, citizen: 200, otherCitizen: 404, unverifiedGov: 404, verifiedGov: 404, otherGov: 404, admin: 404 },
  },
  { method: 'GET', route: '/api/admin/moderation', action: 'moderation.queue', expect: only(200, 'admin') },
  {
    method: 'POST',
    route: '/api/admin/moderation',
    action: 'moderation.act',
    request: (fx) => ({ payload: { action: 'dismiss', items: [{ kind: 'post', id: fx.postId }] } }),
    expect: only(200, 'admin'),
  },
  {
    method: 'PUT',
    route: '/api/admin/suspension/:id',
    action: 'moderation.suspend',
    request: async (fx) => ({ url: `/api/admin/suspension/${(await signupCitizen(fx.app, 'Matrix Suspended')).id}`, payload: { days: 3, reason: 'Spam' } }),
    rule: async (fx, req) => ruled('moderation.suspend', { account: await accountRow(fx, String(req.url).split('/')[4]!) }),
    expect: only(200, 'admin'),
  },
  {
    method: 'DELETE',
    route: '/api/admin/suspension/:id',
    action: 'moderation.suspend',
    request: async (fx) => {
      const { id } = await signupCitizen(fx.app, 'Matrix Suspended');
      const put = await fx.app.inject({ method: 'PUT', url: `/api/admin/suspension/${id}`, headers: fx.cast.admin.auth, payload: { days: 3, reason: 'Spam' } });
      if (put.statusCode !== 200) throw new Error(`suspend failed: ${put.body}`);
      return { url: `/api/admin/suspension/${id}` };
    },
    expect: only(200, 'admin'),
  },
];

/** A fresh report by the citizen that an admin hid (moderation). */
async function hiddenPost(fx: Parameters<NonNullable<Row['request']>>[0]): Promise<string> {
  const { _id } = await createPost(fx.app, fx.cast.citizen);
  const res = await fx.app.inject({ method: 'POST', url: '/api/admin/moderation', headers: fx.cast.admin.auth, payload: { action: 'hide', items: [{ kind: 'post', id: _id }] } });
  if (res.statusCode !== 200) throw new Error(`hide failed: ${res.body}`);
  return _id;
}
