/** Community Chat over the API (spec 7 "Chat", docs/api.md "Live connection"): history pages and the send. */
import { call } from './client';

/** Newest first (spec): the newest page, an older one (`before`), or what came after a message (`after`). */
export function fetchMessages(opts: { before?: string; after?: string; limit?: number } = {}, signal?: AbortSignal) {
  const query = { before: opts.before || undefined, after: opts.after || undefined, limit: opts.limit || undefined };
  return call('GET /api/user/getMessage', { query, signal });
}

/** Saves the message; the server then sends it to every signed-in citizen as `receive_message`. */
export function sendMessage(msg: string) {
  return call('POST /api/user/sendMessage', { body: { msg } });
}
