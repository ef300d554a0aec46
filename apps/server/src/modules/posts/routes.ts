import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LIMITS,
  POST_TEXTS,
  addCommentBody,
  addReplyBody,
  commentAnswer,
  createPostAnswer,
  deleteCommentBody,
  deleteReplyBody,
  messageAnswer,
  parsePriority,
  postAnswer,
  postListAnswer,
  postSchema,
  replyAnswer,
  similarQuery,
  validateCommentContent,
  validateCreatePost,
  voteAnswer,
  votePostBody,
  type LocationInput,
} from '@civicpulse/shared';
import type { AppContext } from '../../context.js';
import { badRequest, tooLarge, unsupported } from '../../lib/errors.js';
import { pageQuery } from '../../lib/paging.js';
import { originOf } from '../../lib/urls.js';
import { caller, type Guards } from '../../plugins/auth.js';

interface CreateParts {
  fields: Record<string, string>;
  images: Buffer[];
}

/** Reads the create form: text fields and up to six image files, each within its byte cap. */
async function readCreateForm(request: FastifyRequest): Promise<CreateParts> {
  if (!request.isMultipart()) throw unsupported('Send the report as multipart/form-data');
  const fields: Record<string, string> = {};
  const images: Buffer[] = [];
  try {
    const parts = request.parts({ limits: { fileSize: LIMITS.imageMaxBytes, files: LIMITS.imagesPerPostMax, fields: 20 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'images' && data.length > 0) images.push(data);
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw tooLarge(POST_TEXTS.tooManyImages);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(POST_TEXTS.imageTooLarge);
    throw err;
  }
  return { fields, images };
}

function parseLocation(raw: string | undefined): LocationInput | null {
  if (raw === undefined || raw.trim() === '') return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as LocationInput) : null;
  } catch {
    throw badRequest(POST_TEXTS.invalidLocation);
  }
}

export function postRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const posts = ctx.services.posts;
  const origin = (request: FastifyRequest) => originOf(request, ctx.config.publicUrl);
  const writeLimit = { max: ctx.config.rateLimit.writeMax, timeWindow: ctx.config.rateLimit.windowMs };
  const tags = ['posts'];
  const signedIn = guards.requireAuth();
  const citizen = guards.requireAuth('user');

  r.post(
    '/api/user/createPost',
    { schema: { tags, consumes: ['multipart/form-data'], response: { 201: createPostAnswer } }, onRequest: citizen, config: { rateLimit: writeLimit } },
    async (request, reply) => {
      const { fields, images } = await readCreateForm(request);
      const location = parseLocation(fields.location);
      const problem = validateCreatePost({ caption: fields.caption, imageCount: images.length, location });
      if (problem) throw badRequest(problem);
      const priority = parsePriority(fields.priority);
      if (!priority) throw badRequest(POST_TEXTS.invalidPriority);
      const loc = location!;
      const post = await posts.create(
        caller(request),
        {
          caption: fields.caption!,
          priority,
          location: {
            state: String(loc.state),
            landmark: String(loc.landmark),
            address: String(loc.address),
            pincode: String(loc.pincode),
            lat: Number(loc.coordinates!.lat),
            lng: Number(loc.coordinates!.lng),
          },
          images,
        },
        origin(request),
      );
      return reply.code(201).send({ message: POST_TEXTS.created, post });
    },
  );

  r.get(
    '/api/user/allPosts',
    { schema: { tags, querystring: pageQuery, response: { 200: postListAnswer } }, onRequest: citizen },
    async (request) => {
      const { limit, cursor } = request.query;
      const page = await posts.feed(caller(request), origin(request), cursor, limit);
      return limit === undefined ? { posts: page.items } : { posts: page.items, nextCursor: page.nextCursor };
    },
  );

  r.get(
    '/api/posts/post/:id',
    { schema: { tags, params: z.object({ id: z.string().max(64) }), response: { 200: postAnswer } }, onRequest: signedIn },
    async (request) => ({ post: await posts.get(request.params.id, caller(request), origin(request)) }),
  );

  r.get(
    '/api/user/upvotedPosts',
    { schema: { tags, response: { 200: z.object({ upvotedPosts: z.array(postSchema) }) } }, onRequest: citizen },
    async (request) => ({ upvotedPosts: await posts.voted(caller(request), 'upvote', origin(request)) }),
  );

  r.get(
    '/api/user/downvotedPosts',
    { schema: { tags, response: { 200: z.object({ downvotedPosts: z.array(postSchema) }) } }, onRequest: citizen },
    async (request) => ({ downvotedPosts: await posts.voted(caller(request), 'downvote', origin(request)) }),
  );

  r.put(
    '/api/posts/votePost',
    { schema: { tags, body: votePostBody, response: { 200: voteAnswer } }, onRequest: signedIn },
    async (request) => posts.vote(request.body.postId, caller(request), request.body.type),
  );

  r.post(
    '/api/posts/addComment',
    { schema: { tags, body: addCommentBody, response: { 201: commentAnswer } }, onRequest: signedIn, config: { rateLimit: writeLimit } },
    async (request, reply) => {
      const problem = validateCommentContent(request.body.content, 'comment');
      if (problem) throw badRequest(problem);
      const comment = await posts.addComment(request.body.postId, caller(request), String(request.body.content));
      return reply.code(201).send({ message: POST_TEXTS.commentAdded, comment });
    },
  );

  r.post(
    '/api/posts/addReply',
    { schema: { tags, body: addReplyBody, response: { 201: replyAnswer } }, onRequest: signedIn, config: { rateLimit: writeLimit } },
    async (request, reply) => {
      const problem = validateCommentContent(request.body.content, 'reply');
      if (problem) throw badRequest(problem);
      const saved = await posts.addReply(request.body.postId, request.body.commentId, caller(request), String(request.body.content));
      return reply.code(201).send({ message: POST_TEXTS.replyAdded, reply: saved });
    },
  );

  r.delete(
    '/api/posts/deleteComment',
    { schema: { tags, body: deleteCommentBody, response: { 200: messageAnswer } }, onRequest: signedIn },
    async (request) => {
      await posts.deleteComment(caller(request), request.body);
      return { message: POST_TEXTS.commentDeleted };
    },
  );

  r.delete(
    '/api/posts/deleteReply',
    { schema: { tags, body: deleteReplyBody, response: { 200: messageAnswer } }, onRequest: signedIn },
    async (request) => {
      await posts.deleteReply(caller(request), request.body);
      return { message: POST_TEXTS.replyDeleted };
    },
  );

  r.get(
    '/api/posts/similar',
    { schema: { tags, querystring: similarQuery, response: { 200: z.object({ posts: z.array(postSchema) }) } }, onRequest: signedIn },
    async (request) => {
      const { lat, lng, caption } = request.query;
      return { posts: await posts.similar(caller(request), origin(request), lat, lng, caption ?? '') };
    },
  );
}
