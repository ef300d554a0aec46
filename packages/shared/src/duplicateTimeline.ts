/**
 * The timeline's sentences for duplicate reports. Apart from DUPLICATE_UI because the timeline is on the
 * feed's first paint: only these few words go there (perf budget), the rest loads with the post page.
 */
export const DUPLICATE_TIMELINE_UI = {
  duplicate: (reference: string) => `Marked as a duplicate of ${reference}`,
  merged: (reference: string) => `${reference} was merged into this report`,
  notDuplicate: (reference: string) => `No longer a duplicate of ${reference}`,
  unmerged: (reference: string) => `${reference} was separated from this report again`,
} as const;
