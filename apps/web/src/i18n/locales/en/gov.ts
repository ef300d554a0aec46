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
  /** The Team page's response templates (components/government/TemplatesEditor.tsx). */
  templates: {
    heading: 'Response templates',
    headIntro: 'Ready-made public notes. Every member can pick one when adding a public note to a report, then adjust it.',
    officerHint: 'Your department head keeps these templates. Pick one when you add a public note to a report.',
    empty: 'No response templates yet.',
    loading: 'Loading the response templates',
    loadFailed: 'The response templates could not be loaded.',
    addHeading: 'Add a template',
    titleLabel: 'Title',
    bodyLabel: 'Text',
    length: '{{used}} of {{max}} characters',
    count: '{{used}} of {{max}} templates',
    save: 'Save template',
    saving: 'Saving…',
    edit: 'Edit',
    editNamed: 'Edit the template {{title}}',
    delete: 'Delete',
    deleteNamed: 'Delete the template {{title}}',
    deleteTitle: 'Delete the template “{{title}}”?',
    deleteBody: 'Members will no longer be able to pick it. Notes already added to reports keep their text.',
    deleting: 'Deleting…',
    updated: 'Updated {{date}}',
  },
  /** The Team page's per-member figures (components/government/MemberFigures.tsx). */
  figures: {
    heading: 'Figures per member',
    caption: 'Figures per member of the department',
    note: 'Resolved: the reporter confirmed the fix. Median time to fix: from the report to that confirmation.',
    scrollHint: 'Scroll the table sideways for every column.',
    loading: 'Loading the figures',
    loadFailed: 'The figures could not be loaded.',
    member: 'Member',
    taken: 'Taken over',
    resolved: 'Resolved',
    median: 'Median time to fix',
    rejected: 'Rejected fixes',
    open: 'Open now',
  },
} as const;
