/**
 * One-click unsubscribe links (issue 27 item 3, RFC 8058): `<account>.<scope>.<mac>`, an HMAC-SHA256
 * of the account and the scope under the server's signing secret. Stateless and lasting: a link in an
 * old email still works, and only our server can make one. The scope is a notification kind (that
 * kind's emails stop) or `digest` (every kind sent in the daily summary stops).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '@civicpulse/shared';

export type UnsubscribeScope = NotificationKind | 'digest';

const SCOPES: readonly string[] = [...NOTIFICATION_KINDS, 'digest'];

export class UnsubscribeTokens {
  constructor(private readonly secret: string) {}

  private mac(accountId: string, scope: string): Buffer {
    return createHmac('sha256', this.secret).update(`civicpulse-unsubscribe:${accountId}:${scope}`).digest().subarray(0, 24);
  }

  sign(accountId: string, scope: UnsubscribeScope): string {
    return `${accountId}.${scope}.${this.mac(accountId, scope).toString('base64url')}`;
  }

  verify(token: string): { accountId: string; scope: UnsubscribeScope } | null {
    const [accountId, scope, mac, extra] = token.split('.');
    if (!accountId || !scope || !mac || extra !== undefined || !SCOPES.includes(scope) || !/^[0-9a-f]{1,64}$/.test(accountId)) return null;
    const given = Buffer.from(mac, 'base64url');
    const expected = this.mac(accountId, scope);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { accountId, scope: scope as UnsubscribeScope };
  }
}
