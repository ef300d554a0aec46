/**
 * The web app's texts for the department screens (spec 2.11, 4) and the progress timeline. Quoted spec
 * texts are exact; the rest is our own wording, kept here so the screens and the browser tests agree.
 */
import { progressLabel } from './progress.js';
import { TIMELINE_UI } from './postCardUi.js';

export const GOV_UI = {
  /** The card's timeline and final proof (the feed's first paint imports TIMELINE_UI alone). */
  ...TIMELINE_UI,
  viewIssuesHeading: 'All Civic Posts',
  viewProgressHeading: 'All Civic Posts',
  resolvedHeading: 'All Resolved Civic Posts',
  viewIssuesIntro: 'Reports that no department has taken over yet. Advancing one takes it over for your department.',
  viewProgressIntro: 'Issues your department has taken over and is still working on.',
  resolvedIntro: 'Issues your department finished and their reporters confirmed.',
  emptyUnassigned: 'No posts found matching your filters.',
  emptyAssigned: 'No posts found.',
  emptyResolved: 'No resolved posts found.',
  loadingPosts: 'Loading posts...',
  loadMore: 'Load more',
  loadingMore: 'Loading more posts...',
  retry: 'Try again',

  filters: 'Filters',
  priorityFilter: 'Priority',
  sortBy: 'Sort by',
  allPriorities: 'All',
  clearFilters: 'Clear Filters',
  activeFilters: 'Active filters',
  chipPriority: (p: string) => `Priority: ${p}`,
  chipSort: (label: string) => `Sort: ${label}`,
  removeFilter: (label: string) => `Remove filter ${label}`,
  showing: (x: number, y: number) => `Showing ${x} of ${y} posts`,

  reportedBy: 'Reported by',
  advance: 'Advance Progress',
  submitFinal: 'Submit Final Update',
  submitting: 'Submitting...',
  completed: 'Completed',
  goBack: 'Go Back',
  working: 'Updating...',
  takeOverHint: 'Advancing this issue takes it over for your department.',
  pendingDisabled: 'Taking over issues is disabled until an admin verifies your department.',
  waitingHint: 'Waiting for the reporter to verify the work. Progress cannot move until they answer.',
  finalHint: 'The next step needs a final update: describe the work and add photos of it.',
  completedHint: 'The reporter confirmed the fix. This issue is resolved.',

  pendingTitle: 'Your account is pending verification',
  pendingBody:
    'An admin has to verify your department before it can take over issues. Until then you can browse reports, vote and comment; the take-over buttons stay disabled.',

  finalFormTitle: 'Final update',
  finalCaption: 'What was done',
  finalCaptionPlaceholder: 'Describe the finished work (for example: pothole filled and resurfaced)',
  finalImages: 'Photos of the finished work',
  finalImagesHint: 'JPEG, PNG or WebP, 1 to 6 photos of at most 10 MB each.',
  cancel: 'Cancel',
  uploading: (percent: number) => `Uploading photos: ${percent}%`,

  showRoute: 'Show route',
  hideRoute: 'Hide route',
  routeMapLabel: 'Route from your position to the issue',
  routeMapLabelFor: (caption: string) => `Route from your position to the issue: ${caption}`,
  locating: 'Finding your position...',
  routeLoading: 'Finding a route...',
  locationDeniedRoute: "Your position is not available (location permission denied or not available), so the map shows the issue's location only.",
  geolocationUnsupportedRoute: "Your browser cannot share your position, so the map shows the issue's location only.",
  routeFailed: "The route could not be loaded, so the map shows the issue's location only.",
  yourPosition: 'Your position',
  issueLocation: 'Reported Location',
  straightLine: (distance: string) =>
    `No road route is available here, so the map draws a straight line between you and the issue: ${distance}.`,
  drivingRoute: (distance: string, duration: string | null) =>
    duration ? `Driving route: ${distance}, about ${duration}.` : `Driving route: ${distance}.`,
  directionsLink: 'Directions on OpenStreetMap',
  fitRoute: 'Show the whole route',
  /** "1.2 km" / "850 m" in the reader's language. */
  distance: (meters: number) => formatDistance(meters),
  /** "25 min" / "1 h 5 min" in the reader's language; null when unknown. */
  duration: (seconds: number | null) => formatDuration(seconds),

  noHistory: 'No progress yet: no department has taken this issue over.',
  reported: (name: string) => `${name} reported the issue`,
  tookOver: (name: string) => `${name} took it over and marked it Problem Seen`,
  movedTo: (name: string, to: string) => `${name} moved it to ${to}`,
  movedBack: (name: string, to: string) => `${name} moved it back to ${to}`,
  released: (name: string) => `${name} released it (back to ${progressLabel('Unseen')})`,
  releasedByAdmin: `The department that held it was removed by an admin; back to ${progressLabel('Unseen')}`,
  // Department teams: the member behind a department's move, transfers and appeals.
  madeBy: (name: string) => `by ${name}`,
  timelineTransferred: (from: string, to: string) => `${from} transferred it to ${to}`,
  timelineTriage: (from: string) => `${from} handed it to the admins to find the right department`,
  timelineAppealed: 'The reporter appealed against the fix',
  timelineAppealUpheld: (name: string) => `${name} upheld the appeal: the work goes on`,
  timelineAppealDismissed: (name: string) => `${name} dismissed the appeal`,
  submittedFinal: (name: string) => `${name} submitted the final update and asked the reporter to verify`,
  reporterConfirmed: 'Reporter confirmed the fix',
  /** Without a reason in the public view of a report (a citizen's words stay private there). */
  reporterRejected: (reason: string) => (reason ? `Reporter said it is not fixed yet: ${reason}` : 'Reporter said it is not fixed yet'),
  rejectedProof: 'Proof that was not accepted',
  by: (name: string, role: string) => `by ${name} (${role})`,
  roleLabel: { user: 'citizen', government: 'department', admin: 'admin' } as Record<string, string>,
  roleTitle: { user: 'Citizen', government: 'Department', admin: 'Admin' } as Record<string, string>,
  resolvedCount: (n: number) => `${n} resolved ${n === 1 ? 'issue' : 'issues'}`,
} as const;

/** "1.2 km" / "850 m". */
export function formatDistance(meters: number): string {
  return meters < 1000 ? `${Math.round(meters)} m` : `${(meters / 1000).toFixed(1)} km`;
}

/** "25 min" / "1 h 5 min"; null when unknown. */
export function formatDuration(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds)) return null;
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
