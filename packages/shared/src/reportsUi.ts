/**
 * The public reports page, /reports (issue 27 item 1): every report for anyone, without an account,
 * filtered, sorted and paged. Its own object, loaded with the page only.
 */
export const REPORTS_UI = {
  heading: 'Reports',
  intro: 'Every report filed on CivicPulse, for anyone to read. Sign in to report, vote or comment.',
  search: 'Search',
  searchPlaceholder: 'Words in the report, or its reference number',
  category: 'Category',
  anyCategory: 'All categories',
  progress: 'Progress',
  anyProgress: 'Any progress',
  sort: 'Sort by',
  sorts: { newest: 'Newest first', oldest: 'Oldest first', mostUpvotes: 'Most upvoted' },
  apply: 'Search',
  loadMore: 'Load more',
  loading: 'Loading reports…',
  empty: 'No reports match these filters.',
  clearFilters: 'Clear filters',
  failed: 'Could not load reports. Please try again.',
  listLabel: 'Reports',
  allReports: 'See all reports',
} as const;
