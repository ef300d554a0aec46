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
  state: 'State',
  anyState: 'All states',
  city: 'City or town',
  pincode: 'Pincode',
  pincodeInvalid: 'Enter the 6-digit pincode.',
  searchedSoFar: 'No matches among the reports searched so far.',
  searchFurther: 'Search further',
  map: 'Map of reports',
  mapHint: 'Numbers are groups of reports: select one to zoom in. The map follows the category and progress chosen; words and place narrow the list below.',
  mapCluster: (n: number) => (n === 1 ? '1 report here. Zoom in' : `${n} reports here. Zoom in`),
  mapTruncated: (n: number) => `Showing ${n} reports in this view. Zoom in to see every one.`,
  mapFailed: 'Could not load the map. The list below still works.',
  openReport: 'Open report',
} as const;

/** The server's answers to a bad public list or map request. */
export const REPORTS_TEXTS = {
  invalidState: 'state must be one of the Indian states and union territories',
  cityTooLong: 'city must be at most 100 characters',
  invalidPincode: 'pincode must be 6 digits and cannot start with 0',
  invalidBbox: 'bbox must be minLng,minLat,maxLng,maxLat',
};
