/**
 * Web Push's rules (issue 27 item 7): a browser's subscription is accepted only for a push service the
 * operator allows (PUSH_ENDPOINT_HOSTS: host suffixes, over https), so a subscription cannot make the
 * server POST to an address inside its own network; at most PUSH_LIMITS.perAccount per account.
 */
import { PUSH_LIMITS, PUSH_TEXTS, TEXTS } from '@civicpulse/shared';
import { badRequest, conflict, unauthorized } from '../../lib/errors.js';
import { isoAt, type Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { authorize } from '../../policies/index.js';
import type { AccountRow } from '../../db/rows.js';
import type { PushRepo } from './repo.js';

export interface EndpointRules {
  /** Host suffixes reachable over https. */
  hosts: string[];
}

export function endpointAllowed(endpoint: string, rules: EndpointRules): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return url.protocol === 'https:' && rules.hosts.some((h) => host === h || host.endsWith(`.${h}`));
}

export class PushService {
  constructor(
    private readonly repo: PushRepo,
    private readonly rules: EndpointRules,
    private readonly publicKey: string,
    private readonly clock: Clock,
  ) {}

  key(): string {
    return this.publicKey;
  }

  async subscribe(me: AccountRow, input: { endpoint: string; keys: { p256dh: string; auth: string } }): Promise<void> {
    authorize(me, 'push.subscribe');
    if (!endpointAllowed(input.endpoint, this.rules)) throw badRequest(PUSH_TEXTS.endpointRefused);
    const stored = await this.repo.upsert(
      { id: newId(), account_id: me.id, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, created_at: isoAt(this.clock.now()) },
      PUSH_LIMITS.perAccount,
    );
    if (stored === 'gone') throw unauthorized(TEXTS.auth.tokenInvalid);
    if (stored === 'full') throw conflict(PUSH_TEXTS.tooMany);
  }

  async unsubscribe(me: AccountRow, endpoint: string): Promise<void> {
    authorize(me, 'push.subscribe');
    await this.repo.remove(me.id, endpoint);
  }
}
