import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, messageAnswer } from '@civicpulse/shared';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { nowIso } from '../../lib/ids.js';
import type { Guards } from '../../plugins/auth.js';

export const ADMIN_TEXTS = {
  governmentVerified: 'Government account verified',
  governmentNotFound: 'Government account not found',
} as const;

export function adminRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = guards.requireAuth('admin');

  r.put(
    '/api/admin/verifyGovernment/:id',
    { schema: { tags: ['admin'], params: idParam, response: { 200: messageAnswer } }, onRequest: admin },
    async (request) => {
      const account = await ctx.repos.accounts.findById(request.params.id);
      if (!account || account.role !== 'government') throw notFound(ADMIN_TEXTS.governmentNotFound);
      await ctx.repos.accounts.update(account.id, { is_verified: 1, updated_at: nowIso() });
      return { message: ADMIN_TEXTS.governmentVerified };
    },
  );
}
