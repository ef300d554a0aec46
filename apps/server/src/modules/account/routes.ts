import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { API, SETTINGS_TEXTS } from '@civicpulse/shared';
import { route } from '../../lib/route.js';
import { fileUrl, originOf } from '../../lib/urls.js';
import { caller, type Guards } from '../../plugins/auth.js';
import { writeRateLimit } from '../../plugins/rateLimits.js';
import { presentCitizenProfile, presentGovernmentProfile } from '../profiles/index.js';

import type { AccountService } from './service.js';
import type { AuthService } from '../auth/index.js';
import type { Config } from '../../config.js';

/** What the account routes are given (see lib/module.ts). */
export interface AccountDeps {
  account: AccountService;
  auth: AuthService;
  config: Config;
  guards: Guards;
}

/** Settings of one's own account (issue 12 item 5), for every signed-in role. */
export function accountRoutes(app: FastifyInstance, deps: AccountDeps): void {
  const signedIn = deps.guards.requireAuth();
  const limited = writeRateLimit(deps.config);
  // Password checks are scrypt runs: counted like logins.
  const passwordLimited = { rateLimit: { max: deps.config.rateLimit.authMax, timeWindow: deps.config.rateLimit.windowMs } };
  const service = deps.account;
  const tags = ['account'];

  route(app, API.account.settings, { schema: { tags }, onRequest: signedIn }, async (request) =>
    service.settings(caller(request)),
  );

  route(
    app,
    API.account.saveSettings,
    { schema: { tags }, onRequest: signedIn, config: limited },
    async (request) => ({ message: SETTINGS_TEXTS.settingsSaved, ...(await service.saveSettings(caller(request), request.body)) }),
  );

  route(
    app,
    API.account.changePassword,
    { schema: { tags }, onRequest: signedIn, config: passwordLimited },
    async (request) => {
      const account = await service.changePassword(caller(request), request.body.currentPassword, request.body.newPassword);
      const token = await deps.auth.tokenFor(account, fileUrl(originOf(request, deps.config.publicUrl), account.profile_photo));
      return { message: SETTINGS_TEXTS.passwordChanged, token };
    },
  );

  route(
    app,
    API.account.delete,
    { schema: { tags }, onRequest: signedIn, config: passwordLimited },
    async (request) => {
      await service.deleteSelf(caller(request), request.body.password);
      return { message: SETTINGS_TEXTS.accountDeleted };
    },
  );

  route(app, API.account.export, { schema: { tags }, onRequest: signedIn }, async (request, reply) => {
    const me = caller(request);
    const origin = originOf(request, deps.config.publicUrl);
    const profile = me.role === 'government' ? presentGovernmentProfile(me, me, origin) : me.role === 'user' ? presentCitizenProfile(me, me, origin) : { _id: me.id, name: me.name, email: me.email, role: me.role };
    return reply
      .type('application/json; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="civicpulse-my-data.json"')
      .send(Readable.from(service.exportData(me, profile)));
  });
}
