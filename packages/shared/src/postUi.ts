/**
 * The web app's texts for posts: the feed card (spec 2.6), the post page (2.7), the vote lists (2.8) and
 * Create Civic Issue (2.9). Quoted spec texts are exact; the rest is our own wording, kept here so the
 * screens and the browser tests read the same words.
 */
import { PRODUCT_NAME } from './constants.js';

/**
 * Anonymous reports: the name shown for a reporter who hid theirs (a wire value too, like the spec's
 * names; see anonymityUi.ts). Here, not there, so the feed's cards need no other text file.
 */
export const ANONYMOUS_NAME = 'A resident';

export const POST_UI = {
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
  commentAuthorFallback: 'User',
  writeReply: 'Write a reply...',
  reply: 'Reply',
  writeComment: 'Write a comment...',
  comment: 'Comment',
  deleteComment: 'Delete Comment',
  deleteReply: 'Delete Reply',
  noComments: 'No comments yet. Be the first to comment.',
  pendingVerification: 'Pending verification',
  pendingVerificationHint: 'This department has signed up but an admin has not verified it yet.',
  deleteCommentHeading: 'Delete this comment?',
  deleteCommentBody: 'The comment and its replies will be removed for good. This cannot be undone.',
  deleteReplyHeading: 'Delete this reply?',
  deleteReplyBody: 'The reply will be removed for good. This cannot be undone.',
  deleting: 'Deleting...',
  cancel: 'Cancel',
  viewAllComments: (count: number) => `View all ${count} comments`,
  /** Issue 25: a card carries long texts shortened; the post page has them whole. */
  readMore: 'Read more',
  /** The report's reference number on its card (shared/reference.ts). */
  reference: (reference: string) => `Ref. ${reference}`,
  /** On a card: the comment's further replies are on the post page. */
  moreReplies: (count: number) => (count === 1 ? '1 more reply' : `${count} more replies`),
  /** On the post page: loads the comment's next replies (at least `count` more; see LIMITS.replyCountMax). */
  showMoreReplies: (count: number) => (count === 1 ? 'Show 1 more reply' : `Show ${count} more replies`),
  /** When the reply count reached its ceiling (LIMITS.replyCountMax) and more remain. */
  showMoreRepliesAny: 'Show more replies',
  showMoreComments: 'Show more comments',
  loadingMoreComments: 'Loading comments...',
  loadingMoreReplies: 'Loading replies...',
  loadMoreFailed: 'Could not load more. Please try again.',
  photoAlt: (index: number, total: number) => `Photo ${index} of ${total}`,
  openPhoto: (index: number, total: number) => `Open photo ${index} of ${total} at full size`,
  closePhoto: 'Close',
  previousPhoto: 'Previous photo',
  nextPhoto: 'Next photo',
  share: 'Share',
  shareTitle: `Check out this ${PRODUCT_NAME} post!`,
  shareText: `A civic issue shared on ${PRODUCT_NAME}. Help raise awareness!`,

  postHeading: 'Post',
  loadingPost: 'Loading post...',
  backToFeed: 'Back to Community Posts',
  goToMyIssues: 'Go to My Issues',

  upvotedHeading: 'Upvoted Issues',
  downvotedHeading: '👎 Downvoted Issues',
  noUpvoted: "You haven't upvoted any posts yet.",
  noDownvoted: "You haven't downvoted any posts yet.",
  loading: 'Loading...',

  createHeading: 'Create Civic Issue',
  createIntro: 'Describe the problem, add photos and pin it on the map so the right department can act on it.',
  caption: 'Caption',
  captionPlaceholder: 'Describe the issue (for example: deep pothole near the bus stop)',
  images: 'Images',
  imagesHint: 'JPEG, PNG or WebP, up to 6 photos of at most 10 MB each.',
  removeImage: (name: string) => `Remove ${name}`,
  addPhotos: 'Add photos',
  photosChosen: (n: number) => (n === 0 ? 'No photos added yet.' : `${n} ${n === 1 ? 'photo' : 'photos'} added.`),
  attachedPhotos: 'Attached photos',
  photoPreviewAlt: (name: string, index: number, total: number) => `Photo ${index} of ${total}: ${name}`,
  country: 'Country',
  state: 'State',
  selectState: 'Select a state',
  landmark: 'Landmark',
  address: 'Address',
  pincode: 'Pincode',
  pickLocation: 'Location on the map',
  pickHint: 'Click the map to set the exact spot, or use Locate Me.',
  locateMe: 'Locate Me',
  locating: 'Locating...',
  pinCentre: 'Pin the map centre',
  noPointYet: 'No location selected yet.',
  coordinates: (lat: string, lng: string) => `Latitude ${lat}, Longitude ${lng}`,
  submit: 'Submit Issue',
  submitting: 'Submitting...',
  uploading: (percent: number) => `Uploading photos: ${percent}%`,
  similarHeading: 'Similar reports nearby',
  similarIntro: 'Someone may already have reported this. Upvote their report to support it instead of filing a duplicate.',
  metresAway: (m: number) => (m < 1000 ? `${Math.round(m)} m away` : `${(m / 1000).toFixed(1)} km away`),
  viewReport: 'View report',
  mapAttribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
} as const;

/** Colour of each priority chip: red Critical, orange High, yellow Medium, green Low. */
export const PRIORITY_TONE = {
  Critical: 'red',
  High: 'orange',
  Medium: 'yellow',
  Low: 'green',
} as const;
