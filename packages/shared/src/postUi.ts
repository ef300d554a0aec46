/**
 * The web app's texts for posts: the feed card (spec 2.6), the post page (2.7), the vote lists (2.8) and
 * Create Civic Issue (2.9). Quoted spec texts are exact; the rest is our own wording, kept here so the
 * screens and the browser tests read the same words.
 */
import { POST_CARD_UI } from './postCardUi.js';

export { ANONYMOUS_NAME, PRIORITY_TONE } from './postCardUi.js';

export const POST_UI = {
  /** The feed and its cards (the feed's first paint imports POST_CARD_UI alone). */
  ...POST_CARD_UI,
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
  /** On a card: the comment's further replies are on the post page. */
  moreReplies: (count: number) => (count === 1 ? '1 more reply' : `${count} more replies`),
  /** On the post page: loads the comment's next replies (at least `count` more; see LIMITS.replyCountMax). */
  showMoreReplies: (count: number) => (count === 1 ? 'Show 1 more reply' : `Show ${count} more replies`),
  /** When the reply count reached its ceiling (LIMITS.replyCountMax) and more remain. */
  showMoreRepliesAny: 'Show more replies',
  showMoreComments: 'Show more comments',
  loadingMoreReplies: 'Loading replies...',
  loadMoreFailed: 'Could not load more. Please try again.',
  closePhoto: 'Close',
  previousPhoto: 'Previous photo',
  nextPhoto: 'Next photo',

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
