/** Web Push (issue 27 item 7): the server's public key, and one's own browsers' subscriptions. */
import { messageAnswer } from '../schemas.js';
import { pushKeyAnswer, pushSubscriptionBody, pushUnsubscribeBody } from '../push.js';
import { defineRoute } from './define.js';

export const pushApi = {
  /** The VAPID public key a browser subscribes with (public: it is in every push request anyway). */
  key: defineRoute({ method: 'GET', path: '/api/push/key', answer: { 200: pushKeyAnswer } }),
  subscribe: defineRoute({ method: 'POST', path: '/api/push/subscriptions', body: pushSubscriptionBody, answer: { 201: messageAnswer } }),
  unsubscribe: defineRoute({ method: 'DELETE', path: '/api/push/subscriptions', body: pushUnsubscribeBody, answer: { 200: messageAnswer } }),
};
