/**
 * What can notify an account, how those choices are stored, and the settings' texts (see settings.ts for
 * the request and answer schemas). No zod here: the texts' Hindi (i18n/hi) and the push settings load
 * these without the schemas.
 */

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
