/**
 * Duplicate reports: a department handling either report, or an admin, marks a report as a duplicate
 * of another (its votes and followers go to the original, both timelines say so, its reporter is told)
 * and can take it back. No zod here: the post page, its timeline and the report form load these texts.
 */
export const DUPLICATE_LIMITS = {
  /** The original as typed: a reference number (`CP-MH-2026-000123`), a report's link or its id. */
  originalMaxChars: 300,
} as const;

/** The server's answers (refusals and successes). */
export const DUPLICATE_TEXTS = {
  originalRequired: 'Enter the reference number or link of the original report.',
  originalTooLong: `The reference or link can be at most ${DUPLICATE_LIMITS.originalMaxChars} characters.`,
  originalNotFound: 'No report has that reference number or link.',
  self: 'A report cannot be a duplicate of itself.',
  alreadyDuplicate: 'This report is already marked as a duplicate.',
  originalIsDuplicate: 'That report is itself a duplicate. Choose the report it repeats.',
  hasDuplicates: 'Other reports are duplicates of this one, so it cannot become a duplicate itself.',
  finished: 'A finished report cannot be merged. Only open reports can be marked as duplicates.',
  notAllowed: 'Only an admin, or a department one of the two reports is assigned to, can mark duplicates.',
  notDuplicate: 'This report is not marked as a duplicate.',
  marked: (reference: string) => `Marked as a duplicate of ${reference}. Its votes and followers moved there.`,
  unmarked: 'The report is no longer a duplicate. The votes and follows it had moved were taken back.',
  voteOnDuplicate: 'This report is a duplicate of another. Vote on the original report instead.',
} as const;

/** What the web app shows: the banner, the mark dialog, the timeline's sentences, the report form's hint. */
export const DUPLICATE_UI = {
  banner: (reference: string) => `Duplicate of ${reference} — follow that report`,
  bannerLink: 'Open the original report',
  markButton: 'Mark as duplicate',
  unmarkButton: 'Not a duplicate',
  dialogTitle: 'Mark as a duplicate',
  dialogIntro: 'Its voters and followers move to the original report, both timelines say so, and its reporter is told. You can undo it.',
  originalLabel: 'Reference number or link of the original report',
  originalHint: 'For example CP-MH-2026-000123, or the link of the report’s page.',
  confirm: 'Mark as duplicate',
  cancel: 'Cancel',
  saving: 'Saving…',
  unmarkTitle: 'Not a duplicate?',
  unmarkText: 'The votes and follows that moved to the original report are taken back, and both timelines say so.',
  unmarkConfirm: 'Yes, not a duplicate',
  followInstead: 'Follow this one instead',
  followedInstead: 'You follow this report now. Your draft is kept.',
  followFailed: 'Could not follow this report. Please try again.',
} as const;
