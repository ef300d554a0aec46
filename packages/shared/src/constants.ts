/** Product-wide constants. Every number here comes from spec section 9 or a decision noted beside it. */
export const PRODUCT_NAME = 'CivicPulse';

export const ROLES = ['user', 'government', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const PRIORITIES = ['Low', 'Medium', 'High', 'Critical'] as const;
export type Priority = (typeof PRIORITIES)[number];
export const DEFAULT_PRIORITY: Priority = 'Medium';
/** The admin screen's filter reads priorities as low/medium/high/urgent (spec 2.10); urgent is Critical. */
export const ADMIN_PRIORITY_FILTER: Record<'low' | 'medium' | 'high' | 'urgent', Priority> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Critical',
};

export const COUNTRY = 'India';

/** The 28 states and 8 union territories, as the Create Issue state select lists them. */
export const INDIAN_STATES = [
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
] as const;

/** India's bounding box (mainland plus islands), used to refuse pins outside the country. */
export const INDIA_BOUNDS = { minLat: 6.4, maxLat: 37.2, minLng: 68.0, maxLng: 97.5 } as const;

/** The photo types a post or a final update accepts (the server checks the bytes again). */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const LIMITS = {
  passwordMin: 6,
  phoneDigits: 10,
  proofDocMaxBytes: 5 * 1024 * 1024,
  imageMaxBytes: 10 * 1024 * 1024,
  imagesPerPostMin: 1,
  imagesPerPostMax: 6,
  /** sharp refuses inputs above this many pixels (decompression bombs). */
  imageMaxPixels: 50_000_000,
  displayImageLongSide: 1600,
  thumbnailLongSide: 400,
  commentMaxChars: 2000,
  commentsPerCard: 3,
  /**
   * Every answer is bounded in rows (issue 10) and in bytes (issue 25). A card (every list) carries its
   * post's first commentsPerCard comments with their first repliesPerCard replies, each comment with
   * `replyCount`; the single post carries its first commentsPerPage comments with the same few replies
   * each, and the rest page through GET /api/posts/post/{id}/comments and .../comments/{commentId}/replies.
   */
  repliesPerCard: 3,
  commentsPerPage: 20,
  /** The replies route's page when the client names no limit. */
  repliesPerPage: 50,
  /**
   * `replyCount` is counted over one bounded index range: a comment with more replies than this says
   * this many (the replies still page to the end by cursor).
   */
  replyCountMax: 1000,
  /**
   * Texts on a card are cut to this many characters at a word boundary, with a flag (`captionTruncated`,
   * `truncated`) when cut: a 2,000-character caption of escaped or Devanagari text is up to 12 KB of JSON.
   * The post page shows them whole; the viewer's own captions are never cut (their edit form starts from
   * the card, in the spec's client too).
   */
  cardTextChars: 280,
  /**
   * The spec's upvotes/downvotes id lists carry at most this many ids per post, most recent first, with
   * the viewer's own always among them; the counts stay exact. Cards carry fewer (25 bytes an id).
   */
  voteIdsPerPost: 500,
  voteIdsPerCard: 100,
  /**
   * A list asked for without `limit` (how the spec's clients ask) answers at most this many posts, the
   * first of its order, with `nextCursor` when more exist.
   */
  unpagedListMax: 500,
  /**
   * Issue 25: no answer that lists posts, comments or replies passes this many bytes of JSON, whatever
   * the content: a page stops before the item that would pass it (at least one item always fits) and
   * carries `nextCursor` from the last item that fit.
   */
  answerBytesMax: 1_000_000,
  /**
   * An admin text search reads the list's order in slices of this many posts, yielding between
   * them, and at most searchScanMax posts per request; when the page is not full by then, the answer
   * carries a cursor at the last post read (issue 11: no request scans a million rows).
   */
  searchSlice: 1000,
  searchScanMax: 50_000,
  bioTruncate: 200,
  feedPageSize: 20,
  maxPageSize: 100,
  contactMessageMaxChars: 5000,
  /**
   * Every text a person types has a ceiling (issue 9): the database never holds a 100,000-character
   * name, and a token built from an account stays a few hundred bytes.
   */
  nameMaxChars: 120,
  /** RFC 5321's longest deliverable address. */
  emailMaxChars: 254,
  /** scrypt runs over the whole password: a ceiling keeps one login from costing a megabyte of hashing. */
  passwordMaxChars: 128,
  secretKeyMaxChars: 256,
  departmentMaxChars: 120,
  cityMaxChars: 100,
  landmarkMaxChars: 200,
  addressMaxChars: 500,
  pincodeMaxChars: 12,
  /** A stored file URL of ours is about 100 characters; this leaves room for PUBLIC_URL. */
  urlMaxChars: 2048,
  /** Largest vote count a filter or cursor may name: counts are 32-bit integer columns. */
  countMax: 2_147_483_647,
  /** Deepest nesting a JSON body may have; no request of the API nests beyond a few levels. */
  jsonDepthMax: 32,
} as const;

export const UI = {
  tokenStorageKey: 'token',
  toastErrorMs: 4000,
  toastSuccessMs: 2000,
  toastMax: 20,
  copyConfirmMs: 2000,
  drawerWidthPx: 250,
  footerYear: 2025,
  aiTypingMsPerChar: 15,
  aiScrollDelayMs: 100,
  citizenProfileDelayMs: 500,
  postMapZoom: 14,
  feedMapHeightUnits: 60,
  routeMapHeightPx: 400,
  routeMapZoom: 14,
  pickerCentre: { lat: 20.59, lng: 78.96 },
  pickerZoom: 5,
  pickerLocatedZoom: 15,
  coordinateDecimals: 5,
  socket: {
    timeout: 20000,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
    randomizationFactor: 0.5,
  },
} as const;

/** Where each role's dashboard lives (spec 2.1, 2.2). */
export const DASHBOARD_PATH: Record<Role, string> = {
  user: '/user/dashboard',
  government: '/government/dashboard',
  admin: '/admin/dashboard',
};
