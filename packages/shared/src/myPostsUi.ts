/**
 * The web app's texts for My Issues (spec 2.10): the filter bar, the edit modal, the delete confirmation
 * and the reporter's verdict on a resolution. Quoted spec texts live in TEXTS / POST_TEXTS; the rest is our
 * own wording, kept here so the screen and the browser test read the same words.
 */
import type { MY_POSTS_SORTS } from './posts.js';
import { PLACE_UI } from './postCardUi.js';

export const MY_POSTS_UI = {
  /** The place line's country (the feed's cards import PLACE_UI alone). */
  ...PLACE_UI,
  heading: 'My Issues',
  intro: 'Every issue you have reported, with its status and progress. Edit or delete a report, and confirm when the work is done.',
  reportIssue: 'Report an issue',
  loading: 'Loading your issues...',

  filtersLabel: 'Filter your issues',
  sortBy: 'Sort by',
  sortLabels: {
    newest: 'Newest',
    oldest: 'Oldest',
    mostUpvotes: 'Most upvotes',
    mostDownvotes: 'Most downvotes',
  } satisfies Record<(typeof MY_POSTS_SORTS)[number], string>,
  priority: 'Priority',
  allPriorities: 'All',
  minUpvotes: 'Minimum upvotes',
  minDownvotes: 'Minimum downvotes',
  clearFilters: 'Clear filters',
  showing: (count: number, more: boolean) => `Showing ${count}${more ? '+' : ''} ${count === 1 && !more ? 'issue' : 'issues'}`,

  emptyTitle: "You haven't reported any issues yet",
  emptyBody: 'Spotted a pothole, a broken streetlight or overflowing garbage? Report it and track it here until it is fixed.',
  emptyAction: 'Report your first issue',
  noMatchTitle: 'No issues match these filters',
  noMatchBody: 'Try a different priority or lower the minimum vote counts.',

  edited: 'edited',
  editedTitle: (when: string) => `Edited ${when}`,

  edit: 'Edit',
  editLabel: (caption: string) => `Edit “${caption}”`,
  delete: 'Delete',
  deleteLabel: (caption: string) => `Delete “${caption}”`,

  editHeading: 'Edit issue',
  editIntro: 'Change the caption, the location or the priority. Photos cannot be changed after reporting.',
  save: 'Save changes',
  saving: 'Saving...',
  cancel: 'Cancel',
  close: 'Close',

  deleteHeading: 'Delete this issue?',
  deleteBody: (caption: string) =>
    `“${caption}” will be removed for good, with its photos, votes and comments. This cannot be undone.`,
  deleteConfirm: 'Delete issue',
  deleting: 'Deleting...',

  verdictHeading: 'Is the problem fixed?',
  verdictIntro: 'The department says the work is done. Check their proof, then confirm it or tell them what is still wrong.',
  verify: 'Verify completion',
  verifying: 'Verifying...',
  verifyHeading: 'Confirm the issue is fixed?',
  verifyBody: 'The issue will be marked Finished and Resolved, and the department can no longer continue the work on it.',
  notFixed: 'Not fixed yet',
  reasonLabel: 'What is still not fixed?',
  reasonHint: 'The department sees this and continues the work.',
  reasonPlaceholder: 'For example: the pothole was filled but the road is still broken near the bus stop.',
  sendReason: 'Send to the department',
  sendingReason: 'Sending...',
  resolvedNote: 'You confirmed this issue is fixed.',
  /** Under resolvedNote: why a resolved report has no Edit or Delete (policies/posts.ts). */
  resolvedLocked: 'It can no longer be edited or deleted. You can still comment on it.',
} as const;
