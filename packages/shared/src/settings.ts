/**
 * Account settings (spec 2.5; issue 12): what notifies an account, the password change, deleting the
 * account, and the account's language. The texts of the Settings screens are in profileUi.ts.
 */
import { z } from 'zod';
import { LIMITS } from './constants.js';
import { TEXTS } from './texts.js';
import { LANGUAGES } from './i18n/languages.js';
import { EMAIL_FREQUENCIES, NOTIFICATION_KINDS, SETTINGS_TEXTS, type EmailFrequency, type NotificationKind } from './settingsTexts.js';

export { EMAIL_DEFAULTS, EMAIL_FREQUENCIES, NOTIFICATION_KINDS, NOTIFICATION_LABELS, SETTINGS_TEXTS, emailPrefsOf, notificationPrefsOf, type EmailFrequency, type EmailPrefs, type NotificationKind, type NotificationPrefs } from './settingsTexts.js';

const password = z.string({ error: TEXTS.validation.passwordTooShort }).min(LIMITS.passwordMin, TEXTS.validation.passwordTooShort).max(LIMITS.passwordMaxChars);

export const changePasswordBody = z.object({
  currentPassword: z.string({ error: SETTINGS_TEXTS.passwordRequired }).min(1, SETTINGS_TEXTS.passwordRequired).max(LIMITS.passwordMaxChars),
  newPassword: password,
});
export const deleteAccountBody = z.object({
  password: z.string({ error: SETTINGS_TEXTS.passwordRequired }).min(1, SETTINGS_TEXTS.passwordRequired).max(LIMITS.passwordMaxChars),
});
const prefsShape = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean()])) as Record<NotificationKind, z.ZodBoolean>;
/** The account's language (issue 17): 'en' | 'hi', null until chosen (the browser's language applies). */
const accountLanguage = z.enum(LANGUAGES, { error: TEXTS.validation.languageInvalid }).nullable();
const emailPrefsShape = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.enum(EMAIL_FREQUENCIES)])) as Record<NotificationKind, z.ZodEnum<{ [F in EmailFrequency]: F }>>;
export const settingsAnswer = z.object({
  notifications: z.object(prefsShape),
  publicFields: z.array(z.string()),
  language: accountLanguage,
  /** Issue 27: how each kind is emailed, and whether the account's address is verified (no update emails until it is). */
  emailPrefs: z.object(emailPrefsShape),
  emailVerified: z.boolean(),
  /** Moderation: while the account is suspended, until when and why (it reads but does not write). */
  suspension: z.object({ until: z.string(), reason: z.string() }).nullable().optional(),
});
export type AccountSettings = z.infer<typeof settingsAnswer>;
export const settingsBody = z.object({
  notifications: z.object(prefsShape).partial().optional(),
  publicFields: z.array(z.string().max(40)).max(20).optional(),
  /** Optional (older clients leave it out: the language stays); null forgets the choice. */
  language: accountLanguage.optional(),
  emailPrefs: z.object(emailPrefsShape).partial().optional(),
});
