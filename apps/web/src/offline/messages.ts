/** The service worker's message to a page after an API request it sent to the network: `{ type, ok }`. */
export const NETWORK_MESSAGE = 'civicpulse:network';
