/** The web app's own English texts for the 'posts' area (i18next namespace 'posts'). Interpolation: {{name}}; plurals: key_one / key_other. */
export const posts = {
  /** Document titles of the vote lists (their headings are POST_UI's). */
  titles: {
    upvoted: 'Upvoted Issues',
    downvoted: 'Downvoted Issues',
  },
  /** The dashboard's Posts screen (not built yet). */
  postsScreen: {
    title: 'Posts',
    purpose: 'Posts from across the community.',
  },
  timeline: {
    /** An entry whose actor has neither a name nor a known role. */
    someone: 'Someone',
    /** The first entry when the reporter's name is unknown. */
    aCitizen: 'A citizen',
    /** A rejected proof's thumbnail: "Proof that was not accepted: photo 1 of 3". */
    photoAlt: '{{label}}: photo {{index}} of {{total}}',
  },
  /** The reporter's rating of a fix (issue 16), as the verify dialog offers it (RATING_LABELS). */
  rating: {
    satisfied: 'Satisfied',
    neutral: 'Neutral',
    notSatisfied: 'Not satisfied',
  },
} as const;
