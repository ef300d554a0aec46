/**
 * The mail module's rules (issue 27 item 3): one-click unsubscribe. The link's signed scope decides
 * what stops: one kind of update email, or (`digest`) every kind that went into the daily summary.
 * Unsubscribing twice answers the same; a link for an account that is gone answers like a bad link.
 */
import { ACCOUNT_EMAIL_TEXTS, NOTIFICATION_KINDS, emailPrefsOf } from '@civicpulse/shared';
import { badRequest } from '../../lib/errors.js';
import { isoAt, type Clock } from '../../lib/clock.js';
import type { AccountsRepo } from '../accounts/index.js';
import type { UnsubscribeTokens } from './unsubscribe.js';

export class MailService {
  constructor(
    private readonly accounts: AccountsRepo,
    private readonly tokens: UnsubscribeTokens,
    private readonly clock: Clock,
  ) {}

  async unsubscribe(token: string): Promise<void> {
    const claim = this.tokens.verify(token);
    const account = claim ? await this.accounts.findById(claim.accountId) : undefined;
    if (!claim || !account) throw badRequest(ACCOUNT_EMAIL_TEXTS.linkInvalid);
    const prefs = emailPrefsOf(account.email_prefs);
    if (claim.scope === 'digest') {
      for (const k of NOTIFICATION_KINDS) if (prefs[k] === 'daily') prefs[k] = 'off';
    } else prefs[claim.scope] = 'off';
    await this.accounts.update(account.id, { email_prefs: JSON.stringify(prefs), updated_at: isoAt(this.clock.now()) });
  }
}
