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
  /** A report's appeal against the fix (department teams): the post page's panel, its dialogs and the appeal lists' cards. */
  appeal: {
    heading: 'Appeal',
    intro: 'Not satisfied with how the department handled this report? You can appeal once. The department head, or an admin, answers within {{days}} days.',
    appeal: 'Appeal',
    dialogTitle: 'Appeal against the fix',
    dialogIntro: 'Say what is still wrong. The answer comes within {{days}} days and you are told it.',
    reasonLabel: 'Why are you appealing?',
    send: 'Send appeal',
    sending: 'Sending…',
    cancel: 'Cancel',
    status: {
      open: 'Appeal open',
      upheld: 'Appeal upheld',
      dismissed: 'Appeal dismissed',
    },
    dueBy: 'Answer due by {{date}}',
    overdue: 'Overdue',
    filedOn: 'Appealed on {{date}}',
    answeredOn: 'Answered on {{date}}',
    reason: 'Reason for the appeal',
    response: 'Answer',
    handlerHead: 'The department head answers this appeal.',
    handlerAdmin: 'An admin answers this appeal.',
    upheldMeaning: 'The department works on the report again.',
    dismissedMeaning: 'The report stays as it was.',
    answer: 'Answer the appeal',
    answerNamed: 'Answer the appeal on {{reference}}',
    answerTitle: 'Answer the appeal',
    outcomeLegend: 'Outcome',
    upheld: 'Upheld',
    upheldHint: 'The reporter is right: the report reopens at Work Started.',
    dismissed: 'Dismissed',
    dismissedHint: 'The fix stands: the report stays as it is.',
    responseLabel: 'Answer to the reporter',
    sendAnswer: 'Send answer',
    openReport: 'Open the report',
    loadFailed: 'The appeal could not be loaded.',
  },
  /** A department's open appeals (the government dashboard's Appeals page). */
  appealList: {
    title: 'Appeals',
    intro: 'Reporters who still find a fix wanting appeal against it. The head answers each within {{days}} days; the soonest due come first.',
    empty: 'No open appeals.',
    loadFailed: 'The appeals could not be loaded.',
    onlyHead: 'Only the department head answers appeals.',
  },
} as const;
