/**
 * The links a mailed message opens (issue 27 items 3 and 4): forgot and reset password, verify the
 * address, unsubscribe; and Settings' "Send verification link". Only the pages loaded on demand import
 * this module, so none of it is in a first paint.
 */
import { call } from './client';

/** The calls that need no session send none (a stale token must not end a session here). */
export const accountEmailApi = {
  forgotPassword: (email: string) => call('POST /api/auth/forgot-password', { body: { email }, auth: false }),
  resetPassword: (token: string, password: string) => call('POST /api/auth/reset-password', { body: { token, password }, auth: false }),
  verifyEmail: (token: string) => call('POST /api/auth/verify-email', { body: { token }, auth: false }),
  unsubscribe: (token: string) => call('POST /api/mail/unsubscribe', { query: { t: token }, auth: false }),
  /** Signed in: a fresh verification link to the account's own address. */
  resendVerification: () => call('POST /api/account/verify-email'),
};
