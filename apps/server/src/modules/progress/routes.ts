import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  API,
  GOV_SCOPES,
  JURISDICTION_TEXTS,
  parseAreaFilter,
  POST_TEXTS,
  parseCountFilter,
  parsePriorityFilter,
  parseSort,
  validateFinalUpdate,
  validateReason,
  ratingProblem,
  type GovScope,
  type ProgressMove,
  type Rating,
} from '@civicpulse/shared';
import { route } from '../../lib/route.js';
import { departmentOf } from '../../policies/rule.js';
import { badRequest } from '../../lib/errors.js';
import { PHOTO_UPLOAD, readMultipart } from '../../lib/multipart.js';
import { originOf, uploadKeyOf } from '../../lib/urls.js';
import { caller, type Guards } from '../../plugins/auth.js';
import { writeRateLimit } from '../../plugins/rateLimits.js';
import { pagingOf } from '../posts/index.js';
import type { PostFilter } from '../posts/index.js';
import type { AccountRow } from '../../db/rows.js';
import type { FinalUpdateInput, MoveOptions } from './service.js';




import type { JurisdictionsService } from '../jurisdictions/index.js';
import type { PostViews } from '../posts/index.js';
import type { ProgressService } from './service.js';
import type { RoutingService } from '../routing/index.js';
import type { Config } from '../../config.js';

/** What the progress routes are given (see lib/module.ts). */
export interface ProgressDeps {
  jurisdictions: JurisdictionsService;
  postViews: PostViews;
  progress: ProgressService;
  routing: RoutingService;
  config: Config;
  guards: Guards;
}

/**
 * A department list's queue. Unassigned means open and taken by nobody: a finished report whose
 * department account was deleted is not something to take over.
 */
function scopeFilter(scope: GovScope | undefined, dept: string, me: string): PostFilter {
  if (scope === 'unassigned') return { assignedTo: null, finished: false };
  if (scope === 'assigned') return { assignedTo: dept, finished: false };
  if (scope === 'resolved') return { assignedTo: dept, finished: true };
  // Department teams: "Assigned to me" and "Unassigned in my department" (posts_team_*).
  if (scope === 'mine') return { assignedTo: dept, officer: me, finished: false };
  if (scope === 'team') return { assignedTo: dept, officer: null, finished: false };
  return {};
}

export function progressRoutes(app: FastifyInstance, deps: ProgressDeps): void {
  // A move answers the report as it now is: the workflow moves it, PostViews presents it.
  const progress = {
    move: async (...[id, account, move, originUrl, opts]: [string, AccountRow, ProgressMove, string, MoveOptions?]) => {
      const { message } = await deps.progress.move(id, account, move, opts);
      return { message, post: await deps.postViews.get(id, account, originUrl) };
    },
  };
  const origin = (request: FastifyRequest) => originOf(request, deps.config.publicUrl);
  const government = deps.guards.requireAuth('government');
  const citizen = deps.guards.requireAuth('user');
  const tags = ['progress'];
  const limited = writeRateLimit(deps.config);

  route(
    app,
    API.progress.govPosts,
    { schema: { tags }, onRequest: government },
    async (request) => {
      const q = request.query;
      const scope = q.scope === undefined || q.scope === '' ? undefined : (q.scope as GovScope);
      if (scope && !(GOV_SCOPES as readonly string[]).includes(scope)) throw badRequest(POST_TEXTS.invalidScope);
      const sort = parseSort(q.sort);
      if (!sort) throw badRequest(POST_TEXTS.invalidSort);
      const priority = parsePriorityFilter(q.priority);
      if (priority === null) throw badRequest(POST_TEXTS.invalidPriority);
      const area = parseAreaFilter(q.area);
      if (area === null) throw badRequest(JURISDICTION_TEXTS.invalidAreaFilter);
      const me = caller(request);
      const dept = departmentOf(me);
      let base = scopeFilter(scope, dept, me.id);
      let areaAnswer: { area?: 'mine' | 'all'; jurisdictionDeclared?: boolean } = {};
      if (scope === 'unassigned') {
        // By default only the reports routed to this department; a department without a jurisdiction sees all of India.
        const declared = await deps.jurisdictions.declared(dept);
        const mine = declared && area !== 'all';
        if (mine) base = { ...base, routedTo: dept };
        areaAnswer = { area: mine ? 'mine' : 'all', jurisdictionDeclared: declared };
      }
      const filter: PostFilter = { ...base, priority, category: q.category, minUpvotes: parseCountFilter(q.minUpvotes), minDownvotes: parseCountFilter(q.minDownvotes) };
      const page = await deps.postViews.list(filter, { sort, cursor: q.cursor, limit: q.limit, shape: q.shape, staff: dept }, me.id, origin(request));
      // Counted once, on the first page: later pages of the same list would only repeat them.
      const counts = scope && !q.cursor ? await deps.postViews.counts(base, filter) : {};
      return { posts: page.items, ...pagingOf(page, q.limit !== undefined), ...counts, ...areaAnswer };
    },
  );

  route(
    app,
    API.progress.advance,
    { schema: { tags }, onRequest: government, config: limited },
    async (request) => {
      const body = request.body ?? {};
      let final: FinalUpdateInput | undefined;
      if (body.finalCaption !== undefined || body.finalImages !== undefined) {
        const urls = (body.finalImages ?? []).map((i) => i.url);
        const problem = validateFinalUpdate(body.finalCaption, urls.length);
        if (problem) throw badRequest(problem);
        const keys = urls.map((u) => uploadKeyOf(u, origin(request)));
        if (keys.some((k) => k === null)) throw badRequest(POST_TEXTS.finalImageUrl);
        final = { kind: 'links', caption: String(body.finalCaption), keys: keys as string[] };
      }
      const note = typeof body.note === 'string' && body.note.trim() ? { note: body.note } : {};
      return progress.move(request.params.id, caller(request), 'advance', origin(request), final ? { final } : note);
    },
  );

  route(
    app,
    API.progress.regress,
    { schema: { tags }, onRequest: government, config: limited },
    async (request) => {
      // The spec's client sends no body; ours sends the reason the reporter reads on the timeline.
      const reason = request.body?.reason;
      return progress.move(request.params.id, caller(request), 'regress', origin(request), typeof reason === 'string' && reason.trim() ? { reason } : {});
    },
  );

  route(
    app,
    API.progress.finalWork,
    { schema: { tags, consumes: ['multipart/form-data'] }, onRequest: government, config: limited },
    async (request) => {
      const { fields, files } = await readMultipart(request, { fileFields: ['images', 'finalImages'], ...PHOTO_UPLOAD });
      const caption = fields.finalCaption ?? fields.caption;
      const problem = validateFinalUpdate(caption, files.length);
      if (problem) throw badRequest(problem);
      return progress.move(request.params.id, caller(request), 'advance', origin(request), {
        final: { kind: 'upload', caption: caption!, files },
      });
    },
  );

  route(
    app,
    API.progress.verifyPost,
    { schema: { tags }, onRequest: citizen, config: limited },
    async (request) => {
      // Issue 16: an optional rating of the fix with the confirmation (the spec's client sends no body).
      const body = request.body ?? {};
      const problem = ratingProblem(body.rating, body.comment);
      if (problem) throw badRequest(problem);
      const rated = typeof body.rating === 'string' && body.rating !== '' ? (body.rating as Rating) : undefined;
      const comment = typeof body.comment === 'string' && body.comment.trim() ? body.comment.trim() : null;
      return progress.move(request.params.id, caller(request), 'verify', origin(request), rated ? { rating: { rating: rated, comment } } : {});
    },
  );

  route(
    app,
    API.progress.rejectResolution,
    { schema: { tags, consumes: ['application/json', 'multipart/form-data'] }, onRequest: citizen, config: limited },
    async (request) => {
      // JSON { reason } as before, or a form with `reason` and the reporter's photos of what is still wrong.
      let reason: unknown;
      let photos: Buffer[] = [];
      if (request.isMultipart()) {
        const form = await readMultipart(request, { fileFields: ['images', 'photos'], ...PHOTO_UPLOAD });
        reason = form.fields.reason;
        photos = form.files;
      } else {
        reason = request.body?.reason;
      }
      const problem = validateReason(reason);
      if (problem) throw badRequest(problem);
      return progress.move(request.params.id, caller(request), 'reject', origin(request), { reason: String(reason), ...(photos.length ? { photos } : {}) });
    },
  );

  route(
    app,
    API.progress.govMe,
    { schema: { tags }, onRequest: government },
    async (request) => {
      // The guard loaded the account fresh from the database, so verification shows at once.
      const me = caller(request);
      if (!me.department_id) return { _id: me.id, authorityName: me.name, isVerified: me.is_verified === 1, resolvedIssuesCount: me.resolved_issues_count, departmentId: me.id, teamRole: 'head' as const };
      // A department's member: its department's name, verification and figures, and the member's own role.
      const dept = await deps.progress.departmentOf(me);
      return { _id: me.id, authorityName: dept.name, isVerified: me.is_verified === 1, resolvedIssuesCount: dept.resolvedIssuesCount, departmentId: dept.id, teamRole: me.team_role === 'head' ? ('head' as const) : ('officer' as const), memberName: me.name };
    },
  );

  route(
    app,
    API.progress.route,
    { schema: { tags }, onRequest: government },
    async (request) => {
      const q = request.query;
      return deps.routing.route({ lat: q.fromLat, lng: q.fromLng }, { lat: q.toLat, lng: q.toLng });
    },
  );
}
