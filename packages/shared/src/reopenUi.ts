/**
 * "Not fixed yet" with photos, the turned-down proof kept on the card, the rating on the timeline (first-use
 * polish). Apart from GOV_UI and MY_POSTS_UI, which the feed's first paint loads: these words go only with
 * the chunks that show them (a timeline, a rejected proof, the reporter's verdict).
 */
export const REOPEN_UI = {
  reopenPhotos: 'Photos of what is still wrong (optional)',
  reopenPhotosHint: 'Up to 6 photos, JPEG, PNG or WebP. The department sees them with your reason.',
  rejectedBadge: 'Rejected',
  rejectedProofHeading: 'Proof the reporter did not accept',
  rejectedReason: (reason: string) => `Reporter's reason: ${reason}`,
  reporterPhotos: "Reporter's photos of what is still wrong",
  timelineRating: (label: string) => `Rating: ${label}`,
} as const;
