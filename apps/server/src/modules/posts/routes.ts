import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  API,
  CATEGORY_TEXTS,
  POST_TEXTS,
  parseCategory,
  isIdempotencyKey,
  MY_POSTS_SORTS,
  parseCountFilter,
  parsePriorityFilter,
  parseSort,
  parsePriority,
  validateCommentContent,
  validateCreatePost,
  type LocationInput,
} from '@civicpulse/shared';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';
import { badRequest } from '../../lib/errors.js';
import { PHOTO_UPLOAD, readMultipart } from '../../lib/multipart.js';
import { pagingOf } from './presenter.js';
import { locationFields } from './service.js';
import { originOf } from '../../lib/urls.js';
import { caller, type Guards } from '../../plugins/auth.js';
import { writeRateLimit } from '../../plugins/rateLimits.js';

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

export function postRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const posts = ctx.services.posts;
  const origin = (request: FastifyRequest) => originOf(request, ctx.config.publicUrl);
  const limited = writeRateLimit(ctx.config);
  const tags = ['posts'];
  const signedIn = guards.requireAuth();
  const citizen = guards.requireAuth('user');

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
      const location = parseLocation(fields.location);
      const problem = validateCreatePost({ caption: fields.caption, imageCount: images.length, location });
      if (problem) throw badRequest(problem);
      const priority = parsePriority(fields.priority);
      if (!priority) throw badRequest(POST_TEXTS.invalidPriority);
      // Optional (issue 16): the spec's client sends none and the server suggests one from the caption.
      const category = parseCategory(fields.category);
      if (category === null) throw badRequest(CATEGORY_TEXTS.invalidCategory);
      const input = { caption: fields.caption!, priority, category, location: locationFields(location!), images };
      if (key === undefined) return reply.code(201).send({ message: POST_TEXTS.created, post: await posts.create(caller(request), input, origin(request)) });
      const { post, replayed } = await posts.createOnce(caller(request), input, origin(request), key);
      // A replay answers exactly what the first request did, and says so.
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      return reply.code(201).send({ message: POST_TEXTS.created, post });
    },
  );

  // Spec 2.1: the community feed is for anyone signed in, departments and admins included.
  route(
    app,
    API.posts.feed,
    { schema: { tags }, onRequest: signedIn },
    async (request) => {
      const { limit, cursor, exclude, shape, category } = request.query;
      const page = await posts.feed(caller(request), origin(request), { cursor, limit, shape, excludeMine: exclude === 'mine', category });
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
      const page = await posts.list(
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
      const { caption, priority, category, location } = request.body;
      const post = await posts.edit(
        request.params.id,
        caller(request),
        { caption, priority, category, location: location === undefined ? undefined : parseLocation(location) },
        origin(request),
      );
      return { message: POST_TEXTS.updated, post };
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

  route(
    app,
    API.posts.post,
    { schema: { tags }, onRequest: signedIn },
    async (request) => ({ post: await posts.get(request.params.id, caller(request), origin(request)) }),
  );

  // Issue 25: the post page's further comments and replies, in keyset pages within LIMITS.answerBytesMax.
  route(
    app,
    API.posts.comments,
    { schema: { tags }, onRequest: signedIn },
    async (request) => {
      const page = await posts.commentPage(request.params.id, request.query);
      return { comments: page.items, nextCursor: page.nextCursor };
    },
  );

  route(
    app,
    API.posts.replies,
    { schema: { tags }, onRequest: signedIn },
    async (request) => {
      const page = await posts.replyPage(request.params.id, request.params.commentId, request.query);
      return { replies: page.items, nextCursor: page.nextCursor };
    },
  );

  route(
    app,
    API.posts.upvoted,
    { schema: { tags }, onRequest: citizen },
    async (request) => {
      const page = await posts.voted(caller(request), 'upvote', origin(request), request.query);
      return { upvotedPosts: page.items, ...pagingOf(page, request.query.limit !== undefined) };
    },
  );

  route(
    app,
    API.posts.downvoted,
    { schema: { tags }, onRequest: citizen },
    async (request) => {
      const page = await posts.voted(caller(request), 'downvote', origin(request), request.query);
      return { downvotedPosts: page.items, ...pagingOf(page, request.query.limit !== undefined) };
    },
  );

  route(
    app,
    API.posts.vote,
    { schema: { tags }, onRequest: signedIn, config: limited },
    async (request) => posts.vote(request.body.postId, caller(request), request.body.type),
  );

  route(
    app,
    API.posts.addComment,
    { schema: { tags }, onRequest: signedIn, config: limited },
    async (request, reply) => {
      const problem = validateCommentContent(request.body.content, 'comment');
      if (problem) throw badRequest(problem);
      const comment = await posts.addComment(request.body.postId, caller(request), String(request.body.content));
      return reply.code(201).send({ message: POST_TEXTS.commentAdded, comment });
    },
  );

  route(
    app,
    API.posts.addReply,
    { schema: { tags }, onRequest: signedIn, config: limited },
    async (request, reply) => {
      const problem = validateCommentContent(request.body.content, 'reply');
      if (problem) throw badRequest(problem);
      const saved = await posts.addReply(request.body.postId, request.body.commentId, caller(request), String(request.body.content));
      return reply.code(201).send({ message: POST_TEXTS.replyAdded, reply: saved });
    },
  );

  route(
    app,
    API.posts.deleteComment,
    { schema: { tags }, onRequest: signedIn, config: limited },
    async (request) => {
      await posts.deleteComment(caller(request), request.body);
      return { message: POST_TEXTS.commentDeleted };
    },
  );

  route(
    app,
    API.posts.deleteReply,
    { schema: { tags }, onRequest: signedIn, config: limited },
    async (request) => {
      await posts.deleteReply(caller(request), request.body);
      return { message: POST_TEXTS.replyDeleted };
    },
  );

  route(
    app,
    API.posts.similar,
    { schema: { tags }, onRequest: signedIn },
    async (request) => {
      const { lat, lng, caption } = request.query;
      return { posts: await posts.similar(caller(request), origin(request), lat, lng, caption ?? '') };
    },
  );
}
