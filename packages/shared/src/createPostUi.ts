/**
 * Create Civic Issue's texts added after the spec (issue 30): Submit held while photos are prepared, and
 * the toast of a report submitted offline. Their own object, so the feed's first paint (which loads
 * POST_UI) does not carry them; the create form loads them with itself.
 */
export const CREATE_POST_UI = {
  /** Submit pressed while picked photos are still being resized: held, then sent. */
  preparingPhotos: 'Preparing photos…',
  preparingHeld: 'Your report is sent as soon as the photos are ready.',
  /** A report submitted without a connection: it waits in the outbox (WaitingToSend). */
  savedOffline: 'No connection: your report is saved on this device and will be sent when you are back online.',
};
