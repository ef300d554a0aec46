/** Community Chat (spec 7 "Chat"): history newest first (a bare array), and the send. */
import { z } from 'zod';
import { getMessagesQuery, sendMessageBody } from '../live.js';
import { defineRoute } from './define.js';

/** Spec 3 "Chat message", plus `_id` (history paging, dedupe). */
export const chatMessageSchema = z.object({ _id: z.string(), userId: z.string(), user: z.string(), profilePic: z.string(), msg: z.string(), createdAt: z.string() });

export const chatApi = {
  history: defineRoute({ method: 'GET', path: '/api/user/getMessage', query: getMessagesQuery, answer: { 200: z.array(chatMessageSchema) } }),
  send: defineRoute({ method: 'POST', path: '/api/user/sendMessage', body: sendMessageBody, answer: { 201: z.object({ message: z.string(), data: chatMessageSchema }) } }),
};
