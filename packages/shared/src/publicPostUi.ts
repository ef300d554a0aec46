/**
 * The post page as a visitor without an account sees it (public reports). Its own object, not part of
 * POST_UI: only that page (loaded on demand) shows these texts, so the first paint does not carry them.
 */
/** The server's words for public reads (`GET /api/public/...`). */
export const PUBLIC_READ_TEXTS = {
  /** Past PUBLIC_READ_RATE_MAX reads per address per window. */
  tooManyReads: 'Too many requests from this address. Please wait a minute and try again.',
};

export const PUBLIC_POST_UI = {
  signInToTakePart: 'Sign in to vote and comment',
  reportedByResident: 'Reported by a resident',
  upvotes: (n: number) => (n === 1 ? '1 upvote' : `${n} upvotes`),
  downvotes: (n: number) => (n === 1 ? '1 downvote' : `${n} downvotes`),
  comments: (n: number) => (n === 1 ? '1 comment' : `${n} comments`),
  approximatePin: 'Until the report is resolved, its street address is not shown and the map shows its place to about 100 m.',
};
