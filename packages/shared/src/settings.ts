/**
 * Account settings (spec 2.5; issue 12): what notifies an account, the password change, deleting the
 * account, and the account's language. The texts of the Settings screens are in profileUi.ts.
 */
import { z } from 'zod';
import { LIMITS } from './constants.js';
import { TEXTS } from './texts.js';
import { LANGUAGES } from './i18n/languages.js';

/** What can notify an account (the live issue sends them); every kind is on until switched off. */
export const NOTIFICATION_KINDS = ['progress', 'verifyRequest', 'comments', 'replies', 'chat', 'serviceLevels', 'newReports', 'areaAlerts', 'following'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_LABELS: Record<NotificationKind, string> = {
  progress: 'A department moves one of my reports',
  verifyRequest: 'A department asks me to confirm a fix',
  comments: 'Someone comments on my report',
  replies: 'Someone replies to my comment',
  chat: 'New messages in Community Chat',
  serviceLevels: 'A report I handle (or oversee) is overdue or escalated',
  newReports: 'A new report is filed in my department\'s jurisdiction',
  areaAlerts: 'A new report is filed inside one of my area alerts',
  following: 'A report I follow moves',
};
export type NotificationPrefs = Record<NotificationKind, boolean>;

/** A stored JSON object of choices, or {} for null, malformed JSON or anything not an object. */
function storedChoices(text: string | null | undefined): Record<string, unknown> {
  try {
    const v: unknown = text ? JSON.parse(text) : {};
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function notificationPrefsOf(text: string | null | undefined): NotificationPrefs {
  const stored = storedChoices(text);
  return Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, stored[k] !== false])) as NotificationPrefs;
}

/**
 * Email per kind of notification (issue 27 item 3): sent right away, gathered into one daily summary,
 * or not at all. Email follows the bell: a kind switched off above is neither shown nor mailed. Only a
 * verified address gets these emails (the verification and password links go to any account's address).
 */
export const EMAIL_FREQUENCIES = ['immediately', 'daily', 'off'] as const;
export type EmailFrequency = (typeof EMAIL_FREQUENCIES)[number];
export type EmailPrefs = Record<NotificationKind, EmailFrequency>;
/** What happens to the reporter's own reports comes at once; conversation and overviews once a day; chat never. */
export const EMAIL_DEFAULTS: EmailPrefs = {
  progress: 'immediately',
  verifyRequest: 'immediately',
  comments: 'daily',
  replies: 'daily',
  chat: 'off',
  serviceLevels: 'immediately',
  newReports: 'daily',
  areaAlerts: 'immediately',
  following: 'daily',
};

export function emailPrefsOf(text: string | null | undefined): EmailPrefs {
  const stored = storedChoices(text);
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((k) => [k, (EMAIL_FREQUENCIES as readonly unknown[]).includes(stored[k]) ? stored[k] : EMAIL_DEFAULTS[k]]),
  ) as EmailPrefs;
}

export const SETTINGS_TEXTS = {
  passwordChanged: 'Password changed. Other devices have been signed out.',
  currentPasswordWrong: 'Current password is incorrect',
  samePassword: 'The new password must differ from the current one',
  settingsSaved: 'Settings saved',
  accountDeleted: 'Your account has been deleted',
  passwordRequired: 'Please enter your password',
} as const;

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
