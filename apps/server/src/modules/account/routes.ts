import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SETTINGS_TEXTS, changePasswordBody, deleteAccountBody, messageAnswer, settingsAnswer, settingsBody } from '@civicpulse/shared';
import type { AppContext } from '../../context.js';
import { fileUrl, originOf } from '../../lib/urls.js';
import { caller, type Guards } from '../../plugins/auth.js';
import { writeRateLimit } from '../../plugins/rateLimits.js';
import { presentCitizenProfile, presentGovernmentProfile } from '../profiles/presenter.js';

/** Settings of one's own account (issue 12 item 5), for every signed-in role. */
export function accountRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = guards.requireAuth();
  const limited = writeRateLimit(ctx.config);
  // Password checks are scrypt runs: counted like logins.
  const passwordLimited = { rateLimit: { max: ctx.config.rateLimit.authMax, timeWindow: ctx.config.rateLimit.windowMs } };
  const service = ctx.services.account;
  const tags = ['account'];

  r.get('/api/account/settings', { schema: { tags, response: { 200: settingsAnswer } }, onRequest: signedIn }, async (request) =>
    service.settings(caller(request)),
  );

  r.put(
    '/api/account/settings',
    { schema: { tags, body: settingsBody, response: { 200: settingsAnswer.extend({ message: z.string() }) } }, onRequest: signedIn, config: limited },
    async (request) => ({ message: SETTINGS_TEXTS.settingsSaved, ...(await service.saveSettings(caller(request), request.body)) }),
  );

  r.put(
    '/api/account/password',
    { schema: { tags, body: changePasswordBody, response: { 200: z.object({ message: z.string(), token: z.string() }) } }, onRequest: signedIn, config: passwordLimited },
    async (request) => {
      const account = await service.changePassword(caller(request), request.body.currentPassword, request.body.newPassword);
      const token = await ctx.services.auth.tokenFor(account, fileUrl(originOf(request, ctx.config.publicUrl), account.profile_photo));
      return { message: SETTINGS_TEXTS.passwordChanged, token };
    },
  );

  r.delete(
    '/api/account',
    { schema: { tags, body: deleteAccountBody, response: { 200: messageAnswer } }, onRequest: signedIn, config: passwordLimited },
    async (request) => {
      await service.deleteSelf(caller(request), request.body.password);
      return { message: SETTINGS_TEXTS.accountDeleted };
    },
  );

  r.get('/api/account/export', { schema: { tags }, onRequest: signedIn }, async (request, reply) => {
    const me = caller(request);
    const origin = originOf(request, ctx.config.publicUrl);
    const profile = me.role === 'government' ? presentGovernmentProfile(me, me, origin) : me.role === 'user' ? presentCitizenProfile(me, me, origin) : { _id: me.id, name: me.name, email: me.email, role: me.role };
    return reply
      .type('application/json; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="civicpulse-my-data.json"')
      .send(Readable.from(service.exportData(me, profile)));
  });
}
