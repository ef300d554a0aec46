/**
 * The live connection (issue 13, API-CONTRACT "Live connection"): one typed event map for the
 * server and every client, the room names, the community chat and the notifications: their wire
 * shapes, texts, limits and request schemas. The spec's own names (`send_message`,
 * `receive_message`) are kept; the rest are additions documented in docs/api.md "Live connection".
 */
import { z } from 'zod';
import type { PostComment } from './posts.js';
import type { CurrentState, ProgressState } from './progress.js';
import type { Role } from './constants.js';
import type { Language } from './i18n/languages.js';
import type { NotificationKind } from './settings.js';
import type { Localized } from './i18n/localized.js';
import type { chatMessageSchema } from './contract/chat.js';
import type { notificationSchema } from './contract/notifications.js';
import { CHAT_LIMITS, CHAT_TEXTS } from './liveTexts.js';

export { CHAT_LIMITS, CHAT_TEXTS, LIVE_TEXTS, NOTIFICATION_TEXTS } from './liveTexts.js';

// ---- connection ----

/** Spec 9: timeout 20000 ms, reconnect delay 1000 ms up to 5000 ms, randomization 0.5, unlimited attempts. */
export const LIVE_DEFAULTS = {
  path: '/socket.io',
  timeout: 20_000,
  reconnection: true,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Infinity,
  /**
   * WebSocket first: behind a load balancer without sticky sessions HTTP long-polling cannot work
   * (each poll may reach another process), so it is only the fallback where WebSocket is blocked.
   */
  transports: ['websocket', 'polling'] as Array<'websocket' | 'polling'>,
} as const;

export const LIVE_EVENTS = {
  /** Client → server: a chat message as text (or the spec client's already-saved message: ignored, never sent twice). */
  sendMessage: 'send_message',
  /** Server → signed-in citizens: a saved ChatMessage. */
  receiveMessage: 'receive_message',
  /** Server → `user:<id>`: a new notification for that account. */
  notification: 'notification',
  /** Server → `post:<id>`: the post's counts or state changed. */
  postUpdate: 'post_update',
  /** Client → server: join the rooms of these posts (cards or the post page on screen). */
  watchPosts: 'watch_posts',
  /** Client → server: leave them. */
  unwatchPosts: 'unwatch_posts',
} as const;

/** Room names. Only the server joins sockets to rooms, from the account the token names. */
export const ROOMS = {
  user: (id: string) => `user:${id}`,
  role: (role: Role) => `role:${role}`,
  post: (id: string) => `post:${id}`,
} as const;

export const LIVE_LIMITS = {
  /** A client may watch at most this many posts at once (a long feed page is 500 cards at most). */
  watchedPostsMax: 600,
  /**
   * Open connections per account (issue 25: one account opened 500). The web app holds one per tab,
   * so a person with a few tabs on a few devices stays far below; a further handshake is refused with
   * LIVE_TEXTS.tooManyForAccount. Counted across every process when REDIS_URL is set. The server's
   * LIVE_SOCKETS_PER_ACCOUNT overrides it.
   */
  socketsPerAccount: 20,
  /**
   * Open connections per client address (the proxy's X-Forwarded-For with TRUST_PROXY, as HTTP rate
   * limits read it): room for a household or an office behind one NAT, not for one machine holding
   * thousands. LIVE_SOCKETS_PER_ADDRESS overrides it.
   */
  socketsPerAddress: 100,
} as const;

export interface PostUpdate {
  postId: string;
  reason: 'vote' | 'comment' | 'reply' | 'commentDeleted' | 'progress' | 'edit' | 'deleted';
  upvoteCount: number;
  downvoteCount: number;
  commentCount: number;
  progressState: ProgressState;
  currentState: CurrentState;
  assignedGovernment: string | null;
  /** A new top-level comment (reason 'comment'), so cards showing the first few can add it. */
  comment?: PostComment;
}

export interface WatchAck {
  ok: boolean;
  watching?: number;
  message?: string;
  /** watch_posts: the asked-for ids that name no post (none joined); absent when every id did. */
  unknown?: string[];
}

export interface SendAck {
  ok: boolean;
  /** The saved message (new text), or the one the payload named (already saved: not sent again). */
  data?: ChatMessage;
  duplicate?: boolean;
  message?: string;
}

export interface ServerToClientEvents {
  receive_message: (message: ChatMessage) => void;
  notification: (notification: NotificationItem) => void;
  post_update: (update: PostUpdate) => void;
}

export type SendMessagePayload = string | { msg?: unknown; _id?: unknown; [key: string]: unknown };

export interface ClientToServerEvents {
  send_message: (payload: SendMessagePayload, ack?: (answer: SendAck) => void) => void;
  watch_posts: (postIds: string[], ack?: (answer: WatchAck) => void) => void;
  unwatch_posts: (postIds: string[], ack?: (answer: WatchAck) => void) => void;
}

// ---- community chat (spec 2.14, 3, 5, 7) ----

/** Spec 3 "Chat message", plus `_id` (history paging, dedupe); its schema is the route contract's. */
export type ChatMessage = z.infer<typeof chatMessageSchema>;

const msgText = z
  .string({ error: CHAT_TEXTS.empty })
  .max(CHAT_LIMITS.msgMaxChars, CHAT_TEXTS.tooLong)
  .refine((s) => s.trim().length > 0, CHAT_TEXTS.empty);

export const sendMessageBody = z.object({ msg: msgText });

/**
 * Empty or whitespace-only messages are not sent (spec 5); the same rule on the server and in the box.
 * `texts` is CHAT_TEXTS in the reader's language (issue 17; English by default).
 */
export function chatMessageProblem(text: unknown, texts: Localized<typeof CHAT_TEXTS> = CHAT_TEXTS): string | null {
  const r = msgText.safeParse(text);
  if (r.success) return null;
  return r.error.issues[0]?.message === CHAT_TEXTS.tooLong ? texts.tooLong : texts.empty;
}

const idParam = z.string().regex(/^[0-9a-f]{24}$/, 'Invalid cursor');
const pageLimit = (max: number) => z.coerce.number().int().min(1).max(max);

/** `before` pages older history; `after` catches up after a reconnect (both newest first). */
export const getMessagesQuery = z.object({
  before: idParam.optional(),
  after: idParam.optional(),
  limit: pageLimit(CHAT_LIMITS.pageMax).optional(),
});

// ---- notifications (spec 2.2 look; real, stored per recipient) ----

export const NOTIFICATION_TYPES = [
  'comment',
  'reply',
  'takenOver',
  'progress',
  'released',
  'verifyRequest',
  'fixConfirmed',
  'fixRejected',
  'deptComment',
  'accountVerified',
  'accountRevoked',
  'overdue',
  'escalated',
  'newReport',
  'areaAlert',
  'followUpdate',
  /** Department teams: a head assigned a report to this member. */
  'assigned',
  /** Department teams: a report moved to another department (the reporter; the receiving department). */
  'transferred',
  'transferredIn',
  /** Appeals: the department head hears of one; the reporter of its answer. */
  'appealed',
  'appealAnswered',
  /** Duplicates: the reporter of a report marked as a duplicate of another, and of the mark's reversal. */
  'duplicate',
  'notDuplicate',
  /** Moderation: the author of hidden content (why; they may ask for a review), its restoration, a suspension. */
  'contentHidden',
  'contentRestored',
  'accountSuspended',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Which setting (Settings → Notifications) switches a type off; null: always delivered (account status). */
export const NOTIFICATION_PREF: Record<NotificationType, NotificationKind | null> = {
  comment: 'comments',
  reply: 'replies',
  takenOver: 'progress',
  progress: 'progress',
  released: 'progress',
  verifyRequest: 'verifyRequest',
  fixConfirmed: 'progress',
  fixRejected: 'progress',
  deptComment: 'comments',
  accountVerified: null,
  accountRevoked: null,
  overdue: 'serviceLevels',
  escalated: 'serviceLevels',
  newReport: 'newReports',
  areaAlert: 'areaAlerts',
  followUpdate: 'following',
  assigned: 'progress',
  transferred: 'progress',
  transferredIn: 'newReports',
  appealed: 'progress',
  appealAnswered: 'progress',
  duplicate: 'progress',
  notDuplicate: 'progress',
  contentHidden: null,
  contentRestored: null,
  accountSuspended: null,
};

/**
 * Grouped bell items: the moves of one report's lifecycle (taken over, progress, released, verify
 * request, fix confirmed or rejected, transferred, a followed report's update) that reach one person
 * within NOTIFICATION_GROUP_WINDOW_MS of that item's last update become ONE item, updated in place: the
 * latest move's title and message, `count` moves in all, unread again and on top of the list. A move
 * after the window starts a new item. Other kinds (comments, account notices) are never grouped.
 */
export const NOTIFICATION_GROUP_WINDOW_MS = 10 * 60_000;
export const GROUPED_NOTIFICATION_TYPES: readonly NotificationType[] = [
  'takenOver',
  'progress',
  'released',
  'verifyRequest',
  'fixConfirmed',
  'fixRejected',
  'transferred',
  'followUpdate',
];

export const NOTIFICATION_LIMITS = { pageDefault: 20, pageMax: 50, readIdsMax: 100 } as const;

/**
 * Spec 3 "Notification" {id, title, message, isRead}, plus what the bell shows: the kind (its icon),
 * the post it is about (a link) and when.
 */
export type NotificationItem = z.infer<typeof notificationSchema> & {
  /**
   * Issue 17, live pushes only: the title and message in the other languages (the push goes to every
   * tab of the account, whatever each one reads). A list answer is already in the request's
   * Accept-Language and carries none.
   */
  translations?: Partial<Record<Language, { title: string; message: string }>>;
};

export interface NotificationsPage {
  notifications: NotificationItem[];
  unreadCount: number;
  nextCursor: string | null;
}

export interface NotificationFacts {
  actorName: string;
  /** The post's caption (shortened), when the notification is about a post. */
  caption: string;
  /** The progress state the post moved to, for progress kinds. */
  toState: string | null;
  reason: string | null;
}

const quote = (caption: string) => (caption ? `"${caption}"` : 'your report');

/** The title and message people read, from the stored facts (one place, so a later translation changes them all). */
export function notificationText(type: NotificationType, f: NotificationFacts): { title: string; message: string } {
  switch (type) {
    case 'comment':
      return { title: 'New comment', message: `${f.actorName} commented on your report ${quote(f.caption)}` };
    case 'reply':
      return { title: 'New reply', message: `${f.actorName} replied to your comment on ${quote(f.caption)}` };
    case 'takenOver':
      return { title: 'Report taken over', message: `${f.actorName} took over your report ${quote(f.caption)}` };
    case 'progress':
      return { title: 'Progress update', message: `${f.actorName} moved your report ${quote(f.caption)} to ${f.toState ?? ''}` };
    case 'released':
      return { title: 'Report released', message: `${f.actorName} released your report ${quote(f.caption)}; it is open for departments again` };
    case 'verifyRequest':
      return { title: 'Please confirm the fix', message: `${f.actorName} says your report ${quote(f.caption)} is fixed. Please verify the work.` };
    case 'fixConfirmed':
      return { title: 'Issue resolved', message: `${f.actorName} confirmed your fix of ${quote(f.caption)}` };
    case 'fixRejected':
      return {
        title: 'Fix rejected',
        message: `${f.actorName} rejected your fix of ${quote(f.caption)}; it is back at Work Started${f.reason ? `: ${f.reason}` : ''}`,
      };
    case 'deptComment':
      return { title: 'New comment', message: `${f.actorName} commented on ${quote(f.caption)}, a report you work on` };
    case 'accountVerified':
      return { title: 'Account verified', message: 'An admin verified your department account. You can now take over and update reports.' };
    case 'newReport':
      return { title: 'New report in your area', message: `${f.actorName} reported ${quote(f.caption)} in your jurisdiction` };
    case 'areaAlert':
      return { title: 'New report in your alert area', message: `${f.actorName} reported ${quote(f.caption)} inside your area alert${f.reason ? ` "${f.reason}"` : ''}` };
    case 'transferred':
      return { title: 'Report transferred', message: `${f.actorName} transferred your report ${quote(f.caption)} to ${f.toState || 'the admins'}${f.reason ? `: ${f.reason}` : ''}` };
    case 'transferredIn':
      return { title: 'Report transferred to you', message: `${f.actorName} transferred ${quote(f.caption)} to your department${f.reason ? `: ${f.reason}` : ''}` };
    case 'appealed':
      return { title: 'Appeal against a fix', message: `The reporter of ${quote(f.caption)} appealed against the fix${f.reason ? `: ${f.reason}` : ''}` };
    case 'appealAnswered':
      return { title: 'Your appeal was answered', message: `${f.actorName} ${f.toState === 'upheld' ? 'upheld' : 'dismissed'} your appeal on ${quote(f.caption)}${f.reason ? `: ${f.reason}` : ''}` };
    case 'duplicate':
      return { title: 'Report marked as a duplicate', message: `${f.actorName} marked your report ${quote(f.caption)} as a duplicate of ${f.toState ?? ''}; its votes and followers moved there. Follow that report for updates.` };
    case 'notDuplicate':
      return { title: 'No longer a duplicate', message: `${f.actorName} found your report ${quote(f.caption)} is not a duplicate of ${f.toState ?? ''} after all; it is open again on its own.` };
    case 'contentHidden':
      return {
        title: 'Hidden by moderation',
        message: `Your ${f.toState?.startsWith('post') ? 'report' : f.toState?.startsWith('chat') ? 'chat message' : 'comment'} ${quote(f.caption)} is hidden while moderators review it${f.reason ? `: ${f.reason}` : ''}. You can ask for a review.`,
      };
    case 'contentRestored':
      return { title: 'Restored', message: `A moderator restored ${quote(f.caption)}; everyone can see it again.` };
    case 'accountSuspended':
      return { title: 'Account suspended', message: `Your account is suspended until ${f.toState ?? ''}${f.reason ? `: ${f.reason}` : ''}. You can read, but not post, vote, comment or chat.` };
    case 'assigned':
      return { title: 'Report assigned to you', message: `${f.actorName} assigned you the report ${quote(f.caption)}${f.reason ? `: ${f.reason}` : ''}` };
    case 'followUpdate':
      return {
        title: 'Update on a report you follow',
        message: `${f.actorName} moved ${quote(f.caption)} to ${f.toState ?? ''}${f.reason ? `: ${f.reason}` : ''}`,
      };
    case 'accountRevoked':
      return {
        title: 'Verification revoked',
        message: `An admin revoked your department's verification${f.reason ? `: ${f.reason}` : ''}`,
      };
    case 'overdue':
      return { title: 'Report overdue', message: `The report ${quote(f.caption)} is past its service level${f.reason ? ` (${f.reason})` : ''}` };
    case 'escalated':
      return { title: 'Report escalated', message: `The report ${quote(f.caption)} is at twice its service level and has been escalated${f.reason ? ` (${f.reason})` : ''}` };
  }
}

export const notificationsQuery = z.object({
  cursor: idParam.optional(),
  /** Catch-up after a reconnect: only notifications newer than this id. */
  after: idParam.optional(),
  limit: pageLimit(NOTIFICATION_LIMITS.pageMax).optional(),
});

/** `{ ids }` marks those (the caller's own only); `{ all: true }` (or an empty body) marks every one. */
export const markReadBody = z
  .object({
    ids: z.array(z.string().max(24)).max(NOTIFICATION_LIMITS.readIdsMax).optional(),
    all: z.boolean().optional(),
  })
  .nullish();
