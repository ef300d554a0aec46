/** The web app's own English texts for the 'gov' area (i18next namespace 'gov'). Interpolation: {{name}}; plurals: key_one / key_other. */
export const gov = {
  /** The three side menus of spec 2.5 (components/dashboardMenus.ts). */
  /** The department's dashboard home. */
  home: {
    welcome: 'Welcome',
    welcomeName: 'Welcome, {{name}}',
    intro: 'Monitor public reports, update their statuses and track the progress of every issue your department has taken over.',
    viewPostsBody: 'Reports waiting for a department to take them over.',
    viewProgressBody: 'Advance the issues your department is working on.',
    resolvedIssuesBody: 'Work your department has completed.',
  },
  /** The department lists' seven sorts (spec 2.11; GOV_SORT_OPTIONS holds the values). */
  sort: {
    default: 'Default Order',
    mostUpvotes: 'Most Upvoted',
    leastUpvotes: 'Least Upvoted',
    mostDownvotes: 'Most Downvoted',
    leastDownvotes: 'Least Downvoted',
    newest: 'Newest First',
    oldest: 'Oldest First',
  },
  jurisdiction: {
    atMost: 'At most {{max}}',
  },
} as const;
