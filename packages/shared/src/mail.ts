/**
 * Email (issue 27 items 3 and 4): the server's answers about verification links, password resets and
 * unsubscribing (ACCOUNT_EMAIL_TEXTS), the emails' own words (MAIL_TEXTS, server only), and the screens
 * that open those links (ACCOUNT_EMAIL_UI, loaded on demand). Each is its own object so the first paint
 * of the app carries none of them; the login page's one link is LOGIN_LINKS_UI. The three the web app
 * shows are defined in mailUi.ts and loginLinksUi.ts, which have no zod (see there), and re-exported here.
 */
import { z } from 'zod';
import { LIMITS } from './constants.js';
import { PRODUCT_NAME } from './constants.js';
import { TEXTS } from './texts.js';
import { EMAIL_PATTERN } from './validation.js';
import { ACCOUNT_EMAIL_TEXTS } from './mailUi.js';

export { ACCOUNT_EMAIL_TEXTS, ACCOUNT_EMAIL_UI } from './mailUi.js';
export { LOGIN_LINKS_UI } from './loginLinksUi.js';

export const ACCOUNT_EMAIL_LIMITS = {
  /** A link's token: 32 random bytes as base64url (43 characters); anything longer is not one of ours. */
  tokenMaxChars: 200,
  /** How long a password reset link works. */
  resetTtlMs: 60 * 60 * 1000,
  /** How long an email verification link works. */
  verifyTtlMs: 7 * 24 * 60 * 60 * 1000,
  /** Reset or verification emails one address (or account) may be sent per hour, whoever asks. */
  linksPerHour: 3,
} as const;

const token = z
  .string({ error: ACCOUNT_EMAIL_TEXTS.tokenMissing })
  .min(1, ACCOUNT_EMAIL_TEXTS.tokenMissing)
  .max(ACCOUNT_EMAIL_LIMITS.tokenMaxChars, ACCOUNT_EMAIL_TEXTS.linkInvalid);

export const forgotPasswordBody = z.object({
  email: z
    .string({ error: TEXTS.validation.invalidEmailAddress })
    .trim()
    .max(LIMITS.emailMaxChars, TEXTS.validation.invalidEmailAddress)
    .regex(EMAIL_PATTERN, TEXTS.validation.invalidEmailAddress),
});
export const resetPasswordBody = z.object({
  token,
  password: z.string({ error: TEXTS.validation.passwordTooShort }).min(LIMITS.passwordMin, TEXTS.validation.passwordTooShort).max(LIMITS.passwordMaxChars),
});
export const verifyEmailBody = z.object({ token });
/** The unsubscribe link's token rides in the query (RFC 8058: the mail client POSTs to the URL as it is). */
export const unsubscribeQuery = z.object({ t: token });

/** The emails' words (server only). `{product}` is the product's name. */
export const MAIL_TEXTS = {
  greeting: (name: string) => `Hello ${name},`,
  verifySubject: `Verify your email address for ${PRODUCT_NAME}`,
  verifyBody: `Please confirm that this is your email address, so ${PRODUCT_NAME} can send you updates on your reports. The link works for seven days.`,
  verifyAction: 'Verify my email address',
  verifyIgnore: 'If you did not create this account, ignore this email.',
  resetSubject: `Set a new ${PRODUCT_NAME} password`,
  resetBody: 'Someone, we hope you, asked to set a new password for your account. The link works for one hour and only once; using it signs out every device.',
  resetAction: 'Set a new password',
  resetIgnore: 'If you did not ask for this, ignore this email: your password stays as it is.',
  inviteSubject: (department: string) => `${department} invites you to ${PRODUCT_NAME}`,
  inviteBody: (department: string, inviter: string) => `${inviter} invited you to handle citizens' reports for ${department} on ${PRODUCT_NAME}. Choose your name and password to join; the link works for seven days.`,
  inviteAction: 'Join the department',
  inviteIgnore: 'If you do not work for this department, ignore this email.',
  openReport: 'Open the report',
  openApp: `Open ${PRODUCT_NAME}`,
  reference: (ref: string) => `Reference ${ref}`,
  digestSubject: (n: number) => (n === 1 ? `${PRODUCT_NAME}: 1 update today` : `${PRODUCT_NAME}: ${n} updates today`),
  digestIntro: 'What happened since your last summary:',
  digestMore: (n: number) => (n === 1 ? '…and 1 more update.' : `…and ${n} more updates.`),
  whyYouGetThis: `You get this email because of your ${PRODUCT_NAME} email settings.`,
  unsubscribe: 'Unsubscribe from these emails',
  settings: 'Email settings',
  automatic: 'This message was sent automatically; replies are not read.',
} as const;
