import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  API,
  POST_TEXTS,
  PUBLIC_READ_TEXTS,
  isIdempotencyKey,
  MY_POSTS_SORTS,
  parseCountFilter,
  parsePriorityFilter,
  parseBbox,
  parseSort,
  type LocationInput,
} from '@civicpulse/shared';
import { route } from '../../lib/route.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import { createLimiter } from '../../lib/limiter.js';
import type { Redis } from 'ioredis';
import { PHOTO_UPLOAD, readMultipart } from '../../lib/multipart.js';
import { pagingOf } from './presenter.js';
import { originOf } from '../../lib/urls.js';
import { caller, type Guards } from '../../plugins/auth.js';
import { writeRateLimit } from '../../plugins/rateLimits.js';

import type { PostViews } from './views.js';
import type { PostsService } from './service.js';
import type { Config } from '../../config.js';

/** What the posts routes are given (see lib/module.ts). */
export interface PostsDeps {
  postViews: PostViews;
  posts: PostsService;
  config: Config;
  guards: Guards;
  redis: Redis | undefined;
}

/** Location arrives as a JSON string (multipart, spec 7) or, on edit, possibly as an object. */
function parseLocation(raw: unknown): LocationInput | null {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return null;
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw badRequest(POST_TEXTS.invalidLocation);
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as LocationInput) : null;
}

export function postRoutes(app: FastifyInstance, deps: PostsDeps): void {
  const { posts, postViews: views } = deps;
  const origin = (request: FastifyRequest) => originOf(request, deps.config.publicUrl);
  const limited = writeRateLimit(deps.config);
  const tags = ['posts'];
  const signedIn = deps.guards.requireAuth();
  const citizen = deps.guards.requireAuth('user');
  // Reads without an account are counted per address (in Redis when there is one, shared by every process).
  const publicReads = createLimiter(deps.redis, { name: 'public-read', max: deps.config.publicRead.rateMax, windowMs: deps.config.rateLimit.windowMs });

  route(
    app,
    API.posts.createPost,
    { schema: { tags, consumes: ['multipart/form-data'] }, onRequest: citizen, config: limited },
    async (request, reply) => {
      const { fields, files: images } = await readMultipart(request, { fileFields: ['images'], ...PHOTO_UPLOAD });
      // Optional (issue 17): a repeat of the key answers the report the first request made. Checked
      // after the form was read, so the connection stays usable; a bad key stores nothing.
      const key = request.headers['idempotency-key'];
      if (key !== undefined && !isIdempotencyKey(key)) throw badRequest(POST_TEXTS.invalidIdempotencyKey);
      const input = posts.checkNew({ caption: fields.caption, priority: fields.priority, category: fields.category, location: parseLocation(fields.location), images, anonymous: fields.anonymous });
      const me = caller(request);
      const { id, replayed } = key === undefined ? { id: await posts.create(me, input), replayed: false } : await posts.createOnce(me, input, key);
      // A replay answers exactly what the first request did, and says so.
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      return reply.code(201).send({ message: POST_TEXTS.created, post: await views.created(id, me, origin(request)) });
    },
  );

  // Spec 2.1: the community feed is for anyone signed in, departments and admins included.
  route(
    app,
    API.posts.feed,
    { schema: { tags }, onRequest: signedIn },
    async (request) => {
      const { limit, cursor, exclude, shape, category, q, sort } = request.query;
      const page = await views.feed(caller(request), origin(request), { cursor, limit, shape, excludeMine: exclude === 'mine', category, q, sort });
      return { posts: page.items, ...pagingOf(page, limit !== undefined) };
    },
  );

  route(
    app,
    API.posts.myPosts,
    { schema: { tags }, onRequest: citizen },
    async (request) => {
      const q = request.query;
      const sort = parseSort(q.sort);
      if (!sort || !(MY_POSTS_SORTS as readonly string[]).includes(sort)) throw badRequest(POST_TEXTS.invalidSort);
      const priority = parsePriorityFilter(q.priority);
      if (priority === null) throw badRequest(POST_TEXTS.invalidPriority);
      const me = caller(request);
      const page = await views.list(
        { authorId: me.id, priority, category: q.category, minUpvotes: parseCountFilter(q.minUpvotes), minDownvotes: parseCountFilter(q.minDownvotes) },
        { sort, cursor: q.cursor, limit: q.limit, shape: q.shape },
        me.id,
        origin(request),
      );
      return { posts: page.items, ...pagingOf(page, q.limit !== undefined) };
    },
  );

  route(
    app,
    API.posts.editPost,
    { schema: { tags }, onRequest: citizen, config: limited },
    async (request) => {
      const { caption, priority, category, location, anonymous } = request.body;
      const me = caller(request);
      await posts.edit(request.params.id, me, { caption, priority, category, anonymous, location: location === undefined ? undefined : parseLocation(location) });
      return { message: POST_TEXTS.updated, post: await views.get(request.params.id, me, origin(request)) };
    },
  );

  route(
    app,
    API.posts.deletePost,
    { schema: { tags }, onRequest: citizen, config: limited },
    async (request) => {
      await posts.remove(request.params.id, caller(request));
      return { message: POST_TEXTS.deleted };
    },
  );

  route(app, API.posts.publicPosts, { schema: { tags } }, async (request) => {
    if (!(await publicReads.take(`ip:${request.ip}`))) throw new HttpError(429, PUBLIC_READ_TEXTS.tooManyReads);
    const q = request.query;
    const page = await views.publicList(
      { category: q.category, progressState: q.progress, q: q.q, state: q.state, city: q.city, pincode: q.pincode },
      { sort: q.sort ?? 'newest', cursor: q.cursor, limit: q.limit },
      origin(request),
    );
    return { posts: page.items, nextCursor: page.nextCursor };
  });

  route(app, API.posts.publicMap, { schema: { tags } }, async (request) => {
    if (!(await publicReads.take(`ip:${request.ip}`))) throw new HttpError(429, PUBLIC_READ_TEXTS.tooManyReads);
    const q = request.query;
    // The query schema has checked the box (REPORTS_TEXTS.invalidBbox).
    return views.publicMap(parseBbox(q.bbox)!, { category: q.category, progressState: q.progress });
  });

  route(app, API.posts.publicPost, { schema: { tags } }, async (request) => {
    if (!(await publicReads.take(`ip:${request.ip}`))) throw new HttpError(429, PUBLIC_READ_TEXTS.tooManyReads);
    return { post: await views.publicPost(request.params.id, origin(request)) };
  });

  route(
    app,
    API.posts.post,
    { schema: { tags }, onRequest: signedIn },
    async (request) => ({ post: await views.get(request.params.id, caller(request), origin(request)) }),
  );

  // Issue 25: the post page's further comments and replies, in keyset pages within LIMITS.answerBytesMax.
  route(
    app,
    API.posts.upvoted,
    { schema: { tags }, onRequest: citizen },
    async (request) => {
      const page = await views.voted(caller(request), 'upvote', origin(request), request.query);
      return { upvotedPosts: page.items, ...pagingOf(page, request.query.limit !== undefined) };
    },
  );

  route(
    app,
    API.posts.downvoted,
    { schema: { tags }, onRequest: citizen },
    async (request) => {
      const page = await views.voted(caller(request), 'downvote', origin(request), request.query);
      return { downvotedPosts: page.items, ...pagingOf(page, request.query.limit !== undefined) };
    },
  );

  // Anonymous reports: the per-category switch, read by the create form (public) and set by admins.
  route(app, API.posts.categorySettings, { schema: { tags } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return { categories: await posts.categorySettings() };
  });

  route(
    app,
    API.posts.saveCategorySetting,
    { schema: { tags }, onRequest: deps.guards.requireAuth('admin'), config: limited },
    async (request) => posts.setAnonymousAllowed(caller(request), request.params.category, request.body),
  );

  route(
    app,
    API.posts.similar,
    { schema: { tags }, onRequest: signedIn },
    async (request) => {
      const { lat, lng, caption } = request.query;
      return { posts: await views.similar(caller(request), origin(request), lat, lng, caption ?? '') };
    },
  );
}
