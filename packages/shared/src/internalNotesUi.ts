/**
 * Internal notes on a report: what a department writes down for itself (who was called, what the site
 * visit found), read only by the department handling the report and by admins, never by the reporter
 * or the public. No zod here: the post page loads these texts with itself.
 */
export const INTERNAL_NOTES_TEXTS = {
  bodyRequired: 'Write the note first.',
  bodyTooLong: 'A note can be at most 2000 characters.',
  notYours: 'Only the department handling this report and admins can read or write its internal notes.',
  added: 'Note added.',
};

export const INTERNAL_NOTES_UI = {
  heading: 'Internal notes',
  hint: 'Only your department and admins see these notes. The reporter and the public do not.',
  label: 'New internal note',
  add: 'Add note',
  adding: 'Adding…',
  empty: 'No internal notes yet.',
  loadMore: 'Show older notes',
  failed: 'Could not load the notes. Please try again.',
  byline: (name: string) => `by ${name}`,
};
