/**
 * Posts, votes and comments: the wire shapes (API-CONTRACT "Post") and the ordered create checks
 * (spec 5 "Create post"), shared by the server and the web app.
 */
import { z } from 'zod';
import { INDIAN_STATES, LIMITS, PRIORITIES, ROLES } from './constants.js';
import { REPORTS_TEXTS } from './reportsUi.js';
import { CURRENT_STATES, PROGRESS_ORDER } from './progress.js';
import { POST_TEXTS, VOTE_TYPES } from './postRules.js';
import { pageQuery } from './schemas.js';
import { PINCODE_PATTERN } from './validation.js';
import { CATEGORY_CODES, CATEGORY_TEXTS } from './categories.js';
import { serviceLevelState } from './serviceLevelsSchema.js';
import { RATINGS } from './serviceLevels.js';

export {
  GOV_SCOPES,
  GOV_SORT_OPTIONS,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_CHARS,
  IDEMPOTENCY_KEY_TTL_MS,
  MY_POSTS_SORTS,
  POST_SORTS,
  POST_TEXTS,
  RESOLVED_POST_TEXTS,
  VOTE_TYPES,
  isIdempotencyKey,
  isInsideIndia,
  mergeLocationPatch,
  parseCountFilter,
  parsePriority,
  parsePriorityFilter,
  parseSort,
  toggleVote,
  validateFinalUpdate,
  validateReason,
  validateCommentContent,
  validateCreatePost,
  validateLocation,
  type CreatePostInput,
  type GovScope,
  type LocationInput,
  type PostSort,
  type VoteType,
} from './postRules.js';

// ---- wire shapes ----

export const postImage = z.object({
  /** Addition (photo redaction): the photo's id, for POST /api/posts/post/{id}/images/{imageId}/redact. */
  _id: z.string().optional(),
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number(),
  height: z.number(),
});

export const replySchema = z.object({
  _id: z.string(),
  userId: z.string(),
  userName: z.string(),
  userRole: z.enum(ROLES),
  content: z.string(),
  createdAt: z.string(),
  /** True while the author is a government account an admin has not verified yet: read fresh on every
   * answer, so clients can mark "Pending verification" next to its words (an addition to the contract). */
  userPending: z.boolean(),
  /** Addition (issue 25): true when a card carries `content` shortened (shortenText); left out otherwise. */
  truncated: z.boolean().optional(),
});

export const commentSchema = replySchema.extend({
  /** The first replies only: LIMITS.repliesPerCard of them, oldest first. */
  replies: z.array(replySchema),
  /** Addition (issue 25): how many replies the comment has (counted up to LIMITS.replyCountMax). */
  replyCount: z.number().optional(),
  /** Addition (issue 25): when it has more replies than `replies` holds, the cursor of the replies route for the rest. */
  repliesCursor: z.string().optional(),
});

export const postSchema = z.object({
  _id: z.string(),
  /** Addition: the report's reference number, `CP-MH-2026-000123` (reference.ts). */
  reference: z.string(),
  caption: z.string(),
  /** Addition (issue 25): true when a card carries the caption shortened (the post page has it whole). */
  captionTruncated: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  images: z.array(postImage),
  user: z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    profilePhoto: z.string(),
  }),
  /**
   * Addition (anonymous reports): true when the reporter hid their name. Viewers other than the reporter,
   * the admins and the assigned department then get `user` as "A resident" with empty id, email and photo.
   */
  anonymous: z.boolean().optional(),
  priority: z.enum(PRIORITIES),
  /** An addition to the contract (issue 16): the report's kind, one of CATEGORY_CODES. */
  category: z.enum(CATEGORY_CODES),
  currentState: z.enum(CURRENT_STATES),
  progressState: z.enum(PROGRESS_ORDER),
  location: z.object({
    country: z.literal('India'),
    state: z.string(),
    landmark: z.string(),
    address: z.string(),
    pincode: z.string(),
    /** Addition (issue 16): the city or town the reporter gave, '' when none. */
    city: z.string(),
    coordinates: z.object({ lat: z.number(), lng: z.number() }),
  }),
  /**
   * Who voted (API-CONTRACT "Post"): at most LIMITS.voteIdsPerPost ids on the single post and
   * LIMITS.voteIdsPerCard on a card (both types together), the most recent, always with the viewer's own. Left out when the client asked `shape=compact`; the counts below are always exact.
   */
  upvotes: z.array(z.string()).optional(),
  downvotes: z.array(z.string()).optional(),
  upvoteCount: z.number(),
  downvoteCount: z.number(),
  myVote: z.enum(VOTE_TYPES).nullable(),
  /** The first comments only: LIMITS.commentsPerCard on a card, up to LIMITS.commentsPerPage on the post page. */
  comments: z.array(commentSchema),
  commentCount: z.number(),
  /** Addition (following a report): how many accounts follow it, the reporter included (a kept count). */
  followerCount: z.number(),
  /**
   * Addition (issue 25), on the single post only: the cursor of GET /api/posts/post/{id}/comments for the
   * comments after those carried, or null when it carries the last one.
   */
  commentsCursor: z.string().nullable().optional(),
  assignedGovernment: z.string().nullable(),
  /** Addition (issue 16): the report's service-level due times and whether it is overdue / escalated now. */
  serviceLevel: serviceLevelState.optional(),
  /** Addition (department teams): the member the report is assigned to; only for its department and admins. */
  assignedOfficer: z.object({ _id: z.string(), name: z.string() }).nullable().optional(),
  /** On a card the caption may be shortened, with `captionTruncated` (an addition, issue 25). */
  finalUpdate: z.object({ caption: z.string(), captionTruncated: z.boolean().optional(), images: z.array(postImage) }).nullable(),
  /** Distance in metres, only on "similar reports nearby" answers. */
  distanceMeters: z.number().optional(),
  /** Addition (moderation): on a hidden report, which only its author and admins can open. */
  hidden: z.literal(true).optional(),
  /** Addition (duplicates): on a report marked as a duplicate only, the report it repeats. */
  duplicateOf: z.object({ _id: z.string(), reference: z.string() }).optional(),
  /** The progress timeline, oldest first; on the single post answer. */
  history: z.array(z.lazy(() => historyEntrySchema)).optional(),
  /**
   * Addition (first-use polish): the department's latest proof the reporter turned down ("Not fixed yet"),
   * with the reporter's reason and photos, while the report has no current proof (finalUpdate null) and is
   * in the department's hands; left out otherwise. Cards show it marked as rejected instead of losing it.
   */
  rejectedUpdate: z
    .object({
      caption: z.string(),
      images: z.array(postImage),
      reason: z.string(),
      photos: z.array(postImage),
      rejectedAt: z.string(),
    })
    .optional(),
});

export type Post = z.infer<typeof postSchema>;
export type PostComment = z.infer<typeof commentSchema>;
export type PostReply = z.infer<typeof replySchema>;

/** `GET /api/posts/post/{id}/comments` and `.../comments/{commentId}/replies` (issue 25): keyset pages, oldest first. */
export const threadPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).optional(),
  cursor: z.string().max(300).optional(),
});
export const commentRepliesParams = z.object({ id: z.string().min(1).max(64), commentId: z.string().min(1).max(64) });
export const commentPageAnswer = z.object({ comments: z.array(commentSchema), nextCursor: z.string().nullable() });
export const replyPageAnswer = z.object({ replies: z.array(replySchema), nextCursor: z.string().nullable() });

export const postListAnswer = z.object({ posts: z.array(postSchema), nextCursor: z.string().nullable().optional() });
export const postAnswer = z.object({ post: postSchema });
export const createPostAnswer = z.object({ message: z.string(), post: postSchema });

/** Ids are 24 hex characters; anything past 64 cannot be one of ours. */
const postIdField = z.string({ error: POST_TEXTS.postIdRequired }).min(1, POST_TEXTS.postIdRequired).max(64, POST_TEXTS.notFound);

export const votePostBody = z.object({
  postId: postIdField,
  type: z.enum(VOTE_TYPES, { error: POST_TEXTS.invalidVoteType }),
});
export const voteAnswer = z.object({
  message: z.string(),
  upvotes: z.number(),
  downvotes: z.number(),
  userVote: z.enum(VOTE_TYPES).nullable(),
});

const idLike = z.string().min(1).max(64);
// A position in a thread; past this no post has that many comments, and SQL never sees a huge OFFSET.
const index = z.coerce.number().int().min(0).max(100_000);

export const addCommentBody = z.object({
  postId: postIdField,
  content: z.unknown(),
});
export const addReplyBody = addCommentBody.extend({
  commentId: z.string({ error: POST_TEXTS.commentIdRequired }).min(1, POST_TEXTS.commentIdRequired).max(64, POST_TEXTS.commentNotFound),
});
export const deleteCommentBody = z.object({
  postId: postIdField,
  commentId: idLike.optional(),
  commentIndex: index.optional(),
});
export const deleteReplyBody = deleteCommentBody.extend({
  replyId: idLike.optional(),
  replyIndex: index.optional(),
});
export const commentAnswer = z.object({ message: z.string(), comment: commentSchema });
export const replyAnswer = z.object({ message: z.string(), reply: replySchema });

export const similarQuery = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
  caption: z.string().max(LIMITS.commentMaxChars).optional(),
});

export const historyEntrySchema = z.object({
  _id: z.string(),
  /** release: the department holding the report was deleted by an admin; the report went back to Unseen. */
  /**
   * release: the department holding the report was deleted by an admin; the report went back to Unseen.
   * Additions (department teams): transfer (to `target`, or to the admin's triage when it is null),
   * appeal (the reporter's, `note` their reason), appealAnswer (`outcome`, `note` the answer).
   * Duplicates: duplicate / notDuplicate (on the duplicate, `target` the original) and merged / unmerged
   * (on the original, `target` the duplicate), `target.name` the other report's reference.
   */
  action: z.enum(['advance', 'regress', 'final', 'verify', 'reject', 'release', 'transfer', 'appeal', 'appealAnswer', 'duplicate', 'merged', 'notDuplicate', 'unmerged']),
  from: z.enum(PROGRESS_ORDER),
  to: z.enum(PROGRESS_ORDER),
  actor: z.object({ _id: z.string().nullable(), name: z.string(), role: z.enum(ROLES) }),
  /** Addition (department teams): the member who made a department's move; only for that department and admins. */
  by: z.object({ _id: z.string().nullable(), name: z.string() }).optional(),
  /** A transfer's receiving department (null: the admin's triage queue). */
  target: z.object({ _id: z.string().nullable(), name: z.string() }).nullable().optional(),
  /** An appeal's answer. */
  outcome: z.enum(['upheld', 'dismissed']).optional(),
  note: z.string().nullable(),
  finalUpdate: z.object({ caption: z.string(), images: z.array(postImage) }).nullable(),
  /** Addition (first-use polish): on a reject entry, the photos the reporter sent with "Not fixed yet". */
  photos: z.array(postImage).optional(),
  /** Addition (first-use polish): on a verify entry, the reporter's rating of the fix (and its comment). */
  rating: z.object({ rating: z.enum(RATINGS), comment: z.string().nullable() }).optional(),
  createdAt: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/**
 * Addition (public reports): a report as anyone reads it, signed in or not (`GET /api/public/posts/{id}`).
 * The report and its workflow only, no person: no reporter (name, email, id), no voter ids, no comments
 * (their count only), a citizen's moves in the timeline without name, id or note; while the report is
 * not finished, no street address or landmark and the pin rounded as in open data (publicCoordinate,
 * about 100 m).
 */
export const publicPostSchema = postSchema
  .pick({
    _id: true,
    reference: true,
    caption: true,
    createdAt: true,
    updatedAt: true,
    images: true,
    priority: true,
    category: true,
    currentState: true,
    progressState: true,
    location: true,
    upvoteCount: true,
    downvoteCount: true,
    commentCount: true,
    followerCount: true,
    serviceLevel: true,
    finalUpdate: true,
    duplicateOf: true,
  })
  .extend({ history: z.array(historyEntrySchema) });
export type PublicPost = z.infer<typeof publicPostSchema>;
export const publicPostAnswer = z.object({ post: publicPostSchema });


export const editPostBody = z.object({
  caption: z.unknown().optional(),
  priority: z.unknown().optional(),
  category: z.unknown().optional(),
  location: z.unknown().optional(),
  /** Addition (anonymous reports): hide (true) or show (false) the reporter's name; see parseAnonymousFlag. */
  anonymous: z.unknown().optional(),
});

export const rejectResolutionBody = z.object({ reason: z.unknown().optional() });

/** `GET /api/user/allPosts`: `exclude=mine` leaves the caller's own posts out (our feed); anything else is refused. */
/**
 * A list's category filter (issue 16): one category code; anything else (an unknown code, an empty value,
 * the parameter twice) is refused with CATEGORY_TEXTS.invalidCategory.
 */
export const categoryFilter = z.enum(CATEGORY_CODES, { error: CATEGORY_TEXTS.invalidCategory }).optional();

/** A report in the public list (/reports): the public post without its timeline. */
export const publicPostCardSchema = publicPostSchema.omit({ history: true });
export type PublicPostCard = z.infer<typeof publicPostCardSchema>;
export const PUBLIC_LIST_SORTS = ['newest', 'oldest', 'mostUpvotes'] as const;
export const PUBLIC_LIST_LIMITS = {
  pageDefault: 20,
  pageMax: 50,
  searchMaxChars: 100,
  /**
   * Posts read per request at most when words or several filters are checked row by row: a page not
   * full by then ends with a cursor where the reading stopped (the web page reads on by itself a few
   * times, then offers to search further).
   */
  scanMax: 1_000,
} as const;
/** `GET /api/public/posts`: one category, one progress state, a place, words in the caption (or a reference number), a sort, cursor pages. */
export const publicPostsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(PUBLIC_LIST_LIMITS.pageMax).optional(),
  cursor: z.string().max(300).optional(),
  category: categoryFilter,
  progress: z.enum(PROGRESS_ORDER, { error: POST_TEXTS.invalidProgressState }).optional(),
  sort: z.enum(PUBLIC_LIST_SORTS, { error: POST_TEXTS.invalidSort }).optional(),
  q: z.string().trim().max(PUBLIC_LIST_LIMITS.searchMaxChars, POST_TEXTS.searchTooLong).optional(),
  /** The place: a state or union territory, a city or town (any case), a pincode; each has its own indexes. */
  state: z.enum(INDIAN_STATES, { error: REPORTS_TEXTS.invalidState }).optional(),
  city: z.string().trim().max(LIMITS.cityMaxChars, REPORTS_TEXTS.cityTooLong).optional(),
  pincode: z.string().trim().regex(PINCODE_PATTERN, REPORTS_TEXTS.invalidPincode).optional(),
});
export const publicPostsAnswer = z.object({ posts: z.array(publicPostCardSchema), nextCursor: z.string().nullable() });

/**
 * The feed's search and sort are the public list's (PUBLIC_LIST_SORTS; words in the caption or a reference
 * number, at most searchMaxChars), read by the same walk and indexes. Left out: newest first, as before.
 */
export const feedQuery = pageQuery.extend({
  exclude: z.enum(['mine'], { error: 'exclude must be "mine"' }).optional(),
  category: categoryFilter,
  sort: z.enum(PUBLIC_LIST_SORTS, { error: POST_TEXTS.invalidSort }).optional(),
  q: z.string().trim().max(PUBLIC_LIST_LIMITS.searchMaxChars, POST_TEXTS.searchTooLong).optional(),
});

export const listQuery = pageQuery.extend({
  category: categoryFilter,
  sort: z.string().optional(),
  priority: z.string().optional(),
  minUpvotes: z.string().optional(),
  minDownvotes: z.string().optional(),
});
