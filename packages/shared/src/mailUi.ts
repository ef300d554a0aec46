/**
 * The words of issue 27's screens, without zod (mail.ts holds the request schemas): a module the web
 * app takes a value from is bundled whole, zod calls included, so these texts from mail.ts would bring
 * zod (about 25 KB gzip) into every screen that shows them, and into the first paint of /login for its
 * one link (over its budget). The link has a module of its own (loginLinksUi.ts), so /login carries none
 * of the texts below. mail.ts re-exports all three objects; the server and the Hindi twins
 * (i18n/hi/mail.ts) use them from there.
 */

/** The server's answers (localized by Accept-Language like every other message). */
export const ACCOUNT_EMAIL_TEXTS = {
  /** The same answer whether or not an account uses the address, and whether or not a mail was sent. */
  resetSent: 'If an account uses that email address, we have sent it a link to set a new password. The link works for one hour.',
  passwordReset: 'Your password has been changed and every device has been signed out. Please log in with the new password.',
  linkInvalid: 'This link is invalid, already used or expired. Please ask for a new one.',
  tokenMissing: 'The link is incomplete. Please open it again from the email.',
  emailVerified: 'Thank you: your email address is verified.',
  verificationSent: 'We have sent a verification link to your email address.',
  alreadyVerified: 'Your email address is already verified.',
  unsubscribed: 'You will no longer get these emails. You can turn them on again in Settings.',
} as const;

/** The screens a mailed link opens, and Settings' email section (all loaded on demand). */
export const ACCOUNT_EMAIL_UI = {
  forgotHeading: 'Reset your password',
  forgotIntro: 'Enter the email address of your account. We will send you a link to set a new password.',
  emailLabel: 'Email address',
  sendLink: 'Send reset link',
  sending: 'Sending…',
  backToLogin: 'Back to login',
  resetHeading: 'Set a new password',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  savePassword: 'Set new password',
  saving: 'Saving…',
  passwordsDiffer: 'Passwords do not match',
  askAgain: 'Ask for a new link',
  verifyHeading: 'Verify your email address',
  verifying: 'Verifying your email address…',
  continue: 'Continue',
  unsubscribeHeading: 'Unsubscribe',
  unsubscribeIntro: 'Stop getting these CivicPulse emails? You can turn them on again in Settings at any time.',
  unsubscribeButton: 'Unsubscribe',
  emailHeading: 'Email',
  emailIntro: 'How each kind of update reaches your inbox. Kinds switched off above are not emailed either.',
  verifiedYes: 'Your email address is verified.',
  verifiedNo: 'Your email address is not verified yet: we send no update emails until it is.',
  resend: 'Send verification link',
  frequencies: { immediately: 'Right away', daily: 'Daily summary', off: 'Off' },
} as const;
