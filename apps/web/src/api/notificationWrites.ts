/**
 * Marking notifications read (the bell's panel, loaded when it first opens: these carry the bell's
 * texts, which live in the shared live module, so they stay out of the first-paint bundle).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_TEXTS } from '@civicpulse/shared';
import { localized } from '../i18n';
import toast from '../toast';
import type { ApiBody } from '@civicpulse/shared';
import { call, errorMessage } from './client';
import { editNotificationsCache as editCache, notificationKeys, type NotificationPages as Pages } from './notifications';

export function markNotificationsRead(body: ApiBody<'PUT /api/notifications/read'>) {
  return call('PUT /api/notifications/read', { body });
}

/** One notification read (opening it from the bell): shown read at once, the server's count after. */
export function useMarkRead(accountId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => markNotificationsRead({ ids: [id] }),
    onMutate: (id) => {
      const data = client.getQueryData<Pages>(notificationKeys.list(accountId));
      const wasUnread = data?.pages.some((p) => p.notifications.some((n) => n.id === id && !n.isRead)) ?? false;
      const unread = data?.pages[0]?.unreadCount ?? 0;
      editCache(client, accountId, (n) => (n.id === id ? { ...n, isRead: true } : n), wasUnread ? Math.max(0, unread - 1) : undefined);
    },
    onSuccess: (answer) => editCache(client, accountId, (n) => n, answer.unreadCount),
    onError: (error) => {
      console.warn('Failed to mark the notification read', error);
      void client.invalidateQueries({ queryKey: notificationKeys.list(accountId) });
    },
  });
}

/** 'Mark all as read': the server's message as a toast (spec 4, after each successful write). */
export function useMarkAllRead(accountId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => markNotificationsRead({ all: true }),
    onSuccess: (answer) => {
      editCache(client, accountId, (n) => (n.isRead ? n : { ...n, isRead: true }), answer.unreadCount);
      toast.success(answer.message);
    },
    onError: (error) => {
      toast.error(errorMessage(error, localized(NOTIFICATION_TEXTS).failed));
      void client.invalidateQueries({ queryKey: notificationKeys.list(accountId) });
    },
  });
}
