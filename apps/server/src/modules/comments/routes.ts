import type { FastifyInstance } from 'fastify';
import { API, POST_TEXTS } from '@civicpulse/shared';
import type { Config } from '../../config.js';
import { route } from '../../lib/route.js';
import { caller, type Guards } from '../../plugins/auth.js';
import { writeRateLimit } from '../../plugins/rateLimits.js';
import type { CommentsService } from './service.js';

/** What the comments routes are given (see lib/module.ts). */
export interface CommentsDeps {
  comments: CommentsService;
  config: Config;
  guards: Guards;
}

export function commentRoutes(app: FastifyInstance, deps: CommentsDeps): void {
  const { comments } = deps;
  const tags = ['posts'];
  const signedIn = deps.guards.requireAuth();
  const limited = writeRateLimit(deps.config);

  route(
    app,
    API.posts.comments,
    { schema: { tags }, onRequest: signedIn },
    async (request) => {
      const page = await comments.commentPage(request.params.id, request.query);
      return { comments: page.items, nextCursor: page.nextCursor };
    },
  );

  route(
    app,
    API.posts.replies,
    { schema: { tags }, onRequest: signedIn },
    async (request) => {
      const page = await comments.replyPage(request.params.id, request.params.commentId, request.query);
      return { replies: page.items, nextCursor: page.nextCursor };
    },
  );

  route(
    app,
    API.posts.addComment,
    { schema: { tags }, onRequest: signedIn, config: limited },
    async (request, reply) => {
      const comment = await comments.addComment(request.body.postId, caller(request), request.body.content);
      return reply.code(201).send({ message: POST_TEXTS.commentAdded, comment });
    },
  );

  route(
    app,
    API.posts.addReply,
    { schema: { tags }, onRequest: signedIn, config: limited },
    async (request, reply) => {
      const saved = await comments.addReply(request.body.postId, request.body.commentId, caller(request), request.body.content);
      return reply.code(201).send({ message: POST_TEXTS.replyAdded, reply: saved });
    },
  );

  route(
    app,
    API.posts.deleteComment,
    { schema: { tags }, onRequest: signedIn, config: limited },
    async (request) => {
      await comments.deleteComment(caller(request), request.body);
      return { message: POST_TEXTS.commentDeleted };
    },
  );

  route(
    app,
    API.posts.deleteReply,
    { schema: { tags }, onRequest: signedIn, config: limited },
    async (request) => {
      await comments.deleteReply(caller(request), request.body);
      return { message: POST_TEXTS.replyDeleted };
    },
  );
}
