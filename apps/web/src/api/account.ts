/**
 * One's own account (issue 12 item 5): the settings' cache key. The session (the account's language)
 * and the live connection (chat toasts) read the settings on every signed-in page, so this module is
 * in the first paint and holds nothing else; the Settings screen's calls are in accountSettings.ts.
 */
export const accountKeys = { settings: () => ['account', 'settings'] as const };
