/**
 * Moderation: flags, the moderators' queue, hidden content and suspensions. No zod here: the flag
 * dialog and the moderation page load these texts with themselves.
 */
/** What can be flagged. A reply is a comment with a parent; the API takes 'reply' as 'comment'. */
export const MODERATION_KINDS = ['post', 'comment', 'chat'] as const;
export type ModerationKind = (typeof MODERATION_KINDS)[number];
export const FLAG_KINDS = ['post', 'comment', 'reply', 'chat'] as const;
export type FlagKind = (typeof FLAG_KINDS)[number];

export const FLAG_REASONS = ['spam', 'abusive', 'personal', 'notCivic'] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];

export const MODERATION_STATUSES = ['pending', 'hidden', 'dismissed', 'deleted'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];
/** The queue's filters (deleted items leave the queue). */
export const MODERATION_FILTERS = ['pending', 'hidden', 'dismissed'] as const;
export type ModerationFilter = (typeof MODERATION_FILTERS)[number];

export const MODERATION_ACTIONS = ['hide', 'restore', 'dismiss', 'delete'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const MODERATION_LIMITS = {
  /** Distinct accounts whose flags hide an item pending review (MODERATION_HIDE_FLAGS overrides). */
  hideAfterFlagsDefault: 3,
  /** Flags one account may send per window (a rate limit per account). */
  flagsPerWindow: 20,
  flagWindowSeconds: 600,
  reasonMaxChars: 500,
  noteMaxChars: 1000,
  excerptMaxChars: 200,
  bulkMax: 50,
  pageSize: 25,
  suspendDaysMax: 365,
} as const;

/** One item of the moderators' queue. */
export interface ModerationItem {
  kind: ModerationKind;
  /** 'reply' for a comment with a parent. */
  shownKind: FlagKind;
  id: string;
  postId: string | null;
  excerpt: string;
  status: ModerationStatus;
  flagCount: number;
  reasons: Record<FlagReason, number>;
  firstFlaggedAt: string;
  hiddenBy: 'flags' | 'moderator' | null;
  reviewRequestedAt: string | null;
  reviewNote: string | null;
  author: { _id: string; name: string; role: string; suspendedUntil: string | null } | null;
}

export interface ModerationPage {
  items: ModerationItem[];
  nextCursor: string | null;
}

/** An author's own hidden item (the banner with "Ask for a review"). */
export interface HiddenNotice {
  hiddenBy: 'flags' | 'moderator';
  reasons: FlagReason[];
  reviewRequestedAt: string | null;
}

export const MODERATION_TEXTS = {
  kindInvalid: 'Choose what to flag: a report, a comment, a reply or a chat message.',
  reasonInvalid: 'Choose why you are flagging this.',
  notFound: 'That is not there any more.',
  ownItem: 'You cannot flag what you wrote.',
  alreadyFlagged: 'You have already flagged this. Moderators will look at it.',
  flagged: 'Thanks. Moderators will look at it.',
  flagLimited: 'You have sent many flags in a short time. Try again in a few minutes.',
  actionInvalid: 'Choose hide, restore, dismiss or delete.',
  itemsInvalid: `Choose between 1 and ${MODERATION_LIMITS.bulkMax} items.`,
  reasonRequired: 'Give the reason.',
  reasonTooLong: `Keep the reason under ${MODERATION_LIMITS.reasonMaxChars} characters.`,
  noteTooLong: `Keep the note under ${MODERATION_LIMITS.noteMaxChars} characters.`,
  daysInvalid: `Choose a suspension from 1 to ${MODERATION_LIMITS.suspendDaysMax} days.`,
  cannotSuspend: 'Admins cannot be suspended.',
  suspendedAccount: (name: string, until: string) => `${name} is suspended until ${until}.`,
  unsuspended: (name: string) => `${name} can write again.`,
  notSuspended: 'This account is not suspended.',
  done: (n: number) => `${n} done.`,
  notHidden: 'Only hidden content can be sent for review.',
  reviewAlready: 'A review is already requested.',
  reviewRequested: 'Review requested. A moderator will look at it again.',
  suspended: (until: string) => `Your account is suspended until ${until}. You can read, but not post, vote, comment or chat.`,
} as const;

export const MODERATION_UI = {
  flag: 'Flag',
  flagTitle: 'Flag for moderators',
  flagIntro: 'Tell the moderators what is wrong. Content flagged by several people is hidden until a moderator looks at it.',
  reasonsLegend: 'Why?',
  reasons: {
    spam: 'Spam or advertising',
    abusive: 'Abusive or hateful',
    personal: 'Shares personal information',
    notCivic: 'Not a civic issue',
  } as Record<FlagReason, string>,
  send: 'Send flag',
  cancel: 'Cancel',
  heading: 'Moderation',
  intro: 'Flagged reports, comments and chat messages, most flagged first. Every action is in the audit log.',
  filters: { pending: 'Pending', hidden: 'Hidden', dismissed: 'Dismissed' } as Record<ModerationFilter, string>,
  filterLabel: 'Show',
  kinds: { post: 'Report', comment: 'Comment', reply: 'Reply', chat: 'Chat message' } as Record<FlagKind, string>,
  flags: (n: number) => (n === 1 ? '1 flag' : `${n} flags`),
  hiddenByFlags: 'Hidden by flags',
  hiddenByModerator: 'Hidden by a moderator',
  reviewAsked: 'Review asked',
  author: 'Author',
  suspendedUntil: (until: string) => `Suspended until ${until}`,
  select: (what: string) => `Select ${what}`,
  selectAll: 'Select all',
  actions: { hide: 'Hide', restore: 'Restore', dismiss: 'Dismiss', delete: 'Delete' } as Record<ModerationAction, string>,
  bulk: (n: number) => (n === 1 ? '1 selected' : `${n} selected`),
  confirmDelete: 'Delete for good? This cannot be undone.',
  confirm: 'Confirm',
  suspend: 'Suspend author',
  unsuspend: 'Lift suspension',
  suspendTitle: (name: string) => `Suspend ${name}`,
  days: 'Days',
  reason: 'Reason (the author sees it)',
  empty: { pending: 'Nothing is waiting for review.', hidden: 'Nothing is hidden.', dismissed: 'No dismissed flags.' } as Record<ModerationFilter, string>,
  loadMore: 'Load more',
  open: 'Open',
  failed: 'Could not load the moderation queue.',
  hiddenBanner: 'This is hidden from everyone else while moderators review it.',
  hiddenReasons: (reasons: string) => `People flagged it as: ${reasons}.`,
  askReview: 'Ask for a review',
  reviewNote: 'What should the moderators know? (optional)',
  reviewSent: 'You asked for a review. A moderator will look at it again.',
  hiddenForModerators: 'Hidden: only moderators and the author see this.',
  hiddenComment: 'Hidden by moderators',
  suspendedBanner: (until: string) => `Your account is suspended until ${until}. You can read, but not post, vote, comment or chat.`,
} as const;
