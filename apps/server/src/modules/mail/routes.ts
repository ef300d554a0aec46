import type { FastifyInstance } from 'fastify';
import { ACCOUNT_EMAIL_TEXTS, API } from '@civicpulse/shared';
import { route } from '../../lib/route.js';
import type { Config } from '../../config.js';
import type { MailService } from './service.js';

/** What the mail routes are given (see lib/module.ts). */
export interface MailDeps {
  mail: MailService;
  config: Config;
}

export async function mailRoutes(app: FastifyInstance, deps: MailDeps): Promise<void> {
  const rateLimit = { max: deps.config.rateLimit.authMax, timeWindow: deps.config.rateLimit.windowMs };
  // RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click` as a form. Only this route takes a
  // form body (read and ignored: the signed token in the URL says everything), in its own scope.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) => done(null, undefined));
    route(scope, API.mail.unsubscribe, { schema: { tags: ['mail'] }, config: { rateLimit } }, async (request) => {
      await deps.mail.unsubscribe(request.query.t);
      return { message: ACCOUNT_EMAIL_TEXTS.unsubscribed };
    });
  });
}
