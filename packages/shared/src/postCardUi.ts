/**
 * The texts the Community Posts feed and its cards show before a click, in objects of their own: the
 * part of POST_UI (./postUi.ts, which includes POST_CARD_UI), and the few the cards show of GOV_UI,
 * MY_POSTS_UI and SERVICE_LEVEL_TEXTS (which include TIMELINE_UI, PLACE_UI and OVERDUE_TEXTS). The
 * feed's first-paint chunk then carries (and a Hindi first render waits for) only these, not the post
 * page's, the comments', Create Civic Issue's or the department screens' (e2e/tests/perf.spec.ts).
 */
import { PRODUCT_NAME } from './constants.js';

/**
 * Anonymous reports: the name shown for a reporter who hid theirs (a wire value too, like the spec's
 * names; see anonymityUi.ts). Here, not there, so the feed's cards need no other text file.
 */
export const ANONYMOUS_NAME = 'A resident';

/** Colour of each priority chip: red Critical, orange High, yellow Medium, green Low. */
export const PRIORITY_TONE = {
  Critical: 'red',
  High: 'orange',
  Medium: 'yellow',
  Low: 'green',
} as const;

export const POST_CARD_UI = {
  feedHeading: 'Community Posts',
  feedIntro: 'Civic issues reported by others in your community. Vote and comment to help them get fixed.',
  reportIssue: 'Report an issue',
  loadMore: 'Load more',
  loadingMore: 'Loading more posts...',
  loadingPosts: 'Loading posts...',
  endOfFeed: "You're all caught up.",
  retry: 'Try again',
  /** The feed's search and sort (kept in the address: ?q=&sort=&category=). */
  feedSearch: 'Search posts',
  feedSearchPlaceholder: 'Words in the report, or its reference number',
  feedSort: 'Sort by',
  feedSorts: { newest: 'Newest first', oldest: 'Oldest first', mostUpvotes: 'Most upvoted' },
  /** A category or search that matches no post: said, with a button that clears them. */
  feedNoMatches: 'No posts match this filter.',
  clearFilter: 'Clear filter',
  noCaption: 'No Caption',
  postedBy: 'Posted by',
  unknownAuthor: 'Unknown',
  /** Anonymous reports: the hidden reporter. */
  anonymousAuthor: ANONYMOUS_NAME,
  /** Anonymous reports: beside the real name, for the reporter, admins and the department handling it. */
  nameHidden: 'Name hidden from others',
  authorEmailLabel: (email: string) => `Email the reporter at ${email}`,
  priority: 'Priority',
  status: 'Status',
  progress: 'Progress',
  location: 'Location',
  reportedLocation: 'Reported Location',
  mapLabel: 'Map of the reported location',
  /** Each map region is its own landmark, so its name says whose location it shows. */
  mapLabelFor: (caption: string) => `Map of the reported location: ${caption}`,
  upvote: 'Upvote',
  downvote: 'Downvote',
  viewComments: 'View Comments',
  hideComments: 'Hide Comments',
  commentsLabel: 'Comments',
  /** Issue 25: a card carries long texts shortened; the post page has them whole. */
  readMore: 'Read more',
  /** The report's reference number on its card (shared/reference.ts). */
  reference: (reference: string) => `Ref. ${reference}`,
  loadingMoreComments: 'Loading comments...',
  photoAlt: (index: number, total: number) => `Photo ${index} of ${total}`,
  openPhoto: (index: number, total: number) => `Open photo ${index} of ${total} at full size`,
  share: 'Share',
  shareTitle: `Check out this ${PRODUCT_NAME} post!`,
  shareText: `A civic issue shared on ${PRODUCT_NAME}. Help raise awareness!`,
} as const;

/** A card's progress timeline (closed until asked for) and final proof; part of GOV_UI. */
export const TIMELINE_UI = {
  timelineHeading: 'Progress timeline',
  showTimeline: 'Show timeline',
  hideTimeline: 'Hide timeline',
  loadingTimeline: 'Loading timeline...',
  timelineFailed: 'The timeline could not be loaded.',
  finalProofHeading: 'Final proof of the work',
  finalProofPhotos: 'Photos of the finished work',
} as const;

/** The country in a card's place line; part of MY_POSTS_UI. */
export const PLACE_UI = {
  countryIndia: 'India',
} as const;

/** A card's overdue mark; part of SERVICE_LEVEL_TEXTS. */
export const OVERDUE_TEXTS = {
  overdue: 'Overdue',
  escalated: 'Escalated',
} as const;
