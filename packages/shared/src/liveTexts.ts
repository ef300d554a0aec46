/**
 * The live connection's, Community Chat's and the notifications' texts and the chat's limits (see
 * live.ts for the events and the schemas). No zod here: the notification panel's texts and their Hindi
 * (i18n/hi) load these without the schemas.
 */
import { TEXTS } from './texts.js';

/** The error a refused handshake carries (`connect_error`, `err.message`). */
export const LIVE_TEXTS = {
  unauthorized: 'Unauthorized: please sign in again',
  chatCitizensOnly: 'Community Chat is for citizens',
  tooManyWatched: 'Too many posts watched at once',
  badPayload: 'Invalid message',
  /** A handshake over LIVE_LIMITS.socketsPerAccount (issue 25). */
  tooManyForAccount: 'Too many live connections for this account',
  /** A handshake over LIVE_LIMITS.socketsPerAddress (issue 25). */
  tooManyFromAddress: 'Too many live connections from this address',
} as const;

export const CHAT_LIMITS = {
  msgMaxChars: 2000,
  /** GET /api/user/getMessage without `limit` answers this many, the newest. */
  pageDefault: 50,
  pageMax: 100,
} as const;

export const CHAT_TEXTS = {
  heading: 'Community Chat',
  placeholder: 'Type a message... (Shift+Enter for new line)',
  send: 'Send',
  you: 'You',
  failed: 'Failed to send message',
  sent: 'Message sent',
  empty: 'Message cannot be empty',
  tooLong: `Message must be at most ${CHAT_LIMITS.msgMaxChars} characters`,
  noMessages: 'No messages yet. Say hello to your neighbours!',
  loadingOlder: 'Loading older messages…',
  beginning: 'This is the beginning of Community Chat.',
  newMessages: 'New messages',
  messageList: 'Messages',
  messageLabel: 'Message',
} as const;

export const NOTIFICATION_TEXTS = {
  heading: 'Notifications',
  /** Spec 2.2's empty state, kept once in TEXTS. */
  empty: TEXTS.empty.notifications,
  markAllRead: 'Mark all as read',
  marked: 'Notifications marked as read',
  loadMore: 'Load more',
  failed: 'Failed to load notifications',
  /** A grouped item (GROUPED_NOTIFICATION_TYPES): how many moves it stands for. */
  updates: (n: number) => `${n} updates`,
} as const;
