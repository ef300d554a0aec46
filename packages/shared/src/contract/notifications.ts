/** The bell's list and "Mark all as read". */
import { z } from 'zod';
import { NOTIFICATION_TYPES, markReadBody, notificationsQuery } from '../live.js';
import { defineRoute } from './define.js';

export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  postId: z.string().nullable(),
  link: z.string().nullable(),
  actorName: z.string(),
  createdAt: z.string(),
  /**
   * Grouped items (GROUPED_NOTIFICATION_TYPES): how many moves the item stands for (1 for any other),
   * and the id shared by an item and its later updates (each comes with a new id, on top): a client
   * holding an older copy with the same groupId drops it. null: never grouped.
   */
  count: z.number().int().optional(),
  groupId: z.string().nullable().optional(),
});
export const notificationsAnswer = z.object({ notifications: z.array(notificationSchema), unreadCount: z.number(), nextCursor: z.string().nullable() });
export const markReadAnswer = z.object({ message: z.string(), unreadCount: z.number() });

export const notificationsApi = {
  list: defineRoute({ method: 'GET', path: '/api/notifications', query: notificationsQuery, answer: { 200: notificationsAnswer } }),
  markRead: defineRoute({ method: 'PUT', path: '/api/notifications/read', body: markReadBody, answer: { 200: markReadAnswer } }),
};
