/** The spec's user-facing texts (sections 2, 5, 7, 8), quoted exactly. Client and server both use them. */
export const TEXTS = {
  validation: {
    fillAllFields: 'Please fill in all fields',
    fillAllFieldsAdmin: 'Please fill all fields',
    fillRequiredFields: 'Please fill all required fields',
    invalidEmailAddress: 'Invalid email address',
    invalidEmailFormat: 'Invalid email format',
    passwordTooShort: 'Password must be at least 6 characters',
    passwordsDoNotMatch: 'Passwords do not match',
    phoneDigits: 'Phone must be exactly 10 digits',
    /** Issue 30: ten digits that are not an Indian mobile, or a landline without its STD code (normalizeIndianPhone). */
    phoneFormat: 'Enter a 10-digit mobile number or a landline with its STD code, for example 98765 43210 or 020 2550 1000',
    proofDocType: 'Proof document must be an image or a PDF',
    proofDocTooLarge: 'Proof document must be at most 5 MB',
    captionRequired: 'Caption is required.',
    imageRequired: 'Please upload at least one image.',
    stateRequired: 'Please select a state.',
    landmarkRequired: 'Please enter a landmark.',
    addressRequired: 'Please enter an address.',
    pincodeRequired: 'Please enter a pincode.',
    /** Issue 30: a report's pincode is six digits, the first 1 to 9 (PINCODE_PATTERN). */
    pincodeFormat: 'Pincode must be 6 digits and cannot start with 0.',
    locationRequired: 'Please select a location on the map.',
    /** Account settings (issue 17): the only languages there are. */
    languageInvalid: 'Language must be en or hi',
  },
  auth: {
    emailTaken: 'An account with this email already exists',
    invalidCredentials: 'Invalid email or password',
    invalidSecretKey: 'Invalid secret key',
    notGovernment: 'Access denied: Not a government account',
    /** The right password on the wrong login tab: say which tab the account belongs to. */
    useUserTab: 'This is a citizen account. Please log in on the User tab.',
    useGovernmentTab: 'This is a government account. Please log in on the Government tab.',
    useAdminTab: 'This is an admin account. Please log in on the Admin tab.',
    tokenMissing: 'Authentication required',
    tokenInvalid: 'Session expired. Please login again.',
    forbidden: 'You do not have permission to do that',
    rateLimited: 'Too many attempts. Please wait a minute and try again.',
    /** Issue 25: the account's sign-in budget is spent (any tab, any address); lockedSignInText picks one. */
    accountLockedMinute: 'Too many failed sign-in attempts for this account. Try again in a minute.',
    accountLockedMinutes: (minutes: number) => `Too many failed sign-in attempts for this account. Try again in ${minutes} minutes.`,
    accountLockedHours: (hours: number) => `Too many failed sign-in attempts for this account. Try again in ${hours} hours.`,
    invalidTokenLogin: 'Invalid token provided to login',
    decodeFailed: 'Failed to decode token',
  },
  success: {
    userRegistered: 'User registered successfully!',
    governmentRegistered: 'Government account registered!',
    userLoggedIn: 'User logged in!',
    governmentLoggedIn: 'Government logged in!',
    adminLoggedIn: 'Logged in as Admin',
    contactSent: 'Thank you! Your message has been sent.',
    postDeleted: 'Post deleted',
    postUpdated: 'Post updated',
    profileUpdated: 'Profile updated successfully',
    profileLinkCopied: 'Profile link copied to clipboard!',
    linkCopied: 'Link copied to clipboard!',
    userDeleted: 'User deleted',
    governmentDeleted: 'Government account deleted',
    governmentVerified: 'Government account verified',
  },
  errors: {
    signupFailed: 'Signup failed',
    loginFailed: 'Login failed',
    loadPosts: 'Failed to load posts',
    fetchPosts: 'Failed to fetch posts',
    fetchYourPosts: 'Failed to fetch your posts',
    submitVote: 'Failed to submit vote',
    addComment: 'Failed to add comment',
    addReply: 'Failed to add reply',
    deleteComment: 'Failed to delete comment',
    deleteReply: 'Failed to delete reply',
    verifyCompletion: 'Failed to verify completion',
    deletePost: 'Failed to delete post',
    updatePost: 'Failed to update post',
    updateProfile: 'Failed to update profile',
    fetchGovernments: 'Failed to fetch governments',
    verifyGovernment: 'Failed to verify government',
    deleteGovernment: 'Failed to delete government',
    fetchUsers: 'Failed to fetch users',
    deleteUser: 'Failed to delete user',
    advanceProgress: 'Failed to advance progress',
    goBackward: 'Failed to go backward',
    submitFinalUpdate: 'Failed to submit final update',
    fetchProfile: 'Failed to fetch profile',
    loadProfile: 'Failed to load profile.',
    createPost: 'Failed to create post',
    sendMessage: 'Failed to send message',
    loadDownvoted: 'Failed to load downvoted posts',
    unableShare: 'Unable to share or copy link',
    failedShare: 'Failed to share or copy link',
    copyLink: 'Failed to copy link',
    tokenNotFound: 'Token not found',
    loginToViewPost: 'Please login to view the post',
    loadPost: 'Failed to load post',
    aiWentWrong: '⚠️ Something went wrong.',
    locationDenied: 'Location permission denied or not available.',
    geolocationUnsupported: 'Geolocation is not supported by your browser.',
    sendContact: 'Failed to send message',
    networkUnavailable: 'Unable to connect to server. Please check your connection.',
  },
  http: {
    malformedJson: 'The request body is not valid JSON',
    malformedMultipart: 'The form data is malformed',
    /** The client closed the connection before its body arrived whole: nobody reads this answer, the log says it at info. */
    requestAborted: 'The request was cut off before it was complete',
    nulCharacter: 'Text must not contain NUL characters',
    invalidCursor: 'Invalid cursor',
    nestedTooDeeply: 'The request body is nested too deeply',
    invalidValue: 'The request contains a value that cannot be stored',
    unsupportedMediaType: 'Unsupported content type',
    bodyTooLarge: 'The request is too large',
    fileTooLarge: 'The file is too large',
    notFound: 'Not found',
    routeNotFound: 'Route not found',
    governmentNotFound: 'Government account not found',
    /** A write that refers to something deleted meanwhile (a foreign key the database refused). */
    goneMeanwhile: 'Something this request refers to was just deleted. Please reload and try again.',
    internal: 'Something went wrong on our side. Please try again.',
  },
  /** The answer to a department's progress move (the state is the wire value, English). */
  progressMoves: {
    updated: (to: string) => `Progress updated to ${to}`,
    movedBack: (to: string) => `Progress moved back to ${to}`,
  },
  notFoundPage: {
    code: '404',
    title: 'Lost in the city?',
    body: "Looks like the road you're trying to take doesn't exist. You might've taken a wrong turn.",
    action: 'Take me home',
  },
  empty: {
    notifications: 'No notifications yet.',
    posts: 'No posts available',
  },
} as const;

/**
 * What a sign-in to a locked account is told, with the wait rounded up (never "0 minutes"): a minute,
 * then minutes, then whole hours from two hours on.
 */
export function lockedSignInText(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  if (minutes === 1) return TEXTS.auth.accountLockedMinute;
  if (minutes < 120) return TEXTS.auth.accountLockedMinutes(minutes);
  return TEXTS.auth.accountLockedHours(Math.ceil(minutes / 60));
}
