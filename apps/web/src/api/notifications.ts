/**
 * The bell's notifications (docs/api.md "API beyond the spec"): pages newest first with the unread count,
 * marking read, and the cache edits the live connection makes (a new notification on top, a catch-up
 * after the connection was down). One cache entry per account, so a second account in the same tab
 * never sees the first one's list.
 */
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Language, NotificationItem, NotificationsPage } from '@civicpulse/shared';
import { call } from './client';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (accountId: string) => ['notifications', accountId] as const,
};

export type NotificationPages = InfiniteData<NotificationsPage, string | null>;

export function fetchNotifications(opts: { cursor?: string | null; after?: string; limit?: number }, signal?: AbortSignal) {
  const query = { cursor: opts.cursor || undefined, after: opts.after || undefined, limit: opts.limit || undefined };
  return call('GET /api/notifications', { query, signal });
}

export function notificationsQuery(accountId: string) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list(accountId),
    queryFn: ({ pageParam, signal }) => fetchNotifications({ cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: NotificationsPage) => last.nextCursor ?? null,
    enabled: accountId !== '',
  });
}

export function useNotifications(accountId: string) {
  return useInfiniteQuery(notificationsQuery(accountId));
}

/** The list with `edit` applied to every notification and the unread count replaced (when given). */
export function editNotificationsCache(client: QueryClient, accountId: string, edit: (n: NotificationItem) => NotificationItem, unreadCount?: number): void {
  client.setQueryData<NotificationPages>(notificationKeys.list(accountId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page, i) => ({
            ...page,
            notifications: page.notifications.map(edit),
            ...(i === 0 && unreadCount !== undefined ? { unreadCount } : {}),
          })),
        }
      : data,
  );
}

/**
 * Newer notifications on top of the list (live, or a catch-up), each once; the count rises with the
 * unread ones. A grouped item's update (same groupId, newer id) replaces its older copies.
 */
export function addNotifications(client: QueryClient, accountId: string, fresh: NotificationItem[], unreadCount?: number): boolean {
  const data = client.getQueryData<NotificationPages>(notificationKeys.list(accountId));
  const first = data?.pages[0];
  if (!data || !first) return false;
  const known = new Set(data.pages.flatMap((p) => p.notifications.map((n) => n.id)));
  let added = fresh.filter((n) => !known.has(n.id));
  if (added.length === 0 && unreadCount === undefined) return true;
  const keep = (n: NotificationItem) => !n.groupId || !added.some((a) => a.groupId === n.groupId && a.id > n.id);
  const unread = (list: NotificationItem[]) => list.filter((n) => !n.isRead).length;
  const dropped = unread(data.pages.flatMap((p) => p.notifications)) - unread(data.pages.flatMap((p) => p.notifications.filter(keep)));
  added = added.filter(keep);
  const nextFirst: NotificationsPage = {
    ...first,
    notifications: [...added, ...first.notifications.filter(keep)].sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)),
    unreadCount: unreadCount ?? first.unreadCount + unread(added) - dropped,
  };
  const rest = data.pages.slice(1).map((p) => ({ ...p, notifications: p.notifications.filter(keep) }));
  client.setQueryData<NotificationPages>(notificationKeys.list(accountId), { ...data, pages: [nextFirst, ...rest] });
  return true;
}

/**
 * After the first connection of a page: anything that arrived between loading the list and joining the
 * live connection. Newest id known: only what came after it; nothing known yet: the list again.
 */
export async function catchUpNotifications(client: QueryClient, accountId: string): Promise<void> {
  const key = notificationKeys.list(accountId);
  const data = client.getQueryData<NotificationPages>(key);
  const newest = data?.pages[0]?.notifications[0]?.id;
  if (!data || !newest) {
    // Still loading: that answer will include everything. Empty or failed: just load it again.
    if (client.getQueryState(key)?.fetchStatus !== 'fetching') await client.invalidateQueries({ queryKey: key });
    return;
  }
  // `after` pages forward (oldest of the missed first); a few pages, else the list again from the top.
  let after: string | null = newest;
  for (let round = 0; after && round < 5; round++) {
    const answer = await fetchNotifications({ after });
    addNotifications(client, accountId, answer.notifications, answer.unreadCount);
    after = answer.nextCursor;
  }
  if (after) await client.invalidateQueries({ queryKey: notificationKeys.list(accountId) });
}

/** A live push in the language this tab reads: its `translations` (issue 17), else the English it came in. */
export function inLanguage(item: NotificationItem, lang: Language): NotificationItem {
  const text = lang === 'en' ? undefined : item.translations?.[lang];
  const { translations: _others, ...rest } = item;
  return text ? { ...rest, title: text.title, message: text.message } : rest;
}
