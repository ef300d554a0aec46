/** Email links that need no session (issue 27 item 3). */
import { messageAnswer } from '../schemas.js';
import { unsubscribeQuery } from '../mail.js';
import { defineRoute } from './define.js';

export const mailApi = {
  /**
   * One-click unsubscribe (RFC 8058): the List-Unsubscribe URL of every update email. Mail clients POST
   * `List-Unsubscribe=One-Click` as a form; the unsubscribe page POSTs with no body. The signed token
   * names the account and the kind of email.
   */
  unsubscribe: defineRoute({ method: 'POST', path: '/api/mail/unsubscribe', query: unsubscribeQuery, answer: { 200: messageAnswer } }),
};
