/** Community Chat over the API (spec 7 "Chat", docs/api.md "Live connection"): history pages and the send. */
import type { ChatMessage } from '@civicpulse/shared';
import { api } from './client';

/** Newest first (spec): the newest page, an older one (`before`), or what came after a message (`after`). */
export function fetchMessages(opts: { before?: string; after?: string; limit?: number } = {}, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (opts.before) params.set('before', opts.before);
  if (opts.after) params.set('after', opts.after);
  if (opts.limit) params.set('limit', String(opts.limit));
  const query = params.toString();
  return api<ChatMessage[]>(`/api/user/getMessage${query ? `?${query}` : ''}`, { signal });
}

/** Saves the message; the server then sends it to every signed-in citizen as `receive_message`. */
export function sendMessage(msg: string) {
  return api<{ message: string; data: ChatMessage }>('/api/user/sendMessage', { json: { msg } });
}
