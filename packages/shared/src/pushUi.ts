/**
 * Web Push (issue 27 item 7): notifications on a person's devices through their browser's push
 * service, for the same events as the bell. Texts and limits without zod (Settings loads them); the
 * request schemas are in push.ts.
 */
export const PUSH_LIMITS = {
  /** Browsers (subscriptions) one account may register. */
  perAccount: 10,
  endpointMaxChars: 1000,
  keyMaxChars: 200,
} as const;

/** The server's answers. */
export const PUSH_TEXTS = {
  subscribed: 'Notifications are on for this browser.',
  unsubscribed: 'Notifications are off for this browser.',
  endpointRefused: 'This browser\'s push service is not one CivicPulse sends to.',
  keysInvalid: 'The browser sent an incomplete push subscription. Please try again.',
  tooMany: 'Notifications are on for 10 browsers already. Turn them off on one first.',
} as const;

/** Settings' section (loaded on demand). */
export const PUSH_UI = {
  heading: 'Notifications on this device',
  intro: 'Your browser shows CivicPulse notifications even when the site is closed, for the kinds switched on above.',
  turnOn: 'Turn on for this browser',
  turnOff: 'Turn off for this browser',
  working: 'Please wait…',
  on: 'On for this browser.',
  off: 'Off for this browser.',
  unsupported: 'This browser cannot show notifications from websites.',
  blocked: 'Notifications are blocked for CivicPulse in this browser\'s site settings.',
  failed: 'Could not change notifications for this browser. Please try again.',
} as const;
