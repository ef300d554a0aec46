/** The mail module's public face: what other modules and the composition root (app.ts, context.ts) may use. */
import { defineModule } from '../../lib/module.js';
import { mailRoutes, type MailDeps } from './routes.js';

export { MailService } from './service.js';
export { MailRepo } from './repo.js';
export { MailSender, backoffMs, type MailSenderOptions, type SendRound } from './sender.js';
export { createMailTransport, type MailTransport, type OutgoingMail } from './transport.js';
export { UnsubscribeTokens, type UnsubscribeScope } from './unsubscribe.js';
export type { MailDeps };

export const mailModule = defineModule<MailDeps>({
  name: 'mail',
  needs: { mail: true, config: true },
  register: mailRoutes,
});
