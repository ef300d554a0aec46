import type { ChatMessage } from '@civicpulse/shared';
import { fileUrl } from '../../lib/urls.js';
import type { ChatRow } from './repo.js';

/** Spec 3 "Chat message" {userId, user, profilePic, msg, createdAt}, plus `_id`. */
export function presentMessage(row: ChatRow, origin: string): ChatMessage {
  return {
    _id: row.id,
    userId: row.author_id,
    user: row.author_name,
    profilePic: fileUrl(origin, row.author_photo),
    msg: row.body,
    createdAt: row.created_at,
  };
}
