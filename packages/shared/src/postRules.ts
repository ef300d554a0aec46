/**
 * The zod-free half of the post rules: vote types, the post texts and the ordered create checks (spec 5
 * "Create post"). Kept apart from the wire schemas in posts.ts so the web bundle can use them without
 * pulling zod in; posts.ts re-exports everything here.
 */
import { ADMIN_PRIORITY_FILTER, INDIA_BOUNDS, INDIAN_STATES, LIMITS, PRIORITIES, type Priority } from './constants.js';
import { TEXTS } from './texts.js';
import { PINCODE_PATTERN, firstTooLong, tooLongText } from './validation.js';

export const VOTE_TYPES = ['upvote', 'downvote'] as const;
export type VoteType = (typeof VOTE_TYPES)[number];

/**
 * createPost's optional Idempotency-Key header (issue 17): a client's name for one report, so a retry of
 * a request that did reach the server answers the post it made instead of filing a second one. A UUID
 * fits; so does any 1-100 characters of A-Z a-z 0-9 _ - (no NUL, nothing a log or a database could misread).
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX_CHARS = 100;
const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
/** How long the server remembers a key (a queued report is normally sent within minutes or hours). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** True when `value` (a header as Node hands it over: text, a list when repeated, or absent) is a usable key. */
export function isIdempotencyKey(value: unknown): value is string {
  return typeof value === 'string' && IDEMPOTENCY_KEY_PATTERN.test(value);
}

export const POST_TEXTS = {
  created: 'Issue reported successfully',
  notFound: 'Post not found',
  invalidPriority: 'Priority must be Low, Medium, High or Critical',
  invalidState: 'Please select a state.',
  outsideIndia: 'The location must be inside India.',
  invalidLocation: 'Location must be a JSON object with state, landmark, address, pincode and coordinates',
  tooManyImages: `Please upload at most ${LIMITS.imagesPerPostMax} images.`,
  imageType: 'Images must be JPEG, PNG or WebP pictures',
  imageTooLarge: `Each image must be at most ${LIMITS.imageMaxBytes / (1024 * 1024)} MB`,
  imageTooManyPixels: 'That image has too many pixels to process',
  captionTooLong: tooLongText('Caption', LIMITS.commentMaxChars),
  landmarkTooLong: tooLongText('Landmark', LIMITS.landmarkMaxChars),
  addressTooLong: tooLongText('Address', LIMITS.addressMaxChars),
  pincodeTooLong: tooLongText('Pincode', LIMITS.pincodeMaxChars),
  cityTooLong: tooLongText('City', LIMITS.cityMaxChars),
  upvoted: 'Upvoted',
  downvoted: 'Downvoted',
  voteRemoved: 'Vote removed',
  invalidVoteType: 'Vote type must be upvote or downvote',
  postIdRequired: 'postId is required',
  commentAdded: 'Comment added',
  replyAdded: 'Reply added',
  commentDeleted: 'Comment deleted',
  replyDeleted: 'Reply deleted',
  commentEmpty: 'Comment cannot be empty',
  replyEmpty: 'Reply cannot be empty',
  commentTooLong: `Comments must be at most ${LIMITS.commentMaxChars} characters`,
  commentNotFound: 'Comment not found',
  replyNotFound: 'Reply not found',
  commentIdRequired: 'commentId is required',
  notYourComment: 'You can only delete your own comments',
  notYourReply: 'You can only delete your own replies',
  updated: 'Post updated',
  deleted: 'Post deleted',
  notYourPost: 'You can only change your own reports',
  finishedNoEdit: 'A finished issue can no longer be edited',
  verified: 'Thank you for confirming! The issue is now resolved.',
  rejected: 'Thanks for telling us. The department will continue the work.',
  reasonRequired: 'Please tell the department what is still not fixed',
  reasonTooLong: `The reason must be at most ${LIMITS.commentMaxChars} characters`,
  finalSubmitted: 'Final update submitted. Waiting for the reporter to verify.',
  finalCaptionRequired: 'Please describe the work done.',
  finalImagesRequired: 'Please upload at least one photo of the finished work.',
  finalImageUrl: 'Final images must be photos uploaded to CivicPulse for this report',
  invalidScope: 'scope must be unassigned, assigned or resolved',
  invalidSort: 'Unknown sort order',
  invalidProgressState: 'Unknown progress state',
  searchTooLong: 'The search can be at most 100 characters',
  invalidIdempotencyKey: `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX_CHARS} characters: letters, digits, "-" or "_"`,
  idempotencyKeyBusy: 'This report is still being sent. Please try again in a moment.',
} as const;

/**
 * A resolved (Finished) report is locked for its reporter (policies/posts.ts): besides
 * POST_TEXTS.finishedNoEdit, deleting it is refused too, since it stays as the public record of the
 * department's work. Server answers only, so the web app's first paint does not carry them.
 */
export const RESOLVED_POST_TEXTS = {
  noDelete:
    "This report is resolved: it stays as the public record of the department's work and can no longer be deleted. You can still comment on it, and deleting your account removes your name from it.",
} as const;

export interface LocationInput {
  state?: unknown;
  landmark?: unknown;
  address?: unknown;
  pincode?: unknown;
  /** An addition to the contract (issue 16): the city or town, optional; jurisdictions match on it. */
  city?: unknown;
  coordinates?: { lat?: unknown; lng?: unknown } | null;
}

export interface CreatePostInput {
  caption?: unknown;
  imageCount: number;
  location: LocationInput | null;
}

const blank = (v: unknown): boolean => typeof v !== 'string' || v.trim() === '';
const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export function isInsideIndia(lat: number, lng: number): boolean {
  return lat >= INDIA_BOUNDS.minLat && lat <= INDIA_BOUNDS.maxLat && lng >= INDIA_BOUNDS.minLng && lng <= INDIA_BOUNDS.maxLng;
}

/** The location part of the create checks (also used by edit, which has no images). */
export function validateLocation(location: LocationInput | null): string | null {
  const V = TEXTS.validation;
  const loc = location ?? {};
  if (blank(loc.state) || !(INDIAN_STATES as readonly string[]).includes(String(loc.state).trim())) return V.stateRequired;
  if (blank(loc.landmark)) return V.landmarkRequired;
  if (blank(loc.address)) return V.addressRequired;
  if (blank(loc.pincode)) return V.pincodeRequired;
  const long = firstTooLong([
    [loc.landmark, LIMITS.landmarkMaxChars, POST_TEXTS.landmarkTooLong],
    [loc.address, LIMITS.addressMaxChars, POST_TEXTS.addressTooLong],
    [loc.pincode, LIMITS.pincodeMaxChars, POST_TEXTS.pincodeTooLong],
    [loc.city, LIMITS.cityMaxChars, POST_TEXTS.cityTooLong],
  ]);
  if (long) return long;
  // Issue 30: six digits, the first 1 to 9 (the spec checked only that it was not blank).
  if (!PINCODE_PATTERN.test(String(loc.pincode).trim())) return V.pincodeFormat;
  if (loc.city !== undefined && loc.city !== null && typeof loc.city !== 'string') return POST_TEXTS.invalidLocation;
  const c = loc.coordinates;
  if (!c || !finite(c.lat) || !finite(c.lng)) return V.locationRequired;
  if (!isInsideIndia(c.lat, c.lng)) return POST_TEXTS.outsideIndia;
  return null;
}

/**
 * An edit's location over the stored one: the spec's edit modal sends state, landmark, address and
 * pincode but no pin, so a field left out (undefined or null) keeps its stored value; a field sent
 * blank is still checked (and refused) like on create.
 */
export function mergeLocationPatch(stored: LocationInput, patch: LocationInput): LocationInput {
  const pick = <K extends keyof LocationInput>(key: K): LocationInput[K] =>
    patch[key] === undefined || patch[key] === null ? stored[key] : patch[key];
  return {
    state: pick('state'),
    landmark: pick('landmark'),
    address: pick('address'),
    pincode: pick('pincode'),
    city: pick('city'),
    coordinates: pick('coordinates'),
  };
}

/** Spec 5 "Create post", in its order; the first failing text or null. */
export function validateCreatePost(input: CreatePostInput): string | null {
  const V = TEXTS.validation;
  if (blank(input.caption)) return V.captionRequired;
  if (String(input.caption).length > LIMITS.commentMaxChars) return POST_TEXTS.captionTooLong;
  if (input.imageCount < LIMITS.imagesPerPostMin) return V.imageRequired;
  if (input.imageCount > LIMITS.imagesPerPostMax) return POST_TEXTS.tooManyImages;
  return validateLocation(input.location);
}

export function parsePriority(value: unknown): Priority | null {
  if (value === undefined || value === null || value === '') return 'Medium';
  const match = PRIORITIES.find((p) => p.toLowerCase() === String(value).trim().toLowerCase());
  return match ?? null;
}

export function validateCommentContent(content: unknown, kind: 'comment' | 'reply'): string | null {
  if (blank(content)) return kind === 'comment' ? POST_TEXTS.commentEmpty : POST_TEXTS.replyEmpty;
  if (String(content).length > LIMITS.commentMaxChars) return POST_TEXTS.commentTooLong;
  return null;
}

// Votes' toggle rule lives in its own module: the web app's frame uses it, and importing it from here
// would put this whole module (the post texts and checks) into the first paint's chunk.
export { toggleVote } from './voteToggle.js';

/** Sort orders a list can take; the UI labels live with the screens that offer them. */
export const POST_SORTS = ['newest', 'oldest', 'mostUpvotes', 'leastUpvotes', 'mostDownvotes', 'leastDownvotes'] as const;
export type PostSort = (typeof POST_SORTS)[number];
/** My Issues offers four of them (spec 2.10), newest by default. */
export const MY_POSTS_SORTS = ['newest', 'oldest', 'mostUpvotes', 'mostDownvotes'] as const satisfies readonly PostSort[];
/** The department lists' seven choices (spec 2.11); "Default Order" is newest first. */
export const GOV_SORT_OPTIONS: ReadonlyArray<{ value: PostSort | 'default'; label: string }> = [
  { value: 'default', label: 'Default Order' },
  { value: 'mostUpvotes', label: 'Most Upvoted' },
  { value: 'leastUpvotes', label: 'Least Upvoted' },
  { value: 'mostDownvotes', label: 'Most Downvoted' },
  { value: 'leastDownvotes', label: 'Least Downvoted' },
  { value: 'newest', label: 'Newest First' },
  { value: 'oldest', label: 'Oldest First' },
];

export function parseSort(value: unknown): PostSort | null {
  if (value === undefined || value === null || value === '' || value === 'default') return 'newest';
  return (POST_SORTS as readonly string[]).includes(String(value)) ? (value as PostSort) : null;
}

/**
 * Count filters (spec 2.10): blank is ignored, anything non-numeric counts as 0, never below 0, and
 * never above the largest count a column holds (so `1e308` means "more than any post has", not an
 * integer overflow in the database).
 */
export function parseCountFilter(value: unknown): number | undefined {
  if (value === undefined || value === null || String(value).trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? Math.min(Math.floor(n), LIMITS.countMax) : 0;
}

/** Priority filters accept both readings of the spec: Low…Critical and low/medium/high/urgent; all = none. */
export function parsePriorityFilter(value: unknown): Priority | undefined | null {
  if (value === undefined || value === null) return undefined;
  const v = String(value).trim().toLowerCase();
  if (v === '' || v === 'all') return undefined;
  if (v in ADMIN_PRIORITY_FILTER) return ADMIN_PRIORITY_FILTER[v as keyof typeof ADMIN_PRIORITY_FILTER];
  return PRIORITIES.find((p) => p.toLowerCase() === v) ?? null;
}

/** mine: open reports assigned to me; team: my department's open reports assigned to no member (department teams). */
export const GOV_SCOPES = ['unassigned', 'assigned', 'resolved', 'mine', 'team'] as const;
export type GovScope = (typeof GOV_SCOPES)[number];

export function validateReason(reason: unknown): string | null {
  if (blank(reason)) return POST_TEXTS.reasonRequired;
  if (String(reason).length > LIMITS.commentMaxChars) return POST_TEXTS.reasonTooLong;
  return null;
}

/** A department's final update (spec 4): a caption and 1–6 photos, checked the same on both sides. */
export function validateFinalUpdate(caption: unknown, imageCount: number): string | null {
  if (blank(caption)) return POST_TEXTS.finalCaptionRequired;
  if (String(caption).length > LIMITS.commentMaxChars) return POST_TEXTS.captionTooLong;
  if (imageCount < 1) return POST_TEXTS.finalImagesRequired;
  if (imageCount > LIMITS.imagesPerPostMax) return POST_TEXTS.tooManyImages;
  return null;
}
