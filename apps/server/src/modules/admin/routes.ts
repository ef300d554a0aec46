import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { POST_TEXTS, TEXTS, idParam, listQuery, messageAnswer, parsePriorityFilter, parseSort, postListAnswer } from '@civicpulse/shared';
import { badRequest } from '../../lib/errors.js';
import { originOf } from '../../lib/urls.js';
import { caller } from '../../plugins/auth.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/ids.js';
import type { Guards } from '../../plugins/auth.js';
import { pagingOf } from '../posts/presenter.js';

export function adminRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = guards.requireAuth('admin');

  r.get(
    '/api/admin/allPosts',
    { schema: { tags: ['admin'], querystring: listQuery, response: { 200: postListAnswer } }, onRequest: admin },
    async (request) => {
      const q = request.query;
      const sort = parseSort(q.sort);
      if (!sort) throw badRequest(POST_TEXTS.invalidSort);
      // The admin screen's filter speaks low/medium/high/urgent (spec 2.10); both readings are accepted.
      const priority = parsePriorityFilter(q.priority);
      if (priority === null) throw badRequest(POST_TEXTS.invalidPriority);
      const me = caller(request);
      const page = await ctx.services.posts.list(
        { priority },
        { sort, cursor: q.cursor, limit: q.limit, shape: q.shape },
        me.id,
        originOf(request, ctx.config.publicUrl),
      );
      return { posts: page.items, ...pagingOf(page, q.limit !== undefined) };
    },
  );

  r.put(
    '/api/admin/verifyGovernment/:id',
    { schema: { tags: ['admin'], params: idParam, response: { 200: messageAnswer } }, onRequest: admin },
    async (request) => {
      const account = await ctx.repos.accounts.findById(request.params.id);
      if (!account || account.role !== 'government') throw notFound(TEXTS.http.governmentNotFound);
      await ctx.repos.accounts.update(account.id, { is_verified: 1, updated_at: nowIso() });
      return { message: TEXTS.success.governmentVerified };
    },
  );
}
