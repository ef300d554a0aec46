import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AREA_FILTERS,
  GOV_SCOPES,
  JURISDICTION_TEXTS,
  parseAreaFilter,
  LIMITS,
  POST_TEXTS,
  createPostAnswer,
  idParam,
  listQuery,
  parseCountFilter,
  parsePriorityFilter,
  parseSort,
  postListAnswer,
  rejectResolutionBody,
  validateFinalUpdate,
  validateReason,
  ratingProblem,
  verifyPostBody,
  type GovScope,
  type ProgressMove,
  type Rating,
} from '@civicpulse/shared';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../lib/errors.js';
import { PHOTO_UPLOAD, readMultipart } from '../../lib/multipart.js';
import { originOf, uploadKeyOf } from '../../lib/urls.js';
import { caller, type Guards } from '../../plugins/auth.js';
import { writeRateLimit } from '../../plugins/rateLimits.js';
import { pagingOf } from '../posts/index.js';
import type { PostFilter } from '../posts/index.js';
import type { AccountRow } from '../../db/rows.js';
import type { FinalUpdateInput, MoveOptions } from './service.js';

const progressBody = z
  .object({
    finalCaption: z.unknown().optional(),
    finalImages: z
      .array(z.object({ url: z.string().max(LIMITS.urlMaxChars), public_id: z.string().max(LIMITS.urlMaxChars).optional() }))
      .max(LIMITS.imagesPerPostMax, POST_TEXTS.tooManyImages)
      .optional(),
  })
  .nullish();

/** `area` (issue 16): View Issues (scope=unassigned) shows `mine` (the department's jurisdiction) unless `all` (All of India). */
const govListQuery = listQuery.extend({ scope: z.string().optional(), area: z.string().optional() });
const govListAnswer = postListAnswer.extend({
  /** With a scope, on the first page: how many posts the scope holds, and how many pass the filters ("Showing X of Y"). */
  total: z.number().optional(),
  matching: z.number().optional(),
  /** View Issues: the area the list shows, and whether the department declared a jurisdiction (without one: all of India). */
  area: z.enum(AREA_FILTERS).optional(),
  jurisdictionDeclared: z.boolean().optional(),
});

const routeQuery = z.object({
  fromLat: z.coerce.number().min(-90).max(90),
  fromLng: z.coerce.number().min(-180).max(180),
  toLat: z.coerce.number().min(-90).max(90),
  toLng: z.coerce.number().min(-180).max(180),
});
const routeAnswer = z.object({
  source: z.enum(['osrm', 'ors', 'straight']),
  distanceMeters: z.number(),
  durationSeconds: z.number().nullable(),
  coordinates: z.array(z.tuple([z.number(), z.number()])),
  directionsUrl: z.string(),
});

/**
 * A department list's queue. Unassigned means open and taken by nobody: a finished report whose
 * department account was deleted is not something to take over.
 */
function scopeFilter(scope: GovScope | undefined, me: string): PostFilter {
  if (scope === 'unassigned') return { assignedTo: null, finished: false };
  if (scope === 'assigned') return { assignedTo: me, finished: false };
  if (scope === 'resolved') return { assignedTo: me, finished: true };
  return {};
}

export function progressRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A move answers the report as it now is: the workflow moves it, PostViews presents it.
  const progress = {
    move: async (...[id, account, move, originUrl, opts]: [string, AccountRow, ProgressMove, string, MoveOptions?]) => {
      const { message } = await ctx.services.progress.move(id, account, move, opts);
      return { message, post: await ctx.services.postViews.get(id, account, originUrl) };
    },
  };
  const origin = (request: FastifyRequest) => originOf(request, ctx.config.publicUrl);
  const government = guards.requireAuth('government');
  const citizen = guards.requireAuth('user');
  const tags = ['progress'];
  const limited = writeRateLimit(ctx.config);

  r.get(
    '/api/gov/allPosts',
    { schema: { tags, querystring: govListQuery, response: { 200: govListAnswer } }, onRequest: government },
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
      let base = scopeFilter(scope, me.id);
      let areaAnswer: { area?: 'mine' | 'all'; jurisdictionDeclared?: boolean } = {};
      if (scope === 'unassigned') {
        // By default only the reports routed to this department; a department without a jurisdiction sees all of India.
        const declared = await ctx.services.jurisdictions.declared(me.id);
        const mine = declared && area !== 'all';
        if (mine) base = { ...base, routedTo: me.id };
        areaAnswer = { area: mine ? 'mine' : 'all', jurisdictionDeclared: declared };
      }
      const filter: PostFilter = { ...base, priority, category: q.category, minUpvotes: parseCountFilter(q.minUpvotes), minDownvotes: parseCountFilter(q.minDownvotes) };
      const page = await ctx.services.postViews.list(filter, { sort, cursor: q.cursor, limit: q.limit, shape: q.shape }, me.id, origin(request));
      // Counted once, on the first page: later pages of the same list would only repeat them.
      const counts = scope && !q.cursor ? await ctx.services.postViews.counts(base, filter) : {};
      return { posts: page.items, ...pagingOf(page, q.limit !== undefined), ...counts, ...areaAnswer };
    },
  );

  r.put(
    '/api/gov/progressState/:id',
    { schema: { tags, params: idParam, body: progressBody, response: { 200: createPostAnswer } }, onRequest: government, config: limited },
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
      return progress.move(request.params.id, caller(request), 'advance', origin(request), final ? { final } : {});
    },
  );

  r.put(
    '/api/gov/regressProgressState/:id',
    { schema: { tags, params: idParam, response: { 200: createPostAnswer } }, onRequest: government, config: limited },
    async (request) => progress.move(request.params.id, caller(request), 'regress', origin(request)),
  );

  r.put(
    '/api/gov/updateFinalWork/:id',
    { schema: { tags, params: idParam, consumes: ['multipart/form-data'], response: { 200: createPostAnswer } }, onRequest: government, config: limited },
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

  r.put(
    '/api/user/verifyPost/:id',
    { schema: { tags, params: idParam, body: verifyPostBody, response: { 200: createPostAnswer } }, onRequest: citizen, config: limited },
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

  r.put(
    '/api/user/rejectResolution/:id',
    { schema: { tags, params: idParam, body: rejectResolutionBody, response: { 200: createPostAnswer } }, onRequest: citizen, config: limited },
    async (request) => {
      const problem = validateReason(request.body.reason);
      if (problem) throw badRequest(problem);
      return progress.move(request.params.id, caller(request), 'reject', origin(request), { reason: String(request.body.reason) });
    },
  );

  r.get(
    '/api/gov/me',
    {
      schema: {
        tags,
        response: {
          200: z.object({ _id: z.string(), authorityName: z.string(), isVerified: z.boolean(), resolvedIssuesCount: z.number() }),
        },
      },
      onRequest: government,
    },
    async (request) => {
      // The guard loaded the account fresh from the database, so verification shows at once.
      const me = caller(request);
      return { _id: me.id, authorityName: me.name, isVerified: me.is_verified === 1, resolvedIssuesCount: me.resolved_issues_count };
    },
  );

  r.get(
    '/api/gov/route',
    { schema: { tags, querystring: routeQuery, response: { 200: routeAnswer } }, onRequest: government },
    async (request) => {
      const q = request.query;
      return ctx.services.routing.route({ lat: q.fromLat, lng: q.fromLng }, { lat: q.toLat, lng: q.toLng });
    },
  );
}
