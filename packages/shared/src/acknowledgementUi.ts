/**
 * The printable acknowledgement of a report (/post/{id}/acknowledgement) and the post page's link to it.
 * Its own object, not part of POST_UI: only the post page and the acknowledgement (both loaded on demand)
 * show these texts, so they stay out of the feed's first paint.
 */
export const ACKNOWLEDGEMENT_UI = {
  link: 'Print acknowledgement',
  heading: 'Acknowledgement',
  intro: 'CivicPulse has received this report. Quote its reference number whenever you follow it up.',
  referenceNumber: 'Reference number',
  filedOn: 'Filed on',
  category: 'Category',
  print: 'Print',
  backToReport: 'Back to the report',
};
