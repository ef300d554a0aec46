/** Web Push (issue 27 item 7): the subscription a browser sends, as the Push API gives it. */
import { z } from 'zod';
import { PUSH_LIMITS, PUSH_TEXTS } from './pushUi.js';

const base64url = z.string({ error: PUSH_TEXTS.keysInvalid }).min(1, PUSH_TEXTS.keysInvalid).max(PUSH_LIMITS.keyMaxChars, PUSH_TEXTS.keysInvalid).regex(/^[A-Za-z0-9_-]+=*$/, PUSH_TEXTS.keysInvalid);
const endpoint = z.string({ error: PUSH_TEXTS.endpointRefused }).min(1, PUSH_TEXTS.endpointRefused).max(PUSH_LIMITS.endpointMaxChars, PUSH_TEXTS.endpointRefused);

/** PushSubscription.toJSON(): `{ endpoint, expirationTime, keys: { p256dh, auth } }`. */
export const pushSubscriptionBody = z.object({
  endpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url, auth: base64url }, { error: PUSH_TEXTS.keysInvalid }),
});
export const pushUnsubscribeBody = z.object({ endpoint });
export const pushKeyAnswer = z.object({ publicKey: z.string() });
