/** The contact form, and the admins' reading of what came in. */
import { z } from 'zod';
import { contactBody, messageAnswer, pageQuery } from '../schemas.js';
import { defineRoute } from './define.js';

export const contactMessageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  accountId: z.string().nullable(),
  createdAt: z.string(),
});
export const contactMessagesAnswer = z.object({ messages: z.array(contactMessageSchema), nextCursor: z.string().nullable() });

export const contactApi = {
  send: defineRoute({ method: 'POST', path: '/api/contact', body: contactBody, answer: { 201: messageAnswer } }),
  messages: defineRoute({ method: 'GET', path: '/api/admin/contactMessages', query: pageQuery, answer: { 200: contactMessagesAnswer } }),
};
